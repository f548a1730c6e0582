/**
 * «Ход строительства» (issue 31): for each house its latest report (stage, readiness), a timeline of its
 * readiness by month against the time to its current deadline with every declared deadline marked, how often
 * the deadline moved, and «Риск переноса» with its reasons in words. Where no photo exists the stage is drawn
 * (StageArt) and labelled as an illustration; the developer's progress photos open in the page's light box.
 * Rendered with the page on the server.
 */
import type { Timeline } from "../../../shared/construction/history";
import { formatDate, formatMonthShort } from "../../../shared/format";
import type { HouseConstruction } from "../../../shared/schemas/catalogue";
import { AppLink } from "../AppLink";
import { StageArt } from "../art/StageArt";
import { useLightBox } from "./LightBox";
import "./construction.css";

const CW = 320;
const CH = 132;
const PAD = { left: 38, right: 10, top: 20, bottom: 20 };
/** Half the width of «сегодня» at the chart's font size (about 11 units of its 320), and a unit to spare. */
const TODAY_HALF = 25;

/** «нояб. 26» of a report's month ("2026-11"). */
const monthLabel = (month: string) => formatMonthShort(`${month}-15T12:00:00Z`);

/** A house's readiness by month (a line), the time to its current deadline, and each declared deadline. */
function TimelineChart({ t, name }: { t: Timeline; name: string }) {
  const span = Math.max(1, t.to - t.from);
  const x = (m: number) => Math.round((PAD.left + (m / span) * (CW - PAD.left - PAD.right)) * 10) / 10;
  const y = (p: number) => Math.round((PAD.top + ((100 - p) / 100) * (CH - PAD.top - PAD.bottom)) * 10) / 10;
  const last = t.points.at(-1);
  const current = t.deadlines.at(-1);
  const now = Math.min(t.now, span);
  const label = `${name}: ${last ? `готовность ${last.y} %` : "готовность неизвестна"}, ${
    t.deadlines.length > 1
      ? `сроки: ${t.deadlines.map((d) => d.label).join(" → ")}`
      : `срок: ${current?.label ?? "не указан"}`
  }`;
  return (
    <svg viewBox={`0 0 ${CW} ${CH}`} className="cx-timeline" role="img" aria-label={label}>
      {[0, 50, 100].map((p) => (
        <g key={p}>
          <line x1={PAD.left} x2={CW - PAD.right} y1={y(p)} y2={y(p)} className="cx-timeline__grid" />
          <text x={PAD.left - 4} y={y(p) + 4} textAnchor="end" className="cx-timeline__axis">
            {p}%
          </text>
        </g>
      ))}
      <line x1={x(now)} x2={x(now)} y1={PAD.top - 4} y2={CH - PAD.bottom} className="cx-timeline__now" />
      {/* Centred under its line, unless that would cut it at an edge of the chart (today is often its end). */}
      <text
        x={Math.min(Math.max(x(now), PAD.left + TODAY_HALF), CW - TODAY_HALF)}
        y={CH - 6}
        textAnchor="middle"
        className="cx-timeline__axis"
      >
        сегодня
      </text>
      {t.deadlines.map((d) => (
        <g
          key={`${d.x}-${d.label}`}
          className={d.current ? "cx-timeline__deadline--current" : "cx-timeline__deadline"}
        >
          <line x1={x(d.x)} x2={x(d.x)} y1={PAD.top - 4} y2={CH - PAD.bottom} />
          <circle cx={x(d.x)} cy={y(100)} r="3.5" />
          {d.current && (
            <text x={Math.min(x(d.x), CW - 2)} y={PAD.top - 8} textAnchor="end">
              срок {d.label}
            </text>
          )}
        </g>
      ))}
      {last && current && !(t.points.length && last.y >= 100) && (
        // The pace it takes from the latest report to be ready by the current deadline.
        <line
          x1={x(last.x)}
          y1={y(last.y)}
          x2={x(Math.max(current.x, last.x))}
          y2={y(100)}
          className="cx-timeline__need"
        />
      )}
      {t.points.length > 0 && (
        <polyline
          points={t.points.map((p) => `${x(p.x)},${y(p.y)}`).join(" ")}
          className="cx-timeline__line"
        />
      )}
      {last && <circle cx={x(last.x)} cy={y(last.y)} r="3.5" className="cx-timeline__last" />}
    </svg>
  );
}

/**
 * The developer's progress photos by month: links to the pictures, opened in the page's light box once it
 * runs (a link still opens the picture without script).
 */
function ProgressPhotos({ house, photos }: { house: string; photos: HouseConstruction["photos"] }) {
  const { open } = useLightBox();
  const caption = (p: HouseConstruction["photos"][number]) =>
    `${house}: фото стройки${p.date ? ` от ${formatDate(`${p.date}T12:00:00+03:00`)}` : `, ${monthLabel(p.month)}`}`;
  const slides = photos.map((p) => ({
    key: p.url,
    caption: caption(p),
    content: <img src={p.url} alt={caption(p)} decoding="async" />,
  }));
  return (
    <ul className="cx-build__photos">
      {photos.map((p, i) => (
        <li key={p.url}>
          <a
            href={p.url}
            onClick={(e) => {
              e.preventDefault();
              open(slides, i);
            }}
          >
            Фото стройки, {monthLabel(p.month)}
          </a>
        </li>
      ))}
    </ul>
  );
}

export function Construction({ houses }: { houses: readonly HouseConstruction[] }) {
  return (
    <>
      <ul className="cx-build">
        {houses.map((h) => (
          <li key={h.id} className="cx-build__house">
            <h3 className="cx-build__name">{h.name}</h3>
            {h.finished ? (
              <p className="cx-build__state">Дом сдан; {h.moves}.</p>
            ) : (
              <>
                <p className="cx-build__state">
                  {h.latest
                    ? `${h.latest.stage_name}, готовность ${h.latest.readiness}\u00a0% (${monthLabel(h.latest.month)})`
                    : "Застройщик не публикует готовность"}
                  ; {h.moves}.
                </p>
                <div className="cx-build__body">
                  <div>
                    <TimelineChart t={h.timeline} name={h.name} />
                    {h.timeline.deadlines.length > 1 && (
                      <p className="cx-build__deadlines">
                        Объявленные сроки: {h.timeline.deadlines.map((d) => d.label).join(" → ")}
                      </p>
                    )}
                  </div>
                  {h.latest && (
                    <figure className="cx-build__art">
                      <StageArt stage={h.latest.stage} readiness={h.latest.readiness} floors={h.floors} />
                      <figcaption>Иллюстрация: {h.latest.stage_name.toLowerCase()}, не фото</figcaption>
                    </figure>
                  )}
                </div>
                {h.risk && (
                  <div className={`cx-risk cx-risk--${h.risk.band}`}>
                    <p className="cx-risk__band">Риск переноса: {h.risk.label}</p>
                    <ul className="cx-risk__reasons">
                      {h.risk.reasons.map((r) => (
                        <li key={r}>{r}</li>
                      ))}
                    </ul>
                  </div>
                )}
                {h.photos.length > 0 && <ProgressPhotos house={h.name} photos={h.photos} />}
              </>
            )}
          </li>
        ))}
      </ul>
      <p className="cx-build__method">
        <AppLink to="/riski-perenosa/">Как мы оцениваем риск переноса срока</AppLink>
      </p>
    </>
  );
}
