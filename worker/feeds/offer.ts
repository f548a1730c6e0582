/**
 * One offer of a developer's feed, checked and read the way real feeds write it (issue 22): the locality as
 * «г. Химки» or only the region «Москва», stations with «м.», «МЦК», «МЦД-2» and without times (walking minutes
 * estimated from coordinates), roubles as RUR/RUB/«руб.», areas of 0 for "not given", untagged images, the
 * trust elements. Each problem has a kind (the report groups by it), a reason and what the feed should change.
 */

import {
  CONSTRUCTION_STAGES,
  type ConstructionStage,
  isStage,
  stageFits,
  stageOf,
} from "../../shared/construction/history";
import { moscowQuarter } from "../../shared/format";
import { haversineKm, walkMinutes } from "../../shared/geo/distance";
import { encodePlan, generatePlan } from "../../shared/plan";
import {
  type DistrictRow,
  type LocalityRow,
  loadMatchingData,
  type StagedOffer,
  type StationRow,
} from "../db/queries/feeds";
import { Random } from "../db/seed/prng";
import { classifySource } from "../image-proxy";
import type { YrlOffer } from "./yrl-parser";

/** Names and ids longer than this are not names. */
export const MAX_TEXT = 300;
const MAX_URL = 2048;

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
const MAX_WALK_ESTIMATE = 40;

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

export function hash(text: string): number {
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

/** «1» → «Корпус 1»; «корпус А», «Строение 2» stay as written. */
const sectionName = (section: string) =>
  /^\d/.test(section) ? `Корпус ${section}` : section.charAt(0).toUpperCase() + section.slice(1);

export interface Matching {
  localities: Map<string, LocalityRow>;
  districts: DistrictRow[];
  /** Stations by «kind:key» and by «:key» (a name on several kinds of line: the metro station first). */
  stations: Map<string, StationRow>;
  /** Developers by folded name. */
  developers: Map<string, { id: number; name: string }>;
  /** The image proxy's allow-list (IMAGE_HOSTS): a progress photo from another host is dropped. */
  imageHosts: readonly string[];
}

export async function loadMatching(db: D1Database, imageHosts: readonly string[] = []): Promise<Matching> {
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
    imageHosts,
  };
}

export interface HouseDraft {
  key: string;
  feedKey: string;
  name: string;
  floors: number;
  stage: number;
  finished: boolean;
  year: number;
  quarter: number;
  /** This month's construction report of the house (issue 31); null: the feed gives none. */
  progress: ProgressDraft | null;
}

/** A house's construction report from <construction-progress>: what of it passed the checks. */
export interface ProgressDraft {
  readiness: number;
  stage: ConstructionStage;
  /** The newest progress photo within the allow-list and not dated in the future. */
  photo: { url: string; date: string } | null;
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
export interface StationDistance {
  type: 1 | 2 | 3;
  minutes: number | null;
  estimated: boolean;
}

export interface ComplexDraft extends Trust {
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

/** What is wrong with an offer: `kind` in a few words (issues are grouped by it), the reason, the fix. */
export interface Problem {
  kind: string;
  reason: string;
  fix: string;
}

/** The checks of one offer: reasons to leave it out and details that were dropped, each with what to change. */
export class OfferCheck {
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

export interface Accepted {
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

/** What the offer is: a sale of a new flat in roubles and square metres, else it is not for us. */
function checkKind(o: YrlOffer, c: OfferCheck): void {
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
}

/** The flat's own numbers, each within its range; a missing required one rejects the offer. */
function flatNumbers(o: YrlOffer, c: OfferCheck) {
  const required = { required: true };
  const integer = { integer: true };
  const price = c.number("price/value", o.price, "цена больше нуля", [1, 1e11], required);
  const area = c.number("area/value", o.area, "площадь от 5 до 2000 кв. м", [5, 2000], {
    ...required,
    zero: "общая площадь",
  });
  const floor = c.number("floor", o.floor, "целый этаж от 1 до 200", [1, 200], { ...required, ...integer });
  const studio = o.studio !== undefined && YES.has(fold(o.studio));
  const openPlan = o.openPlan !== undefined && YES.has(fold(o.openPlan));
  const rooms = c.number("rooms", o.rooms, "целое число комнат от 1 до 20 (или studio, open-plan)", [1, 20], {
    ...integer,
    required: !studio && !openPlan,
  });
  const part = [0.5, area ?? 2000] as [number, number];
  return {
    price,
    area,
    floor,
    roomCode: studio ? 0 : openPlan ? -1 : Math.min(5, rooms ?? 1),
    living: c.number("living-space", o.livingSpace, "жилая площадь не больше общей", part, {
      zero: "жилая площадь",
    }),
    kitchen: c.number("kitchen-space", o.kitchenSpace, "площадь кухни не больше общей", part, {
      zero: "площадь кухни",
    }),
    floorsTotal: c.number(
      "floors-total",
      o.floorsTotal,
      "этажность не меньше этажа",
      [floor ?? 1, 200],
      integer,
    ),
    builtYear: c.number("built-year", o.builtYear, "год от 1950 до 2100", [1950, 2100], integer),
    quarter: c.number("ready-quarter", o.readyQuarter, "квартал от 1 до 4", [1, 4], integer),
  };
}

/** Names: none too long, the complex's given, a developer known (the feed's own or its registration's). */
function checkNames(o: YrlOffer, fallbackDeveloper: string | null, c: OfferCheck): string | null {
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
  return developer;
}

/** The offer's coordinates, or its locality's when they are missing or outside Moscow and the oblast. */
function placeOf(o: YrlOffer, locality: LocalityRow | undefined, c: OfferCheck) {
  const lat = o.latitude === undefined ? Number.NaN : parseNumber(o.latitude);
  const lng = o.longitude === undefined ? Number.NaN : parseNumber(o.longitude);
  if (inRegion(lat, lng)) return { lat, lng, located: true };
  // (An offer whose place is not ours is rejected for that: its coordinates are rightly elsewhere.)
  if (locality && (o.latitude !== undefined || o.longitude !== undefined)) {
    c.warn(
      "координаты вне Москвы и области",
      "координаты вне Москвы и области — взяты координаты населённого пункта",
      "проверьте <latitude> и <longitude>: широта около 55,7, долгота около 37,6 (не перепутаны ли)",
    );
  }
  return { lat: locality?.lat ?? 0, lng: locality?.lng ?? 0, located: false };
}

/** Stage words as feeds write them (folded), and the codes of shared/construction/history.ts. */
const STAGE_WORDS: Readonly<Record<string, ConstructionStage>> = Object.fromEntries(
  Object.entries(CONSTRUCTION_STAGES).map(([code, name]) => [fold(name), Number(code) as ConstructionStage]),
);

/**
 * The house's construction report (<construction-progress>), each part judged: a readiness outside 0–100 or a
 * stage we do not know is dropped; a stage that contradicts the readiness is replaced by the readiness's own
 * (never shown as fact); a photo dated in the future, undated or from a host outside the allow-list is dropped.
 * A past deadline of an unfinished house is kept (the page says it is overdue) and warned about.
 */
function progressOf(
  o: YrlOffer,
  m: Matching,
  finished: boolean,
  now: Date,
  c: OfferCheck,
): ProgressDraft | null {
  if (!finished && o.builtYear !== undefined) {
    const today = moscowQuarter(now);
    const year = parseNumber(o.builtYear);
    const quarter = o.readyQuarter === undefined ? 4 : parseNumber(o.readyQuarter);
    if (year * 4 + quarter < today.year * 4 + today.quarter)
      c.warn(
        "срок сдачи прошёл, а дом не сдан",
        `срок сдачи (${o.readyQuarter ?? 4} кв. ${o.builtYear}) прошёл, а building-state — не сдан: показываем срок как перенесённый`,
        "укажите в <built-year> и <ready-quarter> новый срок или в <building-state> hand-over, если дом сдан",
      );
  }
  const readiness = c.number(
    "construction-progress/readiness",
    o.readiness,
    "готовность от 0 до 100 %",
    [0, 100],
    {
      integer: true,
    },
  );
  let stage: ConstructionStage | undefined;
  if (o.constructionStage !== undefined) {
    const code = STAGE_WORDS[fold(o.constructionStage)] ?? Number(o.constructionStage);
    if (isStage(code)) stage = code;
    else
      c.warn(
        "стадия стройки неизвестна",
        `construction-progress/stage = «${o.constructionStage.slice(0, 40)}» неизвестна — пропущена`,
        "пишите в <construction-progress><stage> котлован, каркас, фасад или благоустройство",
      );
  }
  if (readiness === undefined) {
    if (stage !== undefined || o.progressImages.length)
      c.warn(
        "нет готовности стройки",
        "в <construction-progress> нет готовности — стадия и фото стройки не показаны",
        "добавьте <construction-progress><readiness> — готовность дома в процентах",
      );
    return null;
  }
  if (stage !== undefined && !stageFits(stage, readiness)) {
    c.warn(
      "стадия не сходится с готовностью",
      `стадия «${CONSTRUCTION_STAGES[stage]}» при готовности ${readiness} % — показана стадия по готовности («${CONSTRUCTION_STAGES[stageOf(readiness)]}»)`,
      "проверьте <construction-progress><stage> и <readiness>",
    );
    stage = undefined;
  }
  let photo: ProgressDraft["photo"] = null;
  for (const image of o.progressImages) {
    const date = image.date ? isoDate(image.date) : null;
    if (!date) {
      c.warn(
        "фото стройки без даты",
        `у фото стройки нет даты или она неверна («${image.date?.slice(0, 20) ?? ""}») — фото пропущено`,
        'укажите дату съёмки: <image date="2026-11-15">',
      );
      continue;
    }
    if (new Date(`${date}T00:00:00+03:00`).getTime() > now.getTime()) {
      c.warn(
        "фото стройки из будущего",
        `фото стройки датировано ${date}, позже дня выгрузки — пропущено`,
        "проверьте дату съёмки в атрибуте date",
      );
      continue;
    }
    if (classifySource(image.url, m.imageHosts).kind !== "remote") {
      c.warn(
        "фото стройки с чужого сервера",
        `фото стройки ${image.url.slice(0, 80)} не с разрешённого сервера — пропущено`,
        "выкладывайте фото на свой сервер по https и попросите добавить его адрес в список разрешённых",
      );
      continue;
    }
    if (!photo || date > photo.date) photo = { url: image.url, date };
  }
  return { readiness, stage: stage ?? stageOf(readiness), photo };
}

/** Whether the house is finished, as the feed's building-state says (unknown: being built, with a warning). */
function isFinished(o: YrlOffer, c: OfferCheck): boolean {
  const state = o.buildingState ? BUILDING_STATES[fold(o.buildingState)] : "unfinished";
  if (!state) {
    c.warn(
      "building-state неизвестно",
      `building-state = «${o.buildingState?.slice(0, 40)}» неизвестно — дом считается строящимся`,
      "пишите в <building-state> built, hand-over или unfinished",
    );
  }
  return state === "built" || state === "hand-over";
}

/**
 * One offer checked: every problem is recorded in `c` (a reason rejects the offer, a warning drops a detail),
 * and an accepted offer is read into the apartment, its house and its complex; null when it is rejected.
 */
export function checkOffer(
  o: YrlOffer,
  m: Matching,
  fallbackDeveloper: string | null,
  now: Date,
  c: OfferCheck,
): Accepted | null {
  checkKind(o, c);
  const n = flatNumbers(o, c);
  const developer = checkNames(o, fallbackDeveloper, c);
  const locality = localityOf(o, m, c);
  const { lat, lng, located } = placeOf(o, locality, c);
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
  const finished = isFinished(o, c);
  const progress = progressOf(o, m, finished, now, c);
  const trust = trustOf(o, c);
  const { price, area, floor, roomCode } = n;
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
  return {
    complexKey,
    staged: {
      seq: 0,
      line: o.line,
      id: o.internalId,
      house: `${complexKey}\n${houseFeedKey}`,
      floor,
      rooms: roomCode,
      total: r1(area),
      living: r1(n.living ?? area * share),
      kitchen: r1(n.kitchen ?? (roomCode <= 0 ? area * 0.18 : Math.min(25, 8 + area * 0.08))),
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
      floors: Math.max(floor, n.floorsTotal ?? 0),
      stage: finished ? 3 : 2,
      finished,
      year: n.builtYear ?? (finished ? now.getFullYear() : now.getFullYear() + 2),
      quarter: n.quarter ?? 4,
      progress,
    },
    stations,
  };
}
