/**
 * The areas coloured by commute (issue 32, shared/map/areas.ts): under the markers, each band's cells one path
 * in the band's colour, drawn in the grid's own units (a cell is 1 × 1) and placed by one transform, so a move
 * of the map changes one attribute. Rendered by the server too: the map without JavaScript is coloured as well.
 */
import { memo } from "react";
import { ORIGIN } from "../../../shared/map/cluster";
import { pxPerKm, type Size, type View } from "../../../shared/map/projection";
import { AREA_LETTERS, type MapAreas } from "../../../shared/schemas/map";
import { COMMUTE_BANDS, commuteBandColor } from "../../../shared/transit/bands";

/** Each band's cells as one path: a rectangle per run of the band within a row. */
export function bandPaths([, , , cols, bands]: MapAreas): string[] {
  const paths: string[] = COMMUTE_BANDS.map(() => "");
  let at = 0;
  for (const [, symbol, length] of bands.matchAll(/([a-j.])(\d*)/g)) {
    let left = length ? Number(length) : 1;
    const band = AREA_LETTERS.indexOf(symbol ?? ".");
    while (left > 0) {
      const col = at % cols;
      const n = Math.min(left, cols - col);
      if (band >= 0) paths[band] += `M${col} ${Math.floor(at / cols)}h${n}v1h-${n}z`;
      at += n;
      left -= n;
    }
  }
  return paths;
}

/** Only a new answer draws the paths again; a move of the map re-renders the group's transform alone. */
const Paths = memo(function Paths({ areas }: { areas: MapAreas }) {
  return (
    <>
      {bandPaths(areas).map((d, band) =>
        d ? <path key={COMMUTE_BANDS[band]} d={d} style={{ fill: commuteBandColor(band) }} /> : null,
      )}
    </>
  );
});

export function CommuteAreas({ areas, view, size }: { areas: MapAreas; view: View; size: Size }) {
  const [cell, ix, iy] = areas;
  const s = pxPerKm(view.zoom);
  const k = s * cell;
  const tx = (ORIGIN + ix * cell - view.x) * s + size.width / 2;
  const ty = (ORIGIN + iy * cell - view.y) * s + size.height / 2;
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a drawing; nothing in it takes the focus (the legend says it)
    <g className="cmap__areas" aria-hidden="true" transform={`matrix(${k} 0 0 ${k} ${tx} ${ty})`}>
      <Paths areas={areas} />
    </g>
  );
}
