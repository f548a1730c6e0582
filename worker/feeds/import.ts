/**
 * Imports a developer's YRL feed into the catalogue. The offers stream through the parser into a staging area
 * of the run; nothing in the catalogue changes until the whole file has been read, so a broken file fails its
 * run with the catalogue untouched. Then, in chunks: developers, complexes (developer + yandex-building-id or
 * building-name) and houses (yandex-house-id or building-section) are found or created, apartments (feed +
 * internal-id) updated or added, prices recorded, apartments gone from the feed marked sold, aggregates
 * recomputed. Each invalid offer is reported with its id and a Russian reason, never silently dropped.
 */
import type { D1Database } from "@cloudflare/workers-types/latest";
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
  type StationRow,
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
  /** What is wrong, in a few words: issues are grouped by it. */
  kind: string;
  reason: string;
  /** What the feed should change. */
  fix: string;
  /** Whether the offer was left out (else it was imported and only this detail was dropped). */
  skipped: boolean;
}

/** The issues of one kind: how many, and the first as an example. */
export interface IssueGroup {
  kind: string;
  skipped: boolean;
  count: number;
  example: Omit<Issue, "kind" | "skipped">;
}

export interface RunSummary extends RunCounts {
  runId: number;
  status: "ok" | "failed";
  message: string | null;
  issues: Issue[];
  groups: IssueGroup[];
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

/**
 * A locality's name without what feeds add to it: «г. Химки», «Химки г», «городской округ Химки», «Химки (МО)»,
 * «пос. Коммунарка», «Химки, Московская область» are all «химки» (folded).
 */
const LOCALITY_PREFIX =
  /^((городской округ|го|город|г|поселение|поселок|рабочий поселок|рп|пгт|дп|деревня|село)(?=\s)|г\.\s?о\.|г\.|пос\.|п\.|д\.|с\.)\s*/;
const LOCALITY_SUFFIX =
  /(\s*\((мо|московская (обл\.?|область))\)|,?\s*московская (обл\.?|область)|,\s*мо|\s(г|г\.|город|го|г\.\s?о\.))$/;
export const localityKey = (name: string) =>
  fold(name).replace(LOCALITY_PREFIX, "").replace(LOCALITY_SUFFIX, "").trim();

/** A region that is itself a city: a feed may give it alone, with no locality-name. */
const CITY_REGION = /^(г\.?\s*)?(москва|санкт-петербург|севастополь)(\s*г\.?)?$/;
/** Our regions as feeds name them: Moscow (with New Moscow) and the oblast. */
const OUR_REGION = /^(г\.?\s*)?(москва|московская обл(\.|асть))(\s*г\.?)?$/;

/**
 * A station's name without the marks feeds add to it («м. Семёновская», «метро Сокол», «МЦК Лужники», «МЦД-2
 * Щукинская», «Окружная (МЦК)»), and the kind of line a mark names.
 */
const STATION_PREFIX =
  /^(ст\.\s*м\.|станция метро|станция|ст\.|метро|м\.|м(?=\s)|мцк|мцд(?:[-\s]?\d{1,2})?)[\s,:]*/;
const STATION_SUFFIX = /[\s,(]+(мцк|мцд(?:[-\s]?\d{1,2})?|метро|м\.?)\)?$/;
export function stationKey(name: string): { kind: StationKind | null; key: string } {
  let key = fold(name);
  let kind: StationKind | null = null;
  const mark = (m: string) => {
    kind = m.startsWith("мцк") ? "mcc" : m.startsWith("мцд") ? "mcd" : (kind ?? "metro");
  };
  for (let i = 0; i < 2; i++) {
    const m = STATION_PREFIX.exec(key);
    if (!m?.[1]) break;
    mark(m[1]);
    key = key.slice(m[0].length);
  }
  const end = STATION_SUFFIX.exec(key);
  if (end?.[1]) {
    mark(end[1]);
    key = key.slice(0, end.index);
  }
  return { kind, key: key.trim() };
}
type StationKind = "metro" | "mcc" | "mcd";

/**
 * Walking minutes from coordinates, when a feed names a station without a time: the straight line times 1.3
 * for the streets and crossings in between, at 5 km/h. Farther than 40 minutes on foot is no walk: the station
 * is kept without minutes.
 */
export const WALK_DETOUR = 1.3;
export const WALK_KMH = 5;
const MAX_WALK_ESTIMATE = 40;
export const walkMinutes = (km: number) => Math.max(1, Math.round(((km * WALK_DETOUR) / WALK_KMH) * 60));

const YES = new Set(["да", "true", "1", "+", "yes", "есть"]);
const NO = new Set(["нет", "false", "0", "-", "no"]);
const RUBLES = new Set(["rub", "rur", "руб", "руб.", "рубль", "рублей", "р", "р.", "₽"]);
/** deal-status of a sale by the developer (or of a share agreement); a counter-sale is the secondary market. */
const PRIMARY_DEALS =
  /^(первичная продажа( вторички)?|прямая продажа|продажа( от застройщика)?|переуступка|дду|договор долевого участия|214-фз|жск|primary sale( of secondary)?|direct sale|sale|reassignment)$/;
const COUNTER_SALE = /^(встречная продажа|альтернатива|альтернативная сделка|countersale|counter sale)$/;
const BUILDING_STATES: Record<string, "built" | "hand-over" | "unfinished"> = {
  built: "built",
  "hand-over": "hand-over",
  handover: "hand-over",
  "hand over": "hand-over",
  unfinished: "unfinished",
  сдан: "built",
  построен: "built",
  строится: "unfinished",
};
const PLAN_TAGS = new Set(["plan", "планировка", "floor-plan"]);

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
  /** Stations by «kind:key» and by «:key» (a name on several kinds of line: the metro station first). */
  stations: Map<string, StationRow>;
  /** Developers by folded name. */
  developers: Map<string, { id: number; name: string }>;
}

async function loadMatching(db: D1Database): Promise<Matching> {
  const data = await loadMatchingData(db);
  const localities = new Map<string, LocalityRow>();
  for (const l of data.localities) {
    for (const key of [fold(l.name), localityKey(l.name)]) {
      if (!localities.has(key)) localities.set(key, l);
    }
  }
  const stations = new Map<string, StationRow>();
  for (const s of data.stations) {
    for (const key of [`${s.kind}:${fold(s.name)}`, `:${fold(s.name)}`]) {
      if (!stations.has(key)) stations.set(key, s);
    }
  }
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

/** What a buyer checks before trusting a project: its declaration, permit, escrow bank and mortgage banks. */
interface Trust {
  declarationNumber: string | null;
  declarationDate: string | null;
  buildingPermit: string | null;
  escrowBank: string | null;
  mortgageBanks: string[];
}

/** A complex's station: type 1 on foot, 2 by transport, 3 time unknown (minutes null). */
interface StationDistance {
  type: 1 | 2 | 3;
  minutes: number | null;
  estimated: boolean;
}

interface ComplexDraft extends Trust {
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
  image: string | null;
  houses: Map<string, HouseDraft>;
  stations: Map<number, StationDistance>;
}

/** Reads numbers as feeds write them: spaces between digits, a decimal comma. */
function parseNumber(text: string): number {
  return Number(text.replace(/[\s\u00a0]/g, "").replace(",", "."));
}

/** «price/value» → «<price><value>»: how the element is written in the feed. */
const element = (tag: string) =>
  tag
    .split("/")
    .map((t) => `<${t}>`)
    .join("");

type Problem = Omit<Issue, "id" | "line" | "skipped">;

/** The checks of one offer: reasons to leave it out and details that were dropped, each with what to change. */
class OfferCheck {
  readonly reasons: Problem[] = [];
  readonly warnings: Problem[] = [];

  reject(kind: string, reason: string, fix: string): void {
    this.reasons.push({ kind, reason, fix });
  }

  warn(kind: string, reason: string, fix: string): void {
    this.warnings.push({ kind, reason, fix });
  }

  /**
   * A number within [min, max]: missing or wrong, a required one rejects the offer, another is dropped. An area
   * of 0 (`zero` names it) is how many feeds write «not given».
   */
  number(
    tag: string,
    raw: string | undefined,
    need: string,
    [min, max]: [number, number],
    { integer = false, required = false, zero = "" } = {},
  ): number | undefined {
    const el = element(tag);
    if (raw === undefined) {
      if (required)
        this.reject(
          `не указано ${tag}`,
          `не указано ${tag} — ожидается ${need}`,
          `добавьте ${el}: ожидается ${need}`,
        );
      return undefined;
    }
    const n = parseNumber(raw);
    if (n === 0 && zero) {
      if (required)
        this.reject(`${tag} = 0`, `${tag} = 0: ${zero} не указана`, `исправьте ${el}: ожидается ${need}`);
      else {
        this.warn(
          `${tag} = 0`,
          `${tag} = 0: ${zero} не указана — оценена по общей площади`,
          `если ${zero} неизвестна, не пишите ${el}; иначе укажите её`,
        );
      }
      return undefined;
    }
    if (n >= min && n <= max && (!integer || Number.isInteger(n))) return n;
    const reason = `${tag} = «${raw.slice(0, 40)}», а ожидается ${need}`;
    const fix = `исправьте ${el}: ожидается ${need}`;
    if (required) this.reject(`неверное ${tag}`, reason, fix);
    else this.warn(`неверное ${tag}`, `${reason} — значение пропущено`, fix);
    return undefined;
  }

  /** A word the feed must have one of, when it is there at all. */
  oneOf(tag: string, raw: string | undefined, allowed: Set<string>, because: string, fix: string): void {
    if (raw !== undefined && !allowed.has(fold(raw)))
      this.reject(`${tag}: ${because}`, `${tag} = «${raw.slice(0, 40)}»: ${because}`, fix);
  }

  /** A short text of the trust elements: null when absent, dropped with a warning when too long. */
  text(tag: string, raw: string | undefined, max = 120): string | null {
    if (raw === undefined) return null;
    if (raw.length <= max) return raw.replace(/\s+/g, " ");
    this.warn(
      `${tag} слишком длинный`,
      `${tag} длиннее ${max} символов — пропущен`,
      `пишите в ${element(tag)} только номер или название`,
    );
    return null;
  }
}

/** Moscow and the oblast, with a margin: coordinates outside are a mistake in the feed. */
const inRegion = (lat: number, lng: number) => lat > 54 && lat < 57.5 && lng > 35 && lng < 40.5;

/** «2021-03-15», «15.03.2021» → «2021-03-15»; null when it is no date. */
function isoDate(raw: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(raw) ?? /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(raw);
  if (!m) return null;
  const [y, mo, d] = m[1]?.length === 4 ? [m[1], m[2], m[3]] : [m[3], m[2], m[1]];
  const date = new Date(`${y}-${mo}-${d}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.getUTCDate() !== Number(d) ? null : `${y}-${mo}-${d}`;
}

/** An https address of an image, or null with a warning. */
function imageUrl(c: OfferCheck, url: string | undefined, what: string, tag: string): string | null {
  if (url === undefined) return null;
  if (URL.parse(url)?.protocol === "https:" && url.length <= MAX_URL) return url;
  c.warn(
    `${what}: ссылка не https`,
    `ссылка на ${what} (${tag}) не https или длиннее ${MAX_URL} символов — пропущена`,
    `дайте в ${tag} полный адрес https://…`,
  );
  return null;
}

interface Accepted {
  staged: StagedOffer;
  complexKey: string;
  complex: Omit<ComplexDraft, "houses" | "stations">;
  house: Omit<HouseDraft, "key">;
  stations: ({ id: number } & StationDistance)[];
}

/** The locality of an offer: its locality-name, or its region when the region is a city («Москва»). */
function localityOf(o: YrlOffer, m: Matching, c: OfferCheck): LocalityRow | undefined {
  const region = o.region ? fold(o.region) : "";
  const name = o.localityName ?? (CITY_REGION.test(region) ? o.region : undefined);
  const fix = "укажите в <location><locality-name> город или посёлок Москвы или области, например «Химки»";
  if (!name) {
    c.reject(
      "не указан населённый пункт",
      "не указан населённый пункт (location/locality-name)",
      o.region ? `${fix}: регион «${o.region.slice(0, 40)}» — не город` : fix,
    );
    return undefined;
  }
  const locality = m.localities.get(fold(name)) ?? m.localities.get(localityKey(name));
  if (locality) return locality;
  if (region && !OUR_REGION.test(region)) {
    c.reject(
      "регион не наш",
      `регион «${o.region?.slice(0, 60)}»: каталог публикует новостройки только Москвы и Московской области`,
      "такие предложения не импортируются — уберите их из фида для нас",
    );
  } else {
    c.reject(
      "населённый пункт не найден",
      `населённый пункт «${name.slice(0, 60)}» не найден в Москве и области`,
      `${fix}, без района и области в том же элементе`,
    );
  }
  return undefined;
}

/** The stations of an offer: by the feed's time, else walking minutes estimated from coordinates. */
function stationsOf(
  o: YrlOffer,
  m: Matching,
  c: OfferCheck,
  at: { lat: number; lng: number } | null,
): Accepted["stations"] {
  const stations: Accepted["stations"] = [];
  for (const metro of o.metro) {
    if (!metro.name) continue;
    const { kind, key } = stationKey(metro.name);
    const station = (kind && m.stations.get(`${kind}:${key}`)) || m.stations.get(`:${key}`);
    if (!station) {
      c.warn(
        "станция не найдена",
        `станция «${metro.name.slice(0, 60)}» не найдена среди станций метро, МЦК и МЦД — пропущена`,
        "пишите в <metro><name> название станции как на схеме метро, например «Семёновская» или «МЦК Лужники»",
      );
      continue;
    }
    const range: [number, number] = [1, 180];
    const foot = c.number("metro/time-on-foot", metro.timeOnFoot, "минуты от 1 до 180", range);
    const ride = c.number("metro/time-on-transport", metro.timeOnTransport, "минуты от 1 до 180", range);
    const id = station.id;
    if (foot !== undefined) stations.push({ id, type: 1, minutes: Math.round(foot), estimated: false });
    else if (ride !== undefined) stations.push({ id, type: 2, minutes: Math.round(ride), estimated: false });
    else {
      const walk = at ? walkMinutes(haversineKm(at.lat, at.lng, station.lat, station.lng)) : null;
      stations.push(
        walk !== null && walk <= MAX_WALK_ESTIMATE
          ? { id, type: 1, minutes: walk, estimated: true }
          : { id, type: 3, minutes: null, estimated: false },
      );
    }
  }
  return stations;
}

/** The trust elements of an offer, checked. */
function trustOf(o: YrlOffer, c: OfferCheck): Trust {
  let declarationDate: string | null = null;
  if (o.declarationDate !== undefined) {
    declarationDate = isoDate(o.declarationDate);
    if (!declarationDate) {
      c.warn(
        "неверная дата декларации",
        `project-declaration-date = «${o.declarationDate.slice(0, 40)}» — не дата, пропущена`,
        "пишите дату в <project-declaration-date> как 2024-03-15",
      );
    }
  }
  return {
    declarationNumber: c.text("project-declaration", o.declaration?.replace(/^№\s*/, "")),
    declarationDate,
    buildingPermit: c.text("building-permit", o.buildingPermit?.replace(/^№\s*/, "")),
    escrowBank: c.text("escrow-bank", o.escrowBank),
    mortgageBanks: [...new Set(o.mortgageBanks.flatMap((b) => c.text("mortgage-bank", b) ?? []))].slice(
      0,
      40,
    ),
  };
}

function checkOffer(o: YrlOffer, m: Matching, fallbackDeveloper: string | null, now: Date, c: OfferCheck) {
  c.oneOf(
    "type",
    o.type,
    new Set(["продажа", "sale"]),
    "импортируются только объявления о продаже",
    "такие предложения не импортируются",
  );
  c.oneOf(
    "category",
    o.category,
    new Set(["квартира", "flat", "апартаменты"]),
    "импортируются только квартиры",
    "такие предложения не импортируются",
  );
  c.oneOf(
    "price/currency",
    o.currency?.replace(/\s+/g, ""),
    RUBLES,
    "цена должна быть в рублях",
    "укажите цену в рублях и <currency>RUB</currency>",
  );
  c.oneOf(
    "area/unit",
    o.areaUnit,
    new Set(["кв. м", "кв.м", "кв.м.", "кв. м.", "sq. m", "sq.m", "м2", "м²", "sqm"]),
    "площадь должна быть в кв. м",
    "укажите площадь в квадратных метрах и <unit>кв. м</unit>",
  );
  if (o.newFlat !== undefined && NO.has(fold(o.newFlat)))
    c.reject(
      "не новостройка",
      `new-flat = «${o.newFlat.slice(0, 20)}»: это не новостройка`,
      "такие предложения не импортируются",
    );
  const deal = o.dealStatus === undefined ? "" : fold(o.dealStatus);
  if (COUNTER_SALE.test(deal))
    c.reject(
      "встречная продажа",
      `deal-status = «${o.dealStatus}»: встречная продажа — это вторичный рынок`,
      "такие предложения не импортируются",
    );
  else if (deal && !PRIMARY_DEALS.test(deal))
    c.warn(
      "deal-status неизвестен",
      `deal-status = «${o.dealStatus?.slice(0, 40)}» неизвестно — считается продажей от застройщика`,
      "пишите в <deal-status> «первичная продажа», «прямая продажа» или «переуступка»",
    );

  const required = { required: true };
  const price = c.number("price/value", o.price, "цена больше нуля", [1, 1e11], required);
  const area = c.number("area/value", o.area, "площадь от 5 до 2000 кв. м", [5, 2000], {
    ...required,
    zero: "общая площадь",
  });
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
  const living = c.number("living-space", o.livingSpace, "жилая площадь не больше общей", part, {
    zero: "жилая площадь",
  });
  const kitchen = c.number("kitchen-space", o.kitchenSpace, "площадь кухни не больше общей", part, {
    zero: "площадь кухни",
  });
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
  ] as [string, string | undefined][]) {
    if (text && text.length > MAX_TEXT)
      c.reject(`длинное ${tag}`, `${tag} длиннее ${MAX_TEXT} символов`, `сократите ${element(tag)}`);
  }
  if (!o.buildingName)
    c.reject(
      "не указано building-name",
      "не указано building-name — название ЖК, без него квартиру не к чему отнести",
      "укажите в <building-name> название жилого комплекса",
    );
  const developer = o.organization ?? fallbackDeveloper;
  if (!developer)
    c.reject(
      "не указан застройщик",
      "не указан застройщик (sales-agent/organization)",
      "укажите в <sales-agent><organization> название застройщика",
    );
  const locality = localityOf(o, m, c);

  let lat = o.latitude === undefined ? Number.NaN : parseNumber(o.latitude);
  let lng = o.longitude === undefined ? Number.NaN : parseNumber(o.longitude);
  const located = inRegion(lat, lng);
  if (!located) {
    // (An offer whose place is not ours is rejected for that: its coordinates are rightly elsewhere.)
    if (locality && (o.latitude !== undefined || o.longitude !== undefined)) {
      c.warn(
        "координаты вне Москвы и области",
        "координаты вне Москвы и области — взяты координаты населённого пункта",
        "проверьте <latitude> и <longitude>: широта около 55,7, долгота около 37,6 (не перепутаны ли)",
      );
    }
    lat = locality?.lat ?? 0;
    lng = locality?.lng ?? 0;
  }
  const stations = stationsOf(o, m, c, located ? { lat, lng } : null);

  const plan = imageUrl(
    c,
    o.images.find((i) => i.tag && PLAN_TAGS.has(i.tag))?.url,
    "планировку",
    '<image tag="plan">',
  );
  const picture = imageUrl(
    c,
    o.images.find((i) => !i.tag || !PLAN_TAGS.has(i.tag))?.url,
    "фото ЖК",
    "<image>",
  );

  const state = o.buildingState ? BUILDING_STATES[fold(o.buildingState)] : "unfinished";
  if (!state) {
    c.warn(
      "building-state неизвестно",
      `building-state = «${o.buildingState?.slice(0, 40)}» неизвестно — дом считается строящимся`,
      "пишите в <building-state> built, hand-over или unfinished",
    );
  }
  const finished = state === "built" || state === "hand-over";
  const trust = trustOf(o, c);

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
      image: plan,
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
      image: picture,
      ...trust,
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

/** What the run has read so far: the complexes and houses, the issues and their groups, the counts. */
class RunState {
  readonly complexes = new Map<string, ComplexDraft>();
  readonly issues: Issue[] = [];
  readonly groups = new Map<string, IssueGroup>();
  offers = 0;
  rejected = 0;
  warnings = 0;
  houses = 0;

  report(id: string, line: number, p: Problem, skipped: boolean): void {
    if (this.issues.length < MAX_ISSUES) this.issues.push({ id, line, ...p, skipped });
    this.count(id, line, p, skipped);
  }

  /** Counts a problem in its group; the first one of a kind is its example. */
  count(id: string, line: number, { kind, reason, fix }: Problem, skipped: boolean): void {
    const key = `${skipped ? 1 : 0}${kind}`;
    const group = this.groups.get(key);
    if (group) group.count += 1;
    else this.groups.set(key, { kind, skipped, count: 1, example: { id, line, reason, fix } });
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
    } else {
      // What one offer of the complex leaves out, another may give.
      complex.image ??= a.complex.image;
      complex.declarationNumber ??= a.complex.declarationNumber;
      complex.declarationDate ??= a.complex.declarationDate;
      complex.buildingPermit ??= a.complex.buildingPermit;
      complex.escrowBank ??= a.complex.escrowBank;
      if (!complex.mortgageBanks.length) complex.mortgageBanks = a.complex.mortgageBanks;
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
    // The nearest way to each station: on foot before transport, the feed's minutes before an estimate.
    const rank = (s: StationDistance) => s.type * 1000 + (s.estimated ? 500 : 0) + (s.minutes ?? 0);
    for (const { id, ...s } of a.stations) {
      const known = complex.stations.get(id);
      if (!known || rank(s) < rank(known)) complex.stations.set(id, s);
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
      check.reject(
        "нет internal-id",
        "нет атрибута internal-id — предложение нельзя отличить от других",
        'добавьте <offer internal-id="…"> с номером квартиры в вашей базе',
      );
    const accepted = checkOffer(offer, m, fallbackDeveloper, now, check);
    if (accepted && !run.add(accepted)) {
      check.reject(
        "слишком много ЖК",
        `в фиде больше ${MAX_COMPLEXES} ЖК или ${MAX_HOUSES} корпусов — остальные не импортируются`,
        "разделите фид на несколько",
      );
    }
    const ok = accepted !== null && !check.reasons.length;
    // A rejected offer's issues are its reasons: what it would have lost comes up once it is imported.
    for (const w of ok ? check.warnings : []) {
      run.warnings += 1;
      run.report(id, offer.line, w, false);
    }
    if (!ok) {
      // One issue per rejected offer with all its reasons; each reason is counted in its own group.
      run.rejected += 1;
      const [first] = check.reasons;
      const joined = (k: "reason" | "fix") => check.reasons.map((r) => r[k]).join("; ");
      if (run.issues.length < MAX_ISSUES && first) {
        run.issues.push({
          id,
          line: offer.line,
          kind: first.kind,
          reason: joined("reason"),
          fix: joined("fix"),
          skipped: true,
        });
      }
      for (const r of check.reasons) run.count(id, offer.line, r, true);
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
      {
        kind: "internal-id повторяется",
        reason: "internal-id повторяется — импортировано первое предложение с ним",
        fix: "дайте каждому предложению свой internal-id",
      },
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
        image: c.image,
        declarationNumber: c.declarationNumber,
        declarationDate: c.declarationDate,
        buildingPermit: c.buildingPermit,
        escrowBank: c.escrowBank,
        mortgageBanks: JSON.stringify(c.mortgageBanks),
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
        upsertComplexStation(db, complexId, stationId, s.type, s.minutes, s.estimated),
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
  let groups: IssueGroup[] = [];
  let message: string | null = null;
  try {
    const m = await loadMatching(db);
    const run = await stageFeed(db, runId, feed, body, m, now);
    Object.assign(counts, { offers: run.offers, rejected: run.rejected, warnings: run.warnings });
    issues = run.issues;
    // Rejections first, then the most frequent kinds.
    groups = [...run.groups.values()].sort(
      (a, b) => Number(b.skipped) - Number(a.skipped) || b.count - a.count,
    );
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
  await finishRun(db, runId, {
    ...counts,
    status,
    finishedAt: new Date().toISOString(),
    errors: JSON.stringify(issues),
    groups: JSON.stringify(groups),
    message,
  });
  logEvent("info", "feed-import", { runId, feedId: feed.id, status, ...counts, message });
  return { runId, status, message, issues, groups, ...counts };
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
