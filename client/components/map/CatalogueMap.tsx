/**
 * The catalogue on a map: our own schematic base map (basemap.ts) with the complexes of the filter, clustered
 * by a grid at the zoom level (shared/map/cluster.ts). A cluster zooms in on its complexes; a complex opens a
 * small card. Without JavaScript it is the server's picture of the whole region, each complex a link to its page.
 */
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { countOf, formatNumber, formatPriceFrom, WORDS } from "../../../shared/format";
import { type Cluster, clustersAt } from "../../../shared/map/cluster";
import {
  boundsOf,
  fitBounds,
  HOME,
  type Point,
  project,
  pxPerKm,
  type Size,
  toScreen,
  type View,
  ZOOM_MAX,
  ZOOM_MIN,
  zoomInto,
  zoomStep,
} from "../../../shared/map/projection";
import type { ComplexMap, MapPointTuple } from "../../../shared/schemas/map";
import { AppLink } from "../AppLink";
import { complexTitle, stationName } from "../complex/text";
import { CloseIcon } from "../icons";
import { HIGHWAY_PATHS, LINE_PATHS, RINGS, RIVER, STATIONS, TOWNS } from "./basemap";
import { useGestures } from "./use-gestures";
import "./map.css";

/** The frame's size until the browser measures it: the server's picture, scaled to fill the frame. */
const SERVER_SIZE: Size = { width: 1200, height: 600 };
/** Station dots from this zoom, all towns' names from this one. */
const STATIONS_FROM = 5;
const ALL_TOWNS_FROM = 2.5;

interface MapPoint extends Point {
  t: MapPointTuple;
}

const homeView = (size: Size) => fitBounds(HOME, size, 8);
const urlOf = (t: MapPointTuple) => `/novostroyki/${t[4]}/`;
const radiusOf = (count: number) => Math.round(14 + 3.5 * Math.log10(count));

/** The drawing under the points: scaled as a whole, strokes keep their width (non-scaling-stroke). */
const BaseLayer = memo(function BaseLayer({ view, size }: { view: View; size: Size }) {
  const s = pxPerKm(view.zoom);
  const tx = size.width / 2 - view.x * s;
  const ty = size.height / 2 - view.y * s;
  const mkad = RINGS.find((r) => r.name === "МКАД");
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a drawing; nothing in it takes the focus
    <g aria-hidden="true">
      <g transform={`matrix(${s} 0 0 ${s} ${tx} ${ty})`} className="cmap__base">
        {mkad && <path d={mkad.d} className="cmap__city" />}
        {HIGHWAY_PATHS.map((d) => (
          <path key={d} d={d} className="cmap__highway" />
        ))}
        <path
          d={RIVER}
          className="cmap__river"
          style={{ strokeWidth: Math.min(14, Math.max(2, 0.15 * s)) }}
        />
        {RINGS.map((r) => (
          <path
            key={r.name}
            d={r.d}
            className={r.name === "МКАД" ? "cmap__ring cmap__ring--mkad" : "cmap__ring"}
          />
        ))}
        {LINE_PATHS.map((l) => (
          <path key={l.number} d={l.d} className={`cmap__line cmap__line--${l.kind}`} stroke={l.color} />
        ))}
        {view.zoom >= STATIONS_FROM && <path d={STATIONS} className="cmap__stations" />}
      </g>
      {TOWNS.filter((t) => t.major || view.zoom >= ALL_TOWNS_FROM).map((t) => {
        const p = toScreen(view, size, t);
        return (
          <text key={t.name} x={p.x} y={p.y} className="cmap__town">
            {t.name}
          </text>
        );
      })}
    </g>
  );
});

function PointInfo({ t, stations }: { t: MapPointTuple; stations: ComplexMap["stations"] }) {
  const station = stations[t[6]];
  return (
    <>
      <AppLink to={urlOf(t)} className="cmap__card-name">
        {complexTitle(t[3])}
      </AppLink>
      <span className="cmap__card-price">{formatPriceFrom(t[5])}</span>
      {station && (
        <span className="cmap__card-station">
          <span className="cmap__card-line" style={{ background: station[2] }} />
          {stationName({ name: station[0], kind: station[1] })}
        </span>
      )}
    </>
  );
}

function Card({
  items,
  stations,
  onClose,
}: {
  items: MapPoint[];
  stations: ComplexMap["stations"];
  onClose(): void;
}) {
  const ref = useRef<HTMLElement>(null);
  // The card takes the focus, so a keyboard reaches its link at once; Esc gives it back to the map.
  useEffect(() => {
    ref.current?.querySelector("a")?.focus();
  }, []);
  const first = items[0];
  return (
    <section
      ref={ref}
      className="cmap__card"
      aria-label={items.length > 1 ? `${countOf(items.length, WORDS.complex)} в одном месте` : "Выбранный ЖК"}
      onKeyDown={(e) => e.key === "Escape" && onClose()}
    >
      <button type="button" className="icon-button cmap__close" aria-label="Закрыть" onClick={onClose}>
        <CloseIcon width={20} height={20} />
      </button>
      {items.length === 1 && first ? (
        <div className="cmap__card-one">
          <PointInfo t={first.t} stations={stations} />
        </div>
      ) : (
        <ul className="cmap__card-list">
          {items.map((p) => (
            <li key={p.t[0]}>
              <PointInfo t={p.t} stations={stations} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function CatalogueMap({ map, busy }: { map: ComplexMap; busy: boolean }) {
  const frame = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState(SERVER_SIZE);
  const [view, setView] = useState(() => homeView(SERVER_SIZE));
  const [selected, setSelected] = useState<MapPoint[] | null>(null);
  const touched = useRef(false);

  useLayoutEffect(() => {
    const el = frame.current;
    if (!el) return;
    const measure = () => {
      const { width, height } = el.getBoundingClientRect();
      const next = { width: Math.round(width), height: Math.round(height) };
      if (next.width && next.height)
        setSize((s) => (s.width === next.width && s.height === next.height ? s : next));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  // Until the visitor moves it, the map shows Moscow in whatever size the frame has.
  useLayoutEffect(() => {
    if (!touched.current) setView(homeView(size));
  }, [size]);

  const move = useCallback((change: (view: View) => View) => {
    touched.current = true;
    setView(change);
  }, []);
  const gestures = useGestures(frame, size, move);

  const points = useMemo(
    (): MapPoint[] => map.points.map((t) => ({ ...project(t[1], t[2]), t })),
    [map.points],
  );
  const level = Math.floor(view.zoom);
  const clusters = useMemo(() => clustersAt(points, level), [points, level]);
  // New points (another filter): a card of the old ones closes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect is about the points changing
  useEffect(() => setSelected(null), [points]);

  const open = (c: Cluster<MapPoint>) => {
    const items = c.items;
    const bounds = boundsOf(items);
    const spread = Math.max(bounds.max.x - bounds.min.x, bounds.max.y - bounds.min.y);
    // One complex, or several that no zoom can tell apart (one house): the card. Otherwise closer in.
    if (items.length === 1 || view.zoom >= ZOOM_MAX || spread * pxPerKm(ZOOM_MAX) < 1) setSelected(items);
    else move((v) => zoomInto(v, size, bounds));
  };

  const margin = 40;
  const shown = clusters
    .map((c) => ({ c, at: toScreen(view, size, c) }))
    .filter(
      ({ at }) =>
        at.x > -margin && at.y > -margin && at.x < size.width + margin && at.y < size.height + margin,
    );
  return (
    <div className={`cmap${busy ? " cmap--busy" : ""}`}>
      <div
        ref={frame}
        className="cmap__frame"
        role="application"
        aria-roledescription="карта"
        aria-label="Карта новостроек"
        aria-describedby="cmap-help"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the map pans with the arrows and zooms with + and −
        tabIndex={0}
        onDragStart={(e) => e.preventDefault()}
        {...gestures}
      >
        <svg
          className="cmap__svg"
          viewBox={`0 0 ${size.width} ${size.height}`}
          preserveAspectRatio="xMidYMid slice"
          width="100%"
          height="100%"
        >
          <BaseLayer view={view} size={size} />
          <g className="cmap__markers">
            {shown.map(({ c, at }) => {
              const n = c.items.length;
              const one = c.items[0];
              if (n === 1 && one) {
                const t = one.t;
                return (
                  <g key={t[0]} transform={`translate(${at.x} ${at.y})`}>
                    <a
                      href={urlOf(t)}
                      className={`cmap__point${selected?.includes(one) ? " cmap__point--on" : ""}`}
                      aria-label={`${complexTitle(t[3])}, ${formatPriceFrom(t[5])}`}
                      data-count={1}
                      onClick={(e) => {
                        e.preventDefault();
                        open(c);
                      }}
                    >
                      <circle r={14} className="cmap__hit" />
                      <circle r={7} className="cmap__dot" />
                    </a>
                  </g>
                );
              }
              return (
                // biome-ignore lint/a11y/useSemanticElements: an SVG group cannot be a <button>
                <g
                  key={`c${c.items[0]?.t[0]}`}
                  role="button"
                  tabIndex={0}
                  className="cmap__cluster"
                  transform={`translate(${at.x} ${at.y})`}
                  aria-label={`${countOf(n, WORDS.complex)} рядом — приблизить`}
                  data-count={n}
                  onClick={() => open(c)}
                  onKeyDown={(e) => {
                    if (e.key !== "Enter" && e.key !== " ") return;
                    e.preventDefault();
                    e.stopPropagation();
                    open(c);
                  }}
                >
                  <circle r={radiusOf(n)} />
                  <text>{formatNumber(n)}</text>
                </g>
              );
            })}
          </g>
        </svg>
      </div>
      {points.length > 0 && (
        <button
          type="button"
          className="cmap__all"
          onClick={() => move(() => fitBounds(boundsOf(points), size, 32))}
        >
          Показать все
        </button>
      )}
      <div className="cmap__zoom">
        <button
          type="button"
          className="cmap__zoom-button"
          aria-label="Приблизить"
          disabled={view.zoom >= ZOOM_MAX}
          onClick={() => move((v) => zoomStep(v, size, 1))}
        >
          +
        </button>
        <button
          type="button"
          className="cmap__zoom-button"
          aria-label="Отдалить"
          disabled={view.zoom <= ZOOM_MIN}
          onClick={() => move((v) => zoomStep(v, size, -1))}
        >
          −
        </button>
      </div>
      {map.points.length === 0 && (
        <p className="cmap__empty">По этим условиям ничего не нашлось. Попробуйте убрать часть фильтров.</p>
      )}
      {selected && (
        <Card
          key={selected.map((p) => p.t[0]).join(",")}
          items={selected}
          stations={map.stations}
          onClose={() => {
            setSelected(null);
            frame.current?.focus();
          }}
        />
      )}
      <p id="cmap-help" className="visually-hidden">
        Стрелки сдвигают карту, плюс и минус меняют масштаб. Кружок с числом — несколько ЖК рядом: нажмите,
        чтобы приблизить.
      </p>
    </div>
  );
}
