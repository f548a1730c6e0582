/**
 * The base map's drawing in the map's kilometres (basemap.ts), loaded on its own (CatalogueMap's `GEOMETRY`):
 * the geometry is most of the map's code, and it never changes after the first paint. The server draws it in
 * the HTML; the browser keeps that drawing while it hydrates and takes over once this chunk is there. The zoom
 * reaches it only through its group's class and the `--s` variable (pixels per kilometre), so it never
 * renders again.
 */
import { HIGHWAY_PATHS, LINE_PATHS, RINGS, RIVER, STATIONS, TOWNS } from "./basemap";

export default function BaseGeometry() {
  const mkad = RINGS.find((r) => r.name === "МКАД");
  return (
    <>
      {mkad && <path d={mkad.d} className="cmap__city" />}
      {HIGHWAY_PATHS.map((d) => (
        <path key={d} d={d} className="cmap__highway" />
      ))}
      <path d={RIVER} className="cmap__river" />
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
      <path d={STATIONS} className="cmap__stations" />
      {TOWNS.map((t) => (
        <text
          key={t.name}
          x={t.x}
          y={t.y}
          className={t.major ? "cmap__town" : "cmap__town cmap__town--minor"}
        >
          {t.name}
        </text>
      ))}
    </>
  );
}
