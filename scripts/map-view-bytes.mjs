// node scripts/map-view-bytes.mjs [scale…]: the map's bytes per view (GET /residential-complexes/map-view, JSON as
// sent, before compression) at seed scales 1 and 10 by default. Views of a phone's (390 × 360) and a desktop's
// (1440 × 640) frame at every zoom level from the first view's to the closest, each centred on the centre of
// Moscow and on the densest cell of the first view's closest level; prints each level's largest view and the
// largest of all. MAP_QUERY adds a filter to every view, e.g. MAP_QUERY="commute_to=41" (the map coloured by
// commute: each cluster and point carries its minutes).
import { importTypeScript } from "./db.mjs";
import { prepareScale, startServer } from "./local-server.mjs";

/** The map's own projection and view quantisation (shared/map), bundled for Node. */
const { FIRST_LEVEL, project, ZOOM_MAX } = await importTypeScript("shared/map/projection.ts");
const { bboxParam, FIRST_VIEW, viewQuery } = await importTypeScript("shared/map/view.ts");

const SCALES = process.argv.slice(2).map(Number).filter(Boolean);
const FRAMES = [
  { width: 390, height: 360 },
  { width: 1440, height: 640 },
];
const FILTER = process.env.MAP_QUERY ? `&${process.env.MAP_QUERY}` : "";
const url = (q) =>
  `/api/v1/residential-complexes/map-view?zoom=${q.zoom}${q.bbox ? `&bbox=${bboxParam(q.bbox)}` : ""}${FILTER}`;

for (const scale of SCALES.length ? SCALES : [1, 10]) {
  const server = await startServer({
    persistTo: await prepareScale(scale),
    log: `bench-results/wrangler-map-${scale}.log`,
  });
  try {
    const get = async (path) => {
      const res = await fetch(`${server.origin}${path}`);
      if (!res.ok) throw new Error(`${path}: ${res.status}`);
      const text = await res.text();
      return { bytes: Buffer.byteLength(text), body: JSON.parse(text) };
    };
    const first = await get(url(FIRST_VIEW));
    const densest = first.body.levels[FIRST_LEVEL].reduce((a, b) => (b[2] > a[2] ? b : a));
    const centres = [project(55.7539, 37.6208), { x: densest[0], y: densest[1] }];
    const rows = [{ scale, level: `0–${FIRST_LEVEL}`, "max KB": (first.bytes / 1024).toFixed(1), views: 1 }];
    let max = first.bytes;
    for (let zoom = FIRST_LEVEL + 1; zoom <= ZOOM_MAX; zoom++) {
      const sizes = [];
      for (const size of FRAMES) {
        for (const c of centres)
          sizes.push((await get(url(viewQuery({ ...c, zoom: zoom + 0.5 }, size)))).bytes);
      }
      max = Math.max(max, ...sizes);
      rows.push({
        scale,
        level: String(zoom),
        "max KB": (Math.max(...sizes) / 1024).toFixed(1),
        views: sizes.length,
      });
    }
    console.table(rows);
    console.log(`Масштаб ${scale}: самый большой ответ карты ${(max / 1024).toFixed(1)} KB\n`);
  } finally {
    await server.stop();
  }
}
