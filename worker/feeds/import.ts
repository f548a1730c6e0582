/**
 * Imports a developer's YRL feed into the catalogue. The offers stream through the parser into a staging area
 * of the run; nothing in the catalogue changes until the whole file has been read, so a broken file fails its
 * run with the catalogue untouched. Then, in chunks: developers, complexes (developer + yandex-building-id or
 * building-name) and houses (yandex-house-id or building-section) are found or created, apartments (feed +
 * internal-id) updated or added, prices recorded, apartments gone from the feed marked sold, aggregates
 * recomputed. Each invalid offer is reported with its id, a Russian reason and what to change, never silently
 * dropped; the issues are also grouped by kind with a count and an example, so a large feed's report stays
 * readable. How one offer is read and checked is offer.ts.
 */
import { moscowMonth } from "../../shared/construction/history";
import { countOf } from "../../shared/format";
import { slugify } from "../../shared/slug";
import { refreshConstructionOf } from "../construction/refresh";
import { refreshAggregates } from "../db/queries/aggregates";
import { listLatestReadiness, upsertProgress } from "../db/queries/construction";
import {
  applyStagedOffers,
  type DistrictRow,
  dropRepeatedOffers,
  ensureFeed,
  type FeedRow,
  finishCatalogue,
  finishRun,
  insertDeveloper,
  linkStagedHouse,
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
import { haversineKm } from "../db/seed/prng";
import { logEvent } from "../log";
import {
  type Accepted,
  type ComplexDraft,
  checkOffer,
  fold,
  hash,
  loadMatching,
  MAX_TEXT,
  type Matching,
  OfferCheck,
  type Problem,
  type StationDistance,
} from "./offer";
import { FeedError, readYrl } from "./yrl-parser";

export interface Issue extends Problem {
  /** The offer's internal-id, or «—» when it has none. */
  id: string;
  line: number;
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

/** Class by the price of a metre, when the feed says nothing of it. */
function classOf(priceM2: number): number {
  return priceM2 < 180_000 ? 1 : priceM2 < 300_000 ? 2 : priceM2 < 450_000 ? 3 : priceM2 < 700_000 ? 4 : 5;
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
    if (house) {
      house.floors = Math.max(house.floors, a.house.floors);
      // The first offer's report of the house; a photo another offer gives if it has none.
      house.progress ??= a.house.progress;
      if (house.progress && !house.progress.photo && a.house.progress?.photo)
        house.progress = { ...house.progress, photo: a.house.progress.photo };
    } else {
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
    const houseIds = houseRows.map((r) => {
      const houseId = r.results[0]?.id;
      if (houseId === undefined) throw new Error("houses: no id returned");
      return houseId;
    });
    // This month's construction reports; a readiness lower than the last one is not plausible: kept as it was.
    const month = moscowMonth(now);
    const before = await listLatestReadiness(db, houseIds, month);
    const reports = houses.flatMap((h, i) => {
      const houseId = houseIds[i] as number;
      const last = before.get(houseId);
      if (!h.progress) return [];
      if (last !== undefined && h.progress.readiness < last) {
        run.warnings += 1;
        run.report(
          h.name,
          0,
          {
            kind: "готовность уменьшилась",
            reason: `${c.name}, ${h.name}: готовность ${h.progress.readiness} %, а в прошлом отчёте ${last} % — оставлена прежняя`,
            fix: "проверьте <construction-progress><readiness>: готовность дома не уменьшается",
          },
          false,
        );
        return [];
      }
      return [upsertProgress(db, { houseId, month, ...h.progress })];
    });
    await db.batch([
      ...houses.map((h, i) => linkStagedHouse(db, runId, h.key, complexId, houseIds[i] as number)),
      ...reports,
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
  /** The image proxy's allow-list (IMAGE_HOSTS): progress photos from other hosts are dropped. */
  imageHosts: readonly string[] = [],
): Promise<RunSummary> {
  const at = now.toISOString();
  const runId = await startRun(db, feed.id, at);
  const counts: RunCounts = { offers: 0, added: 0, updated: 0, sold: 0, rejected: 0, warnings: 0 };
  let issues: Issue[] = [];
  let groups: IssueGroup[] = [];
  let message: string | null = null;
  try {
    const m = await loadMatching(db, imageHosts);
    const run = await stageFeed(db, runId, feed, body, m, now);
    const collect = () => {
      Object.assign(counts, { offers: run.offers, rejected: run.rejected, warnings: run.warnings });
      issues = run.issues;
      // Rejections first, then the most frequent kinds.
      groups = [...run.groups.values()].sort(
        (a, b) => Number(b.skipped) - Number(a.skipped) || b.count - a.count,
      );
    };
    collect();
    // From here on the catalogue is written (the houses' reports may add warnings).
    const developerId = await placeComplexes(db, runId, run, m, now);
    collect();
    const { from, to } = await stagedSeqRange(db, runId);
    for (let start = from; start <= to; start += APPLY_CHUNK) {
      const r = await applyStagedOffers(db, runId, feed.id, start, start + APPLY_CHUNK - 1);
      counts.added += r.added;
      counts.updated += r.updated;
    }
    counts.sold = await markMissingSold(db, runId, feed.id);
    const touched = await finishCatalogue(db, runId, feed.id, developerId);
    await refreshAggregates(db, touched);
    // The kept readiness, moves and risk of the complexes the feed wrote (migration 0023).
    await refreshConstructionOf(db, touched, now);
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
  imageHosts: readonly string[] = [],
): Promise<RunSummary> {
  const feed = await ensureFeed(db, url, now.toISOString());
  if (!feed) throw new Error("feeds: no row returned");
  return importFeed(db, feed, body, now, imageHosts);
}
