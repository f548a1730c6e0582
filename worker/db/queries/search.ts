export interface SearchHit {
  kind: "complex" | "subway" | "developer" | "district";
  entity_id: number;
  extra: string;
}

/** «ё» is «е» in the index; each word of the query is a prefix. */
export function ftsQuery(keyword: string): string | null {
  const words = keyword
    .replace(/ё/g, "е")
    .replace(/Ё/g, "Е")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .slice(0, 6);
  if (!words.length) return null;
  return words.map((w) => `"${w}"*`).join(" ");
}

export async function searchEntities(db: D1Database, keyword: string, perKind: number): Promise<SearchHit[]> {
  const match = ftsQuery(keyword);
  if (!match) return [];
  const { results } = await db
    .prepare(
      `SELECT kind, entity_id, extra FROM (
         SELECT kind, entity_id, extra, row_number() OVER (PARTITION BY kind ORDER BY rank) AS n
         FROM search_entities WHERE search_entities MATCH ?1
       ) WHERE n <= ?2`,
    )
    .bind(match, perKind)
    .all<SearchHit>();
  return results;
}

export interface EntityRef {
  id: number;
  name: string;
  slug: string;
  extra: string | null;
  /** A station's line number («2», «МЦК», «D4»); null for other kinds. */
  line: string | null;
}

/** Slugs and context of the hits, one query per kind. */
export async function describeHits(db: D1Database, hits: SearchHit[]) {
  const ids = (kind: SearchHit["kind"]) => hits.filter((h) => h.kind === kind).map((h) => h.entity_id);
  const q = (sql: string, list: number[]) =>
    list.length
      ? db
          .prepare(sql.replace("?IDS", list.map((_, i) => `?${i + 1}`).join(", ")))
          .bind(...list)
          .all<EntityRef>()
          .then((r) => r.results)
      : Promise.resolve([] as EntityRef[]);
  const [complexes, subways, developers, districts] = await Promise.all([
    q(
      "SELECT id, name, slug, address AS extra, NULL AS line FROM residential_complexes WHERE id IN (?IDS) AND is_published = 1",
      ids("complex"),
    ),
    q(
      "SELECT s.id, s.name, s.slug, l.color AS extra, l.number AS line FROM subway_stations s JOIN lines l ON l.id = s.line_id WHERE s.id IN (?IDS)",
      ids("subway"),
    ),
    q(
      "SELECT id, name, slug, NULL AS extra, NULL AS line FROM companies WHERE id IN (?IDS)",
      ids("developer"),
    ),
    q(
      "SELECT id, name, slug, kind AS extra, NULL AS line FROM districts WHERE id IN (?IDS)",
      ids("district"),
    ),
  ]);
  return { complexes, subways, developers, districts };
}
