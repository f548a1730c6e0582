/**
 * Imports a developer's YRL feed into the catalogue. The offers stream through the parser into a staging area
 * of the run; nothing in the catalogue changes until the whole file has been read, so a broken file fails its
 * run with the catalogue untouched. Then, in chunks: developers, complexes (developer + yandex-building-id or
 * building-name) and houses (yandex-house-id or building-section) are found or created, apartments (feed +
 * internal-id) updated or added, prices recorded, apartments gone from the feed marked sold, aggregates
 * recomputed. Each invalid offer is reported with its id and a Russian reason, never silently dropped.
 */
import { countOf } from "../../shared/format";
import { encodePlan, generatePlan } from "../../shared/plan";
import { slugify } from "../../shared/slug";
import { refreshAggregates } from "../db/queries/aggregates";
import {
  applyStagedOffers,
  type DistrictRow,
  dropRepeatedOffers,
  ensureFeed,
  type FeedRow,
  finishCatalogue,
  finishRun,
  insertDeveloper,
  type LocalityRow,
  linkStagedHouse,
  loadMatchingData,
  markMissingSold,
  type RunCounts,
  type StagedOffer,
  stagedSeqRange,
  stageOffers,
  startRun,
  upsertComplex,
  upsertComplexStation,
  upsertHouse,
} from "../db/queries/feeds";
import { haversineKm, Random } from "../db/seed/prng";
import { logEvent } from "../log";
import { FeedError, readYrl, type YrlOffer } from "./yrl-parser";

export interface Issue {
  /** The offer's internal-id, or «—» when it has none. */
  id: string;
  line: number;
  reason: string;
  /** Whether the offer was left out (else it was imported and only this detail was dropped). */
  skipped: boolean;
}

export interface RunSummary extends RunCounts {
  runId: number;
  status: "ok" | "failed";
  message: string | null;
  issues: Issue[];
}

/** Issues kept per run (all are counted). */
const MAX_ISSUES = 1000;
/** Offers per staging statement and per write transaction. */
/** Staged offers travel as one JSON parameter of up to this many characters (D1 takes up to 2 MB). */
const STAGE_CHARS = 500_000;
/** Offers per write transaction. */
const APPLY_CHUNK = 5000;
/** A feed may hold this many complexes and houses; more is a broken feed, and would be a lot to hold in memory. */
const MAX_COMPLEXES = 2000;
const MAX_HOUSES = 10_000;
/** Names and ids longer than this are not names. */
const MAX_TEXT = 300;
const MAX_URL = 2048;

const COLORS = [
  "#2f6fde",
  "#0f8a6a",
  "#b4531f",
  "#7b4fd6",
  "#c2185b",
  "#00838f",
  "#5d7a1f",
  "#8d5524",
  "#455a64",
];

/** Names compared the way people write them: case, «ё», quotes and spaces do not matter. */
export const fold = (s: string) =>
  s
    .normalize("NFC")
    .toLowerCase()
    .replace(/ё/g, "е")
    .replace(/[«»"'“”„]/g, "")
    .replace(/\s+/g, " ")
    .trim();

const LOCALITY_PREFIX =
  /^(г\.|город|пос\.|поселок|поселение|п\.|рп|пгт|дп|д\.|деревня|с\.|село|городской округ|г\.\s?о\.)\s*/;
const STATION_PREFIX = /^(м\.|метро|станция|мцк|мцд)\s*/;

const YES = new Set(["да", "true", "1", "+", "yes"]);
const NO = new Set(["нет", "false", "0", "-", "no"]);

const r1 = (n: number) => Math.round(n * 10) / 10;

function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Finishing by the feed's words: 1 предчистовая, 2 без отделки, 3 чистовая, 4 с мебелью/дизайнерская. */
function otdelkaOf(renovation: string | undefined): number {
  const r = fold(renovation ?? "");
  if (/предчист|white ?box/.test(r)) return 1;
  if (/дизайн|мебел/.test(r)) return 4;
  if (/чистов|под ключ|евро|косметич|с отделкой/.test(r)) return 3;
  return 2;
}

/** Class by the price of a metre, when the feed says nothing of it. */
function classOf(priceM2: number): number {
  return priceM2 < 180_000 ? 1 : priceM2 < 300_000 ? 2 : priceM2 < 450_000 ? 3 : priceM2 < 700_000 ? 4 : 5;
}

/** «1» → «Корпус 1»; «корпус А», «Строение 2» stay as written. */
const sectionName = (section: string) =>
  /^\d/.test(section) ? `Корпус ${section}` : section.charAt(0).toUpperCase() + section.slice(1);

interface Matching {
  localities: Map<string, LocalityRow>;
  districts: DistrictRow[];
  stations: Map<string, number>;
  /** Developers by folded name. */
  developers: Map<string, { id: number; name: string }>;
}

async function loadMatching(db: D1Database): Promise<Matching> {
  const data = await loadMatchingData(db);
  const localities = new Map<string, LocalityRow>();
  for (const l of data.localities) {
    for (const key of [fold(l.name), fold(l.name).replace(LOCALITY_PREFIX, "")]) {
      if (!localities.has(key)) localities.set(key, l);
    }
  }
  const stations = new Map<string, number>();
  for (const s of data.stations) if (!stations.has(fold(s.name))) stations.set(fold(s.name), s.id);
  return {
    localities,
    districts: data.districts,
    stations,
    developers: new Map(data.developers.map((d) => [fold(d.name), d])),
  };
}

interface HouseDraft {
  key: string;
  feedKey: string;
  name: string;
  floors: number;
  stage: number;
  finished: boolean;
  year: number;
  quarter: number;
}

interface ComplexDraft {
  developer: string;
  developerSite: string;
  developerPhone: string;
  feedKey: string;
  name: string;
  locality: LocalityRow;
  address: string;
  lat: number;
  lng: number;
  priceM2: number;
  houses: Map<string, HouseDraft>;
  /** Station id → how far: on foot (1) or by transport (2), minutes. */
  stations: Map<number, { type: number; minutes: number }>;
}

/** Reads numbers as feeds write them: spaces between digits, a decimal comma. */
function parseNumber(text: string): number {
  return Number(text.replace(/[\s\u00a0]/g, "").replace(",", "."));
}

/** The checks of one offer: reasons to leave it out and details that were dropped. */
class OfferCheck {
  readonly reasons: string[] = [];
  readonly warnings: string[] = [];

  /** A number within [min, max]: missing or wrong, a required one rejects the offer, another is dropped. */
  number(
    tag: string,
    raw: string | undefined,
    need: string,
    [min, max]: [number, number],
    { integer = false, required = false } = {},
  ): number | undefined {
    if (raw === undefined) {
      if (required) this.reasons.push(`не указано ${tag} — ожидается ${need}`);
      return undefined;
    }
    const n = parseNumber(raw);
    if (n >= min && n <= max && (!integer || Number.isInteger(n))) return n;
    (required ? this.reasons : this.warnings).push(
      `${tag} = «${raw.slice(0, 40)}», а ожидается ${need}${required ? "" : " — значение пропущено"}`,
    );
    return undefined;
  }

  /** A word the feed must have one of, when it is there at all. */
  oneOf(tag: string, raw: string | undefined, allowed: string[], because: string): void {
    if (raw !== undefined && !allowed.includes(fold(raw)))
      this.reasons.push(`${tag} = «${raw.slice(0, 40)}»: ${because}`);
  }
}

/** Moscow and the oblast, with a margin: coordinates outside are a mistake in the feed. */
const inRegion = (lat: number, lng: number) => lat > 54 && lat < 57.5 && lng > 35 && lng < 40.5;

interface Accepted {
  staged: StagedOffer;
  complexKey: string;
  complex: Omit<ComplexDraft, "houses" | "stations">;
  house: Omit<HouseDraft, "key">;
  stations: { id: number; type: number; minutes: number }[];
}

function checkOffer(o: YrlOffer, m: Matching, fallbackDeveloper: string | null, now: Date, c: OfferCheck) {
  c.oneOf("type", o.type, ["продажа", "sale"], "импортируются только объявления о продаже");
  c.oneOf("category", o.category, ["квартира", "flat"], "импортируются только квартиры");
  c.oneOf("price/currency", o.currency, ["rub", "rur", "руб", "₽"], "цена должна быть в рублях");
  c.oneOf(
    "area/unit",
    o.areaUnit,
    ["кв. м", "кв.м", "sq. m", "sq.m", "м2", "м²"],
    "площадь должна быть в кв. м",
  );
  if (o.newFlat !== undefined && NO.has(fold(o.newFlat)))
    c.reasons.push("new-flat = «нет»: это не новостройка");

  const required = { required: true };
  const price = c.number("price/value", o.price, "цена больше нуля", [1, 1e11], required);
  const area = c.number("area/value", o.area, "площадь от 5 до 2000 кв. м", [5, 2000], required);
  const floor = c.number("floor", o.floor, "целый этаж от 1 до 200", [1, 200], {
    ...required,
    integer: true,
  });
  const studio = o.studio !== undefined && YES.has(fold(o.studio));
  const openPlan = o.openPlan !== undefined && YES.has(fold(o.openPlan));
  const rooms = c.number("rooms", o.rooms, "целое число комнат от 1 до 20 (или studio, open-plan)", [1, 20], {
    integer: true,
    required: !studio && !openPlan,
  });
  const part = [0.5, area ?? 2000] as [number, number];
  const living = c.number("living-space", o.livingSpace, "жилая площадь не больше общей", part);
  const kitchen = c.number("kitchen-space", o.kitchenSpace, "площадь кухни не больше общей", part);
  const integer = { integer: true };
  const floorsTotal = c.number(
    "floors-total",
    o.floorsTotal,
    "этажность не меньше этажа",
    [floor ?? 1, 200],
    integer,
  );
  const builtYear = c.number("built-year", o.builtYear, "год от 1950 до 2100", [1950, 2100], integer);
  const quarter = c.number("ready-quarter", o.readyQuarter, "квартал от 1 до 4", [1, 4], integer);

  for (const [tag, text] of [
    ["internal-id", o.internalId],
    ["building-name", o.buildingName],
    ["building-section", o.buildingSection],
    ["yandex-building-id", o.yandexBuildingId],
    ["yandex-house-id", o.yandexHouseId],
    ["sales-agent/organization", o.organization],
    ["location/locality-name", o.localityName],
    ["location/address", o.address],
  ]) {
    if (text && text.length > MAX_TEXT) c.reasons.push(`${tag} длиннее ${MAX_TEXT} символов`);
  }
  if (!o.buildingName)
    c.reasons.push("не указано building-name — название ЖК, без него квартиру не к чему отнести");
  const developer = o.organization ?? fallbackDeveloper;
  if (!developer) c.reasons.push("не указан застройщик (sales-agent/organization)");
  const locality = o.localityName
    ? (m.localities.get(fold(o.localityName)) ??
      m.localities.get(fold(o.localityName).replace(LOCALITY_PREFIX, "")))
    : undefined;
  if (!o.localityName) c.reasons.push("не указан населённый пункт (location/locality-name)");
  else if (!locality)
    c.reasons.push(`населённый пункт «${o.localityName.slice(0, 60)}» не найден в Москве и области`);

  let lat = o.latitude === undefined ? Number.NaN : parseNumber(o.latitude);
  let lng = o.longitude === undefined ? Number.NaN : parseNumber(o.longitude);
  if (!inRegion(lat, lng)) {
    if (o.latitude !== undefined || o.longitude !== undefined) {
      c.warnings.push("координаты вне Москвы и области — взяты координаты населённого пункта");
    }
    lat = locality?.lat ?? 0;
    lng = locality?.lng ?? 0;
  }

  const stations: Accepted["stations"] = [];
  for (const metro of o.metro) {
    if (!metro.name) continue;
    const id =
      m.stations.get(fold(metro.name)) ?? m.stations.get(fold(metro.name).replace(STATION_PREFIX, ""));
    if (id === undefined) {
      c.warnings.push(
        `станция «${metro.name.slice(0, 60)}» не найдена среди станций метро, МЦК и МЦД — пропущена`,
      );
      continue;
    }
    const foot = c.number("metro/time-on-foot", metro.timeOnFoot, "минуты от 1 до 180", [1, 180]);
    const ride = c.number("metro/time-on-transport", metro.timeOnTransport, "минуты от 1 до 180", [1, 180]);
    if (foot !== undefined) stations.push({ id, type: 1, minutes: Math.round(foot) });
    else if (ride !== undefined) stations.push({ id, type: 2, minutes: Math.round(ride) });
  }

  const plan = o.images.find((i) => i.tag === "plan");
  let image: string | null = null;
  if (plan) {
    if (URL.parse(plan.url)?.protocol === "https:" && plan.url.length <= MAX_URL) image = plan.url;
    else c.warnings.push('ссылка на планировку (image tag="plan") не https или слишком длинная — пропущена');
  }

  const state = o.buildingState ? fold(o.buildingState) : "unfinished";
  if (!["built", "hand-over", "unfinished"].includes(state)) {
    c.warnings.push(
      `building-state = «${o.buildingState?.slice(0, 40)}» неизвестно — дом считается строящимся`,
    );
  }
  const finished = state === "built" || state === "hand-over";

  if (
    c.reasons.length ||
    price === undefined ||
    area === undefined ||
    floor === undefined ||
    !developer ||
    !locality ||
    !o.buildingName ||
    !o.internalId
  ) {
    return null;
  }
  const roomCode = studio ? 0 : openPlan ? -1 : Math.min(5, rooms ?? 1);
  const share = roomCode <= 0 ? 0.55 : 0.5 + Math.min(roomCode, 4) * 0.04;
  const rnd = new Random(hash(o.internalId));
  const name = o.buildingName
    .replace(/^(жк|жилой комплекс)\s+/i, "")
    .replace(/[«»"]/g, "")
    .trim();
  const complexFeedKey = o.yandexBuildingId ? `y:${o.yandexBuildingId}` : `n:${fold(name)}`;
  const houseFeedKey = o.yandexHouseId ? `y:${o.yandexHouseId}` : `s:${fold(o.buildingSection ?? "1")}`;
  const complexKey = `${fold(developer)}\n${complexFeedKey}`;
  const street = o.address ?? "";
  const accepted: Accepted = {
    complexKey,
    staged: {
      seq: 0,
      line: o.line,
      id: o.internalId,
      house: `${complexKey}\n${houseFeedKey}`,
      floor,
      rooms: roomCode,
      total: r1(area),
      living: r1(living ?? area * share),
      kitchen: r1(kitchen ?? (roomCode <= 0 ? area * 0.18 : Math.min(25, 8 + area * 0.08))),
      price: Math.round(price),
      m2: Math.round(price / area),
      otdelka: otdelkaOf(o.renovation),
      plan: encodePlan(generatePlan(roomCode, area, () => rnd.next())),
      image,
    },
    complex: {
      developer,
      developerSite: o.agentUrl && URL.parse(o.agentUrl)?.protocol.startsWith("http") ? o.agentUrl : "",
      developerPhone: o.agentPhone ?? "",
      feedKey: complexFeedKey,
      name,
      locality,
      address: fold(street).includes(fold(locality.name))
        ? street
        : [locality.name, street].filter(Boolean).join(", "),
      lat: Math.round(lat * 1e5) / 1e5,
      lng: Math.round(lng * 1e5) / 1e5,
      priceM2: Math.round(price / area),
    },
    house: {
      feedKey: houseFeedKey,
      name: o.buildingSection ? sectionName(o.buildingSection) : "",
      floors: Math.max(floor, floorsTotal ?? 0),
      stage: finished ? 3 : 2,
      finished,
      year: builtYear ?? (finished ? now.getFullYear() : now.getFullYear() + 2),
      quarter: quarter ?? 4,
    },
    stations,
  };
  return accepted;
}

/** What the run has read so far: the complexes and houses, the issues, the counts. */
class RunState {
  readonly complexes = new Map<string, ComplexDraft>();
  readonly issues: Issue[] = [];
  offers = 0;
  rejected = 0;
  warnings = 0;
  houses = 0;

  report(id: string, line: number, reason: string, skipped: boolean): void {
    if (this.issues.length < MAX_ISSUES) this.issues.push({ id, line, reason, skipped });
  }

  /** Records an accepted offer's complex and house; false when the feed holds too many of them. */
  add(a: Accepted): boolean {
    const key = a.staged.house ?? "";
    let complex = this.complexes.get(a.complexKey);
    const house = complex?.houses.get(key);
    if ((!complex && this.complexes.size >= MAX_COMPLEXES) || (!house && this.houses >= MAX_HOUSES))
      return false;
    if (!complex) {
      complex = { ...a.complex, houses: new Map(), stations: new Map() };
      this.complexes.set(a.complexKey, complex);
    }
    if (house) house.floors = Math.max(house.floors, a.house.floors);
    else {
      this.houses += 1;
      complex.houses.set(key, {
        ...a.house,
        key,
        name: a.house.name || `Корпус ${complex.houses.size + 1}`,
      });
    }
    for (const s of a.stations) {
      const known = complex.stations.get(s.id);
      if (!known || s.type < known.type || (s.type === known.type && s.minutes < known.minutes)) {
        complex.stations.set(s.id, { type: s.type, minutes: s.minutes });
      }
    }
    return true;
  }
}

/** Reads the whole feed into the staging area; throws FeedError when the file is broken. */
async function stageFeed(
  db: D1Database,
  runId: number,
  feed: FeedRow,
  body: ReadableStream<Uint8Array | string>,
  m: Matching,
  now: Date,
): Promise<RunState> {
  const run = new RunState();
  const fallbackDeveloper = [...m.developers.values()].find((d) => d.id === feed.developer_id)?.name ?? null;
  let batch: string[] = [];
  let chars = 0;
  const stage = async (offer: StagedOffer) => {
    const json = JSON.stringify(offer);
    batch.push(json);
    chars += json.length;
    if (chars >= STAGE_CHARS) await flush();
  };
  const flush = async () => {
    if (batch.length) await stageOffers(db, runId, `[${batch.join(",")}]`).run();
    batch = [];
    chars = 0;
  };
  for await (const offer of readYrl(body)) {
    const seq = run.offers++;
    const id = offer.internalId?.slice(0, MAX_TEXT) ?? "—";
    const check = new OfferCheck();
    if (!offer.internalId)
      check.reasons.push("нет атрибута internal-id — предложение нельзя отличить от других");
    const accepted = checkOffer(offer, m, fallbackDeveloper, now, check);
    if (accepted && !run.add(accepted)) {
      check.reasons.push(
        `в фиде больше ${MAX_COMPLEXES} ЖК или ${MAX_HOUSES} корпусов — остальные не импортируются`,
      );
    }
    const ok = accepted !== null && !check.reasons.length;
    for (const w of check.warnings) {
      run.warnings += 1;
      run.report(id, offer.line, w, false);
    }
    if (!ok) {
      run.rejected += 1;
      run.report(id, offer.line, check.reasons.join("; "), true);
    }
    // A rejected offer with an id is staged too: it is still in the feed, so it is not sold.
    if (ok) await stage({ ...accepted.staged, seq });
    else if (offer.internalId && offer.internalId.length <= MAX_TEXT) {
      await stage({ seq, line: offer.line, id: offer.internalId, house: null });
    }
  }
  await flush();
  if (!run.offers) throw new FeedError("в фиде нет ни одного предложения (<offer>)");
  for (const r of await dropRepeatedOffers(db, runId)) {
    run.rejected += 1;
    run.report(
      r.external_id,
      r.line,
      "internal-id повторяется — импортировано первое предложение с ним",
      true,
    );
  }
  return run;
}

/** Finds or creates the developers, complexes, houses and stations of the run, and links its staged offers. */
async function placeComplexes(
  db: D1Database,
  runId: number,
  run: RunState,
  m: Matching,
  now: Date,
): Promise<number | null> {
  let firstDeveloper: number | null = null;
  for (const c of run.complexes.values()) {
    let developerId = m.developers.get(fold(c.developer))?.id;
    if (developerId === undefined) {
      const plain = c.developer.replace(/[«»"]|^ГК\s+|^ООО\s+|^СЗ\s+/g, "").trim();
      developerId = await insertDeveloper(db, {
        name: c.developer,
        slugBase: slugify(plain) || "zastroyshchik",
        description: `${c.developer} — застройщик жилых комплексов в Москве и Подмосковье. Квартиры, цены и планировки на сайте обновляются из фида застройщика.`,
        foundedYear: now.getFullYear(),
        site: c.developerSite,
        phone: c.developerPhone,
        color: COLORS[hash(c.developer) % COLORS.length] ?? "#455a64",
        searchName: fold(plain),
      });
      m.developers.set(fold(c.developer), { id: developerId, name: c.developer });
    }
    firstDeveloper ??= developerId;
    const houses = [...c.houses.values()];
    const open = houses
      .filter((h) => !h.finished)
      .sort((a, b) => a.year * 4 + a.quarter - (b.year * 4 + b.quarter));
    const deadline =
      open[0] ?? houses.reduce((a, b) => (b.year * 4 + b.quarter > a.year * 4 + a.quarter ? b : a));
    const district =
      c.locality.region_id === 3 ? null : nearestDistrict(m.districts, c.locality.region_id, c.lat, c.lng);
    const cls = classOf(c.priceM2);
    const complexId = await upsertComplex(
      db,
      {
        developerId,
        feedKey: c.feedKey,
        name: c.name,
        regionId: c.locality.region_id,
        localityId: c.locality.id,
        cityAreaId: district?.city_area_id ?? null,
        districtId: district?.id ?? null,
        moDistrictId: c.locality.mo_district_id,
        address: c.address,
        lat: c.lat,
        lng: c.lng,
        cls,
        ceiling: [2.7, 2.8, 3.0, 3.2, 3.5][cls - 1] ?? 2.8,
        description: `ЖК «${c.name}» — жилой комплекс застройщика ${c.developer}: ${countOf(houses.length, ["корпус", "корпуса", "корпусов"])}, до ${Math.max(...houses.map((h) => h.floors))} этажей. Квартиры, цены и планировки обновляются из фида застройщика.`,
        buildStage: open.length ? 2 : 3,
        deadlineYear: deadline.year,
        deadlineQuarter: deadline.quarter,
        isFinished: open.length ? 0 : 1,
        floorsMin: Math.min(...houses.map((h) => h.floors)),
        floorsMax: Math.max(...houses.map((h) => h.floors)),
      },
      `zhk-${slugify(c.name) || "zhk"}`,
      fold(`ЖК ${c.name}`),
    );
    const houseRows = await db.batch<{ id: number }>(
      houses.map((h) =>
        upsertHouse(db, {
          complexId,
          feedKey: h.feedKey,
          name: h.name,
          floors: h.floors,
          buildStage: h.stage,
          deadlineYear: h.year,
          deadlineQuarter: h.quarter,
          isFinished: h.finished ? 1 : 0,
        }),
      ),
    );
    await db.batch([
      ...houses.map((h, i) => {
        const houseId = houseRows[i]?.results[0]?.id;
        if (houseId === undefined) throw new Error("houses: no id returned");
        return linkStagedHouse(db, runId, h.key, complexId, houseId);
      }),
      ...[...c.stations].map(([stationId, s]) =>
        upsertComplexStation(db, complexId, stationId, s.type, s.minutes),
      ),
    ]);
  }
  return firstDeveloper;
}

function nearestDistrict(
  districts: DistrictRow[],
  regionId: number,
  lat: number,
  lng: number,
): DistrictRow | null {
  let best: DistrictRow | null = null;
  let bestKm = Number.POSITIVE_INFINITY;
  for (const d of districts) {
    if (d.region_id !== regionId) continue;
    const km = haversineKm(lat, lng, d.lat, d.lng);
    if (km < bestKm) [best, bestKm] = [d, km];
  }
  return best;
}

/** Imports one feed's body; a failure is recorded on the run (and returned), never thrown. */
export async function importFeed(
  db: D1Database,
  feed: FeedRow,
  body: ReadableStream<Uint8Array | string>,
  now = new Date(),
): Promise<RunSummary> {
  const at = now.toISOString();
  const runId = await startRun(db, feed.id, at);
  const counts: RunCounts = { offers: 0, added: 0, updated: 0, sold: 0, rejected: 0, warnings: 0 };
  let issues: Issue[] = [];
  let message: string | null = null;
  try {
    const m = await loadMatching(db);
    const run = await stageFeed(db, runId, feed, body, m, now);
    Object.assign(counts, { offers: run.offers, rejected: run.rejected, warnings: run.warnings });
    issues = run.issues;
    // From here on the catalogue is written.
    const developerId = await placeComplexes(db, runId, run, m, now);
    const { from, to } = await stagedSeqRange(db, runId);
    for (let start = from; start <= to; start += APPLY_CHUNK) {
      const r = await applyStagedOffers(db, runId, feed.id, start, start + APPLY_CHUNK - 1, at);
      counts.added += r.added;
      counts.updated += r.updated;
    }
    counts.sold = await markMissingSold(db, runId, feed.id);
    await refreshAggregates(db, await finishCatalogue(db, runId, feed.id, developerId));
  } catch (e) {
    if (!(e instanceof FeedError)) {
      logEvent("error", "feed-import-failed", {
        runId,
        feedId: feed.id,
        message: String(e instanceof Error ? e.message : e),
      });
    }
    message = e instanceof FeedError ? e.message : "Внутренняя ошибка импорта: подробности в журнале воркера";
  }
  const status = message ? "failed" : "ok";
  const total = counts.rejected + counts.warnings;
  if (total > issues.length) {
    issues.push({ id: "—", line: 0, reason: `и ещё замечаний: ${total - issues.length}`, skipped: false });
  }
  await finishRun(db, runId, {
    ...counts,
    status,
    finishedAt: new Date().toISOString(),
    errors: JSON.stringify(issues),
    message,
  });
  logEvent("info", "feed-import", { runId, feedId: feed.id, status, ...counts, message });
  return { runId, status, message, issues, ...counts };
}

/** Imports from an address (a web address or a file), registering the feed on first sight. */
export async function importFeedAt(
  db: D1Database,
  url: string,
  body: ReadableStream<Uint8Array | string>,
  now = new Date(),
): Promise<RunSummary> {
  const feed = await ensureFeed(db, url, now.toISOString());
  if (!feed) throw new Error("feeds: no row returned");
  return importFeed(db, feed, body, now);
}
