export interface SearchHit {
  kind: "complex" | "subway" | "developer" | "district";
  entity_id: number;
  extra: string;
}

/** Words a buyer puts before or after a name to say what it is: dropped from the match, they narrow the kinds. */
const KIND_WORDS: Record<string, SearchHit["kind"]> = {
  м: "subway",
  метро: "subway",
  ст: "subway",
  станция: "subway",
  мцк: "subway",
  мцд: "subway",
  жк: "complex",
  комплекс: "complex",
  р: "district",
  рн: "district",
  район: "district",
  застройщик: "developer",
  девелопер: "developer",
};
/** Words that name no entity of the index: «г. Химки», «улица …», «жилой комплекс …». */
const FILLERS = new Set(["г", "город", "ул", "улица", "жилой"]);

const LATIN_KEYS = "qwertyuiop[]asdfghjkl;'zxcvbnm,.`";
const RUSSIAN_KEYS = "йцукенгшщзхъфывапролджэячсмитьбюё";
/** Text typed with the English layout on for Russian («cjrjk» is «сокол»). */
const fromLatinKeys = (text: string) =>
  text.replace(/[a-z[\];',.`]/g, (ch) => RUSSIAN_KEYS[LATIN_KEYS.indexOf(ch)] ?? ch);

const TRANSLIT: [RegExp, string][] = [
  [/shch|sch/g, "щ"],
  [/zh/g, "ж"],
  [/kh/g, "х"],
  [/ts/g, "ц"],
  [/ch/g, "ч"],
  [/sh/g, "ш"],
  [/yu|iu/g, "ю"],
  [/ya|ia/g, "я"],
  [/yo/g, "е"],
  [/ye/g, "е"],
  [/[iy]y\b/g, "ий"],
];
const TRANSLIT_LETTERS: Record<string, string> = {
  a: "а",
  b: "б",
  c: "к",
  d: "д",
  e: "е",
  f: "ф",
  g: "г",
  h: "х",
  i: "и",
  j: "й",
  k: "к",
  l: "л",
  m: "м",
  n: "н",
  o: "о",
  p: "п",
  q: "к",
  r: "р",
  s: "с",
  t: "т",
  u: "у",
  v: "в",
  w: "в",
  x: "кс",
  y: "ы",
  z: "з",
};
/** A Russian name written in Latin letters («sokol», «khimki», «savelovskaya»), back in Cyrillic. */
const fromTranslit = (text: string) =>
  TRANSLIT.reduce((t, [from, to]) => t.replace(from, to), text).replace(
    /[a-z]/g,
    (ch) => TRANSLIT_LETTERS[ch] ?? ch,
  );

const wordsOf = (text: string) => text.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 0);

export interface SearchQuery {
  /** The full-text match: each word a prefix, the words of one reading together, the readings as alternatives. */
  match: string;
  /** The kinds a word of the query named («м. Сокол»: stations), or null for all. */
  kinds: SearchHit["kind"][] | null;
}

/**
 * What a buyer typed, as a match of the index (one place for every reading of it: the header's box and the
 * search page alike). «ё» is «е» in the index; a word saying what the name is («м.», «метро», «ЖК», «р-н»,
 * «застройщик») narrows the kinds instead of having to be found, and «г.», «улица» are left out, when other
 * words remain; Latin letters are read three ways: as typed (Latin names), as typed with the English layout on,
 * and as a transliteration.
 */
export function searchQuery(keyword: string): SearchQuery | null {
  const text = keyword.toLowerCase().replace(/ё/g, "е");
  const readings = /[a-z]/.test(text) ? [text, fromLatinKeys(text), fromTranslit(text)] : [text];
  const kinds = new Set<SearchHit["kind"]>();
  const matches = new Set<string>();
  for (const [i, reading] of readings.entries()) {
    const all = wordsOf(reading.replace(/р-н/g, "район"));
    const names = all.filter((w) => !(w in KIND_WORDS) && !FILLERS.has(w));
    if (names.length) for (const w of all) if (KIND_WORDS[w]) kinds.add(KIND_WORDS[w]);
    // A converted reading keeps words of two letters or more: one letter would begin half the index.
    const words = (names.length ? names : all).filter((w) => i === 0 || w.length > 1).slice(0, 6);
    if (words.length) matches.add(`(${words.map((w) => `"${w}"*`).join(" ")})`);
  }
  if (!matches.size) return null;
  return { match: [...matches].join(" OR "), kinds: kinds.size ? [...kinds] : null };
}

export async function searchEntities(db: D1Database, keyword: string, perKind: number): Promise<SearchHit[]> {
  const query = searchQuery(keyword);
  if (!query) return [];
  const { results } = await db
    .prepare(
      `SELECT kind, entity_id, extra FROM (
         SELECT kind, entity_id, extra, row_number() OVER (PARTITION BY kind ORDER BY rank) AS n
         FROM search_entities WHERE search_entities MATCH ?1
           AND (?3 IS NULL OR kind IN (SELECT value FROM json_each(?3)))
       ) WHERE n <= ?2`,
    )
    .bind(query.match, perKind, query.kinds && JSON.stringify(query.kinds))
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
          .prepare(sql.replace("?IDS", "SELECT value FROM json_each(?1)"))
          .bind(JSON.stringify(list))
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
