/**
 * The catalogue on a map: our own schematic base map (basemap.ts, drawn by BaseGeometry.tsx) with the complexes of the filter, clustered
 * by a grid at the zoom level (shared/map/cluster.ts), made on the server for what is in view. A cluster zooms
 * in on its complexes; a complex opens a small card. Without JavaScript it is the server's picture of the whole
 * region, each complex a link to its page.
 *
 * The first view's answer (every level up to the first view's, over the whole catalogue) comes with the page;
 * a closer view asks the server for its level's clusters in a box around it (shared/map/view.ts: quantised, so
 * nearby views share one answer), and meanwhile shows the last answer it had.
 */
import {
  type CSSProperties,
  memo,
  type RefObject,
  Suspense,
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useLocation, useNavigationType } from "react-router";
import { filterKeys } from "../../../shared/filter-keys";
import type { CatalogueFilter } from "../../../shared/filters/catalogue";
import { countOf, formatNumber, formatPriceFrom, WORDS } from "../../../shared/format";
import {
  type Bounds,
  boundsOf,
  FIRST_LEVEL,
  fitBounds,
  guessedFrame,
  homeView,
  pxPerKm,
  type Size,
  toScreen,
  VIEW_PARAM,
  type View,
  viewOfParam,
  viewToParam,
  ZOOM_MAX,
  ZOOM_MIN,
  zoomInto,
  zoomStep,
} from "../../../shared/map/projection";
import { bboxParam, FIRST_VIEW, levelOf, type ViewQuery, viewQuery } from "../../../shared/map/view";
import type {
  MapClusterTuple,
  MapDestination,
  MapPointTuple,
  MapStation,
  MapView,
} from "../../../shared/schemas/map";
import { commuteBand, commuteBandColor } from "../../../shared/transit/bands";
import { approxMinutes } from "../../../shared/transit/text";
import { useApi } from "../../hooks/use-api";
import { useBoot } from "../../hooks/use-boot";
import { useDebounced } from "../../hooks/use-debounced";
import { lazyPart } from "../../pages";
import { AppLink } from "../AppLink";
import { complexTitle, stationName } from "../complex/text";
import { CloseIcon } from "../icons";
import { CommuteAreas } from "./CommuteAreas";
import { CommuteLegend } from "./CommuteLegend";
import { destinationWords, PointPicker, PointPin } from "./PointPicker";
import { useGestures } from "./use-gestures";
import "./map.css";

/** Station dots from this zoom, all towns' names from this one. */
const STATIONS_FROM = 5;
const ALL_TOWNS_FROM = 2.5;

/** A cluster as drawn, with its complexes when they are known: always for one alone, for all with the points. */
interface Marker {
  c: MapClusterTuple;
  items: MapPointTuple[] | null;
}

/** A complex of the card, with its station. */
interface Chosen {
  t: MapPointTuple;
  station: MapStation | undefined;
}

const boundsOfCluster = (c: MapClusterTuple): Bounds => ({
  min: { x: c[4], y: c[5] },
  max: { x: c[6], y: c[7] },
});

/** Every complex: the clusters of any level cover them all, to the same metre. */
const allOf = (clusters: readonly MapClusterTuple[]): Bounds =>
  boundsOf(
    clusters.flatMap((c) => {
      const { min, max } = boundsOfCluster(c);
      return [min, max];
    }),
  );

/** The markers of a level from an answer (its closest level when it has not that one), with a card's complexes. */
function markersOf(map: MapView, level: number): Marker[] {
  const byId = new Map(map.points.map((t) => [t[0], t]));
  const together = new Map(map.together.map((ids) => [Math.min(...ids), ids]));
  const clusters = map.levels[Math.max(0, Math.min(level - map.from, map.levels.length - 1))] ?? [];
  return clusters.map((c) => {
    const ids = c[2] === 1 ? [c[3]] : (together.get(c[3]) ?? []);
    const items = ids.map((id) => byId.get(id)).filter((t) => t !== undefined);
    return { c, items: items.length === c[2] ? items : null };
  });
}

/** A question's box, comparable. */
const bboxKey = (q: ViewQuery) => (q.bbox ? bboxParam(q.bbox) : "");

const urlOf = (t: MapPointTuple) => `/novostroyki/${t[4]}/`;
const radiusOf = (count: number) => Math.round(14 + 3.5 * Math.log10(count));

/** The base map's drawing: its own chunk, rendered by the server and drawn again only when it arrives. */
const GEOMETRY = lazyPart<Record<string, never>>(() => import("./BaseGeometry"));
/** Without props, so no move of the map re-renders it (nor asks React to hydrate it before its chunk is there). */
const Geometry = memo(function Geometry() {
  return (
    <Suspense fallback={null}>
      <GEOMETRY.Component />
    </Suspense>
  );
});

/**
 * A group drawn in the map's kilometres: the view is its one transform, and `--s` (pixels per kilometre) is
 * what its CSS divides by to keep sizes in pixels. A move of the map changes these two attributes only.
 */
function inKilometres(view: View, size: Size) {
  const s = pxPerKm(view.zoom);
  const tx = size.width / 2 - view.x * s;
  const ty = size.height / 2 - view.y * s;
  return { transform: `matrix(${s} 0 0 ${s} ${tx} ${ty})`, style: { "--s": s } as CSSProperties };
}

/**
 * The drawing under the points: scaled as a whole, strokes keep their width (non-scaling-stroke); the towns'
 * names and the river's width follow the scale through `--s`, the stations and the smaller towns show closer in.
 */
function BaseLayer({ view, size }: { view: View; size: Size }) {
  const closer = `${view.zoom >= STATIONS_FROM ? " cmap__base--stations" : ""}${view.zoom >= ALL_TOWNS_FROM ? " cmap__base--towns" : ""}`;
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a drawing; nothing in it takes the focus
    <g aria-hidden="true" className={`cmap__base${closer}`} {...inKilometres(view, size)}>
      <Geometry />
    </g>
  );
}

/** A complex's or a cluster's minutes to the destination in words: «≈ 38 мин до м. Охотный Ряд». */
function commuteWords(minutes: number, to: MapDestination): string {
  const where = destinationWords(to);
  return minutes < 0 ? `время в пути до ${where} неизвестно` : `${approxMinutes(minutes)} до ${where}`;
}

function PointInfo({ t, station, to }: Chosen & { to: MapDestination | undefined }) {
  const minutes = t[7];
  return (
    <>
      <AppLink to={urlOf(t)} className="cmap__card-name">
        {complexTitle(t[3])}
      </AppLink>
      <span className="cmap__card-price">{formatPriceFrom(t[5])}</span>
      {to && minutes !== undefined && <span className="cmap__card-commute">{commuteWords(minutes, to)}</span>}
      {station && (
        <span className="cmap__card-station">
          <span className="cmap__card-line" style={{ background: station[2] }} />
          {stationName({ name: station[0], kind: station[1] })}
        </span>
      )}
    </>
  );
}

function Card({ items, to, onClose }: { items: Chosen[]; to: MapDestination | undefined; onClose(): void }) {
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
          <PointInfo {...first} to={to} />
        </div>
      ) : (
        <ul className="cmap__card-list">
          {items.map((p) => (
            <li key={p.t[0]}>
              <PointInfo {...p} to={to} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export interface CatalogueMapProps {
  /** The complexes shown: another filter closes the card. */
  filter: CatalogueFilter;
}

export default function CatalogueMap({ filter }: CatalogueMapProps) {
  const frame = useRef<HTMLDivElement>(null);
  const location = useLocation();
  const navigation = useNavigationType();
  const urlView = useMemo(
    () => viewOfParam(new URLSearchParams(location.search).get(VIEW_PARAM)),
    [location.search],
  );
  const size = useFrameSize(frame, guessedFrame(useBoot().narrow));
  // The view the visitor moved to, or a link's; until then (null) the map shows Moscow in whatever size the
  // frame has, without a render of its own when the frame is measured.
  const [moved, setMoved] = useState<View | null>(urlView);
  const home = useMemo(() => homeView(size), [size]);
  const view = moved ?? home;
  // The card's complexes, of the filter they were chosen in: another filter closes the card.
  const [chosen, setSelected] = useState<{ filter: CatalogueFilter; items: Chosen[] } | null>(null);
  const selected = chosen?.filter === filter ? chosen.items : null;

  // Back and forward bring the entry's view back: the one its URL keeps, or Moscow. (A new filter keeps the
  // view, and the map's own writes below are no navigation the router knows of.)
  const entry = useRef(location.key);
  useEffect(() => {
    if (location.key === entry.current) return;
    entry.current = location.key;
    if (navigation !== "POP") return;
    setMoved(urlView);
  }, [location.key, navigation, urlView]);
  // The settled view goes into the URL, so a shared link or a reload opens it: replacing the entry, not
  // through the router (a move is no new page, and it must not scroll to the top).
  const settled = useDebounced(view, 300);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new entry (another filter) gets the view too
  useEffect(() => {
    // Not while it moves (nor the view of the entry just left, when back or forward brings another).
    if (moved === null || settled !== view) return;
    const { pathname, search, hash } = window.location;
    // The other parameters as they are, the view's last with its commas readable.
    const kept = search
      .slice(1)
      .split("&")
      .filter((p) => p && !p.startsWith(`${VIEW_PARAM}=`));
    const next = `?${[...kept, `${VIEW_PARAM}=${viewToParam(settled)}`].join("&")}`;
    if (next !== search) window.history.replaceState(window.history.state, "", `${pathname}${next}${hash}`);
  }, [settled, view, moved, location.key]);

  const move = useCallback((change: (view: View) => View) => setMoved((v) => change(v ?? home)), [home]);
  const gestures = useGestures(frame, size, move);

  const level = levelOf(view);
  // The first view's answer (the page's, or another filter's on its way: the last one meanwhile, dimmed) and a
  // closer view's, asked for once the view has settled.
  const first = useApi(filterKeys.complexMapView(filter, FIRST_VIEW), { keepPreviousData: true });
  const asked = viewQuery(useDebounced(view, 150), size);
  // The view's own question, asked once the view has settled: until then what shows is the last one's.
  const wanted = viewQuery(view, size);
  const settling = wanted.zoom !== asked.zoom || bboxKey(wanted) !== bboxKey(asked);
  const closer = useApi(level > FIRST_LEVEL && asked.bbox ? filterKeys.complexMapView(filter, asked) : null, {
    keepPreviousData: true,
  });
  const map = (level > FIRST_LEVEL ? closer.data : undefined) ?? first.data;
  const markers = useMemo(() => (map ? markersOf(map, level) : []), [map, level]);
  const all = first.data?.levels[0];
  const busy = first.isLoading;
  // The view's own clusters are on their way (a closer level, or another box of it).
  const loading =
    level > FIRST_LEVEL && (settling || closer.isLoading || !closer.data || closer.data.from !== level);

  const openMarker = ({ c, items }: Marker) => {
    const bounds = boundsOfCluster(c);
    const spread = Math.max(bounds.max.x - bounds.min.x, bounds.max.y - bounds.min.y);
    // One complex, or several that no zoom can tell apart (one house): the card. Otherwise closer in.
    if (items && (items.length === 1 || view.zoom >= ZOOM_MAX || spread * pxPerKm(ZOOM_MAX) < 1)) {
      setSelected({ filter, items: items.map((t) => ({ t, station: map?.stations[t[6]] })) });
    } else move((v) => zoomInto(v, size, bounds));
  };
  // One function for every render, so the markers that stay in view are not rendered again (MarkerView).
  const opener = useRef(openMarker);
  useLayoutEffect(() => {
    opener.current = openMarker;
  });
  const open = useCallback((m: Marker) => opener.current(m), []);

  const margin = 40;
  const inView = markers.filter((m) => {
    const at = toScreen(view, size, { x: m.c[0], y: m.c[1] });
    return at.x > -margin && at.y > -margin && at.x < size.width + margin && at.y < size.height + margin;
  });
  return (
    <>
      <div
        className={`cmap${busy ? " cmap--busy" : ""}${map?.commuteTo ? " cmap--commute" : ""}`}
        data-part="map"
      >
        <div
          ref={frame}
          className="cmap__frame"
          role="application"
          aria-roledescription="карта"
          aria-label="Карта новостроек"
          aria-describedby="cmap-help"
          // Still loading: another filter's complexes, or the points behind the first view's clusters.
          aria-busy={busy || loading}
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
            {map?.areas && <CommuteAreas areas={map.areas} view={view} size={size} />}
            <Markers
              shown={inView}
              view={view}
              size={size}
              selected={selected}
              to={map?.commuteTo}
              onOpen={open}
            />
            {map?.commuteTo && <DestinationMark to={map.commuteTo} view={view} size={size} />}
            {filter.commute_at && <PointPin at={filter.commute_at} view={view} size={size} />}
          </svg>
        </div>
        {all && all.length > 0 && (
          <button
            type="button"
            className="cmap__all"
            onClick={() => move(() => fitBounds(allOf(all), size, 32))}
          >
            Показать все
          </button>
        )}
        <ZoomButtons zoom={view.zoom} onZoom={(step) => move((v) => zoomStep(v, size, step))} />
        <PointPicker frame={frame} view={view} size={size} at={filter.commute_at} />
        {loading && (
          <p className="cmap__loading" role="status">
            Загружаем ЖК в этой части карты…
          </p>
        )}
        {all?.length === 0 && (
          <p className="cmap__empty">По этим условиям ничего не нашлось. Попробуйте убрать часть фильтров.</p>
        )}
        {selected && (
          <Card
            key={selected.map((p) => p.t[0]).join(",")}
            items={selected}
            to={map?.commuteTo}
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
      {/* The legend of a map coloured by commute comes with the map's chunk, not in the page's first load. */}
      {first.data?.commuteTo && <CommuteLegend to={first.data.commuteTo} />}
    </>
  );
}

/** The commute's destination: a diamond in its line's colour with the station's name (a drawing; the legend says it). */
function DestinationMark({ to, view, size }: { to: MapDestination; view: View; size: Size }) {
  const at = toScreen(view, size, { x: to[3], y: to[4] });
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a drawing; nothing in it takes the focus
    <g className="cmap__dest" transform={`translate(${at.x} ${at.y})`} aria-hidden="true">
      <rect x={-9} y={-9} width={18} height={18} transform="rotate(45)" style={{ fill: to[2] }} />
      <text y={-18}>{stationName({ name: to[0], kind: to[1] })}</text>
    </g>
  );
}

/** «, быстрее всего ≈ 24 мин до м. Охотный Ряд» after a cluster's count (nothing without a destination). */
function clusterCommute(minutes: number | undefined, to: MapDestination | undefined): string {
  if (!to || minutes === undefined) return "";
  return minutes < 0 ? `, ${commuteWords(minutes, to)}` : `, быстрее всего ${commuteWords(minutes, to)}`;
}

/** A marker's fill by its commute band, when the map is coloured by one. */
const fillOf = (minutes: number | undefined): CSSProperties | undefined =>
  minutes === undefined ? undefined : { fill: commuteBandColor(commuteBand(minutes)) };

/**
 * The view's markers: a complex alone is a link to it, several a cluster that zooms in. With a commute's
 * destination each is coloured by its band (a cluster by its quickest complex) and its label says the minutes.
 * Each stands at its place in kilometres, in a group that carries the view (inKilometres), and its glyph is
 * scaled back to pixels by CSS (map.css): a pan or a zoom writes the group's transform, not every marker's.
 * Each marker is a component of its own (MarkerView): React renders them one by one, yielding between them,
 * and a move of the map re-renders none of those that stay in view.
 */
function Markers({
  shown,
  view,
  size,
  selected,
  to,
  onOpen,
}: {
  shown: Marker[];
  view: View;
  size: Size;
  selected: Chosen[] | null;
  to: MapDestination | undefined;
  onOpen(m: Marker): void;
}) {
  const chosen = new Set(selected?.map((s) => s.t[0]));
  return (
    <g className="cmap__markers" {...inKilometres(view, size)}>
      {shown.map((m) => {
        const t = m.c[2] === 1 ? m.items?.[0] : undefined;
        const key = t ? t[0] : `c${m.c[3]}`;
        return <MarkerView key={key} m={m} on={t ? chosen.has(t[0]) : false} to={to} onOpen={onOpen} />;
      })}
    </g>
  );
}

/** One marker of Markers: a complex's link, or a cluster's button. */
const MarkerView = memo(function MarkerView({
  m,
  on,
  to,
  onOpen,
}: {
  m: Marker;
  on: boolean;
  to: MapDestination | undefined;
  onOpen(m: Marker): void;
}) {
  const n = m.c[2];
  const t = m.items?.[0];
  const at = `translate(${m.c[0]} ${m.c[1]})`;
  if (n === 1 && t) {
    return (
      <g transform={at}>
        <a
          href={urlOf(t)}
          className={`cmap__point${on ? " cmap__point--on" : ""}`}
          aria-label={`${complexTitle(t[3])}, ${formatPriceFrom(t[5])}${to && t[7] !== undefined ? `, ${commuteWords(t[7], to)}` : ""}`}
          data-count={1}
          data-commute={t[7]}
          onClick={(e) => {
            e.preventDefault();
            onOpen(m);
          }}
        >
          <circle r={14} className="cmap__hit" />
          <circle r={7} className="cmap__dot" style={fillOf(t[7])} />
        </a>
      </g>
    );
  }
  return (
    <g transform={at}>
      {/* biome-ignore lint/a11y/useSemanticElements: an SVG group cannot be a <button> */}
      <g
        role="button"
        tabIndex={0}
        className="cmap__cluster"
        aria-label={`${countOf(n, WORDS.complex)} рядом${clusterCommute(m.c[8], to)} — приблизить`}
        data-count={n}
        data-commute={m.c[8]}
        onClick={() => onOpen(m)}
        onKeyDown={(e) => {
          if (e.key !== "Enter" && e.key !== " ") return;
          e.preventDefault();
          e.stopPropagation();
          onOpen(m);
        }}
      >
        <circle r={radiusOf(n)} style={fillOf(m.c[8])} />
        <text>{formatNumber(n)}</text>
      </g>
    </g>
  );
});

function ZoomButtons({ zoom, onZoom }: { zoom: number; onZoom(step: 1 | -1): void }) {
  return (
    <div className="cmap__zoom">
      <button
        type="button"
        className="cmap__zoom-button"
        aria-label="Приблизить"
        disabled={zoom >= ZOOM_MAX}
        onClick={() => onZoom(1)}
      >
        +
      </button>
      <button
        type="button"
        className="cmap__zoom-button"
        aria-label="Отдалить"
        disabled={zoom <= ZOOM_MIN}
        onClick={() => onZoom(-1)}
      >
        −
      </button>
    </div>
  );
}

/**
 * The frame's size in whole pixels, as it is laid out and whenever it changes; the server's guess of the screen
 * before (shared/map/projection.ts guessedFrame). The map drawn at the measured size is a transition: rendered
 * in slices after hydration, not in the task that hydrates (the server's picture, scaled to fill the frame,
 * shows meanwhile); guessed right, it moves the markers the server drew and replaces none. The first size comes from the
 * observer too, which the browser tells after its own layout: measured in the commit that hydrates, it made
 * the browser lay the whole page out inside that commit (`measure` was 18–35% of 41–55 ms commits at 9×).
 */
function useFrameSize(frame: RefObject<HTMLDivElement | null>, guess: Size): Size {
  const [size, setSize] = useState(guess);
  useEffect(() => {
    const el = frame.current;
    if (!el) return;
    const measure = () => {
      const { width, height } = el.getBoundingClientRect();
      const next = { width: Math.round(width), height: Math.round(height) };
      if (next.width && next.height)
        startTransition(() =>
          setSize((s) => (s.width === next.width && s.height === next.height ? s : next)),
        );
    };
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [frame]);
  return size;
}
