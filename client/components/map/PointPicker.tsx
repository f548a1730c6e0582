/**
 * A point on the map as the commute's destination (issue 32, `commute_at`): «Указать точку на карте», then a tap
 * or a click on the map puts the point there (the map's own projection turns the screen's position into
 * latitude and longitude), and the page's filter takes it: the list, the count and the colours follow. The
 * point shows as a pin. Apart from CatalogueMap.tsx, which only places these two parts.
 */
import type { RefObject } from "react";
import { useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { pointText, readPoint } from "../../../shared/filters/commute";
import { queryString } from "../../../shared/filters/fields";
import {
  type Point,
  project,
  type Size,
  toMap,
  toScreen,
  unproject,
  type View,
} from "../../../shared/map/projection";
import type { MapDestination } from "../../../shared/schemas/map";
import { stationName } from "../complex/text";
import "./point-picker.css";
import { drawingPoint } from "./use-gestures";

const AT = "commute_at";

/** The destination after «до»: «точки на карте» for a point, else its station («м. Охотный Ряд»). */
export const destinationWords = (to: MapDestination): string =>
  to[5] !== undefined ? "точки на карте" : stationName({ name: to[0], kind: to[1] });

/** The point's pin, drawn at its place in the view (nothing for a value that is no point of the region). */
export function PointPin({ at, view, size }: { at: string; view: View; size: Size }) {
  const p = readPoint(at);
  if (!p) return null;
  const s = toScreen(view, size, project(p.lat, p.lng));
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a drawing; nothing in it takes the focus
    <g className="cmap-point__pin" transform={`translate(${s.x} ${s.y})`} aria-hidden="true">
      <path d="M0 0C-2-7-11-12-11-20a11 11 0 0 1 22 0C11-12 2-7 0 0Z" />
      <circle cy={-20} r={4} />
    </g>
  );
}

/**
 * The control: a button that starts picking; while picking, a layer over the map takes the one tap (or «Центр
 * карты» from the keyboard) and «Отмена». With a point set, «Убрать точку».
 */
export function PointPicker({
  frame,
  view,
  size,
  at,
}: {
  frame: RefObject<HTMLElement | null>;
  view: View;
  size: Size;
  at: string | undefined;
}) {
  const [picking, setPicking] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();
  /** The page's URL with the point (or without one): the station, if any, gives way to it. */
  const go = (point: string | null) => {
    const params = new URLSearchParams(location.search);
    params.delete(AT);
    params.delete("commute_to");
    params.delete("page");
    if (point) params.set(AT, point);
    const qs = queryString(params);
    setPicking(false);
    // A new filter starts a page at its top (client/app.tsx); the map stays where the visitor put the point.
    const y = window.scrollY;
    navigate(`${location.pathname}${qs ? `?${qs}` : ""}`);
    requestAnimationFrame(() => requestAnimationFrame(() => window.scrollTo(0, y)));
  };
  const pick = (screen: Point) => go(pointText(unproject(toMap(view, size, screen))));
  if (!picking)
    return (
      <div className="cmap-point">
        <button type="button" className="cmap-point__button" onClick={() => setPicking(true)}>
          {at ? "Другая точка" : "Указать точку на карте"}
        </button>
        {at && (
          <button type="button" className="cmap-point__button" onClick={() => go(null)}>
            Убрать точку
          </button>
        )}
      </div>
    );
  return (
    <>
      <button
        type="button"
        className="cmap-point__layer"
        aria-label="Поставить точку сюда"
        // A tap or a click is taken as the pointer is released over the layer, not by `click`: that one needs
        // the press and the release on the same element, and a render between them (the map's view, its
        // answers) could lose it. A finger that scrolls the page instead ends in pointercancel: no point.
        onPointerUp={(e) => {
          if (e.button === 0) pick(drawingPoint(frame, e));
        }}
        // From the keyboard (no pointer: detail 0) the point is the map's centre, as «Центр карты».
        onClick={(e) => {
          if (e.detail === 0) pick({ x: size.width / 2, y: size.height / 2 });
        }}
      />
      <div className="cmap-point cmap-point--picking" role="status">
        <span className="cmap-point__hint">Нажмите на карту там, куда вы ездите</span>
        <button
          type="button"
          className="cmap-point__button"
          onClick={() => pick({ x: size.width / 2, y: size.height / 2 })}
        >
          Центр карты
        </button>
        <button type="button" className="cmap-point__button" onClick={() => setPicking(false)}>
          Отмена
        </button>
      </div>
    </>
  );
}
