/**
 * «Ход строительства» of a complex's houses (issue 31), for the complex's answer (loadComplex): each house's
 * latest report, its timeline, its deadlines' moves and its risk with the developer's own record, as of `now`.
 */
import { CONSTRUCTION_STAGES, isStage, movesText, timelineOf } from "../../shared/construction/history";
import { deliveryRisk, RISK_LABELS } from "../../shared/construction/risk";
import type { HouseConstruction } from "../../shared/schemas/catalogue";
import type { HouseRow } from "../db/queries/complexes";
import { constructionRowsOf, progressOf } from "../db/queries/construction";
import { proxied } from "../image-proxy";

export function constructionOf(
  houses: readonly HouseRow[],
  record: { finished: number; late: number },
  imageHosts: readonly string[],
  now: Date,
): HouseConstruction[] {
  const developer = { delivered: record.finished, late: record.late };
  const rows = constructionRowsOf(houses);
  return houses.map((h) => {
    const progress = progressOf(h, rows);
    const reports = rows.progress.filter((p) => p.house_id === h.id);
    const last = reports.at(-1);
    const risk = progress.finished ? null : deliveryRisk(progress, developer, now);
    return {
      id: h.id,
      name: h.name,
      floors: h.floors,
      finished: progress.finished,
      latest:
        last && isStage(last.stage)
          ? {
              month: last.month,
              stage: last.stage,
              stage_name: CONSTRUCTION_STAGES[last.stage],
              readiness: last.readiness,
            }
          : null,
      moves: movesText(progress.deadlines),
      timeline: timelineOf(progress.readiness, progress.deadlines, now),
      risk: risk && { band: risk.band, label: RISK_LABELS[risk.band], reasons: risk.reasons },
      photos: reports
        .flatMap((p) => {
          const url = proxied(p.photo_url, imageHosts, 960);
          return url ? [{ month: p.month, url, date: p.photo_date }] : [];
        })
        .reverse(),
    };
  });
}
