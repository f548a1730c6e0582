// node scripts/render-timing.mjs: every page type rendered 50 times, one request at a time, past the edge cache
// (Cache-Control: no-cache), through the production build (scripts/local-server.mjs) at seed scale 1: the p50 of
// the first byte (the answer's headers) and of the whole page, and the page's size, for people to read (nothing
// here passes or fails). A lighter companion to `npm run bench`.
import { buildClient } from "./build-client.mjs";
import { prepareScale, startServer } from "./local-server.mjs";

const RUNS = 50;
const HEADERS = {
  "user-agent":
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  "cache-control": "no-cache",
};

const json = async (origin, path) => (await fetch(`${origin}${path}`)).json();

/** One URL of each page type that reads data, some read from the running site. */
async function targets(origin) {
  const grid = await json(origin, "/api/v1/residential-complexes/grid");
  const metro = await json(origin, "/api/v1/locations/subways/grid?kind=metro");
  const station = [...metro.data].sort((a, b) => b.rc_count - a.rc_count)[0];
  const complex = grid.data[0];
  const flats = await json(
    origin,
    `/api/v1/living-objects/grid?search[residential_complex_id]=${complex.id}`,
  );
  const posts = await json(origin, "/api/v1/media/posts/grid");
  const companies = await json(origin, "/api/v1/companies/grid?search[type]=developer");
  return {
    home: "/",
    listing: "/novostroyki/",
    map: "/novostroyki/na-karte/",
    "location type": "/po-metro/",
    location: `/po-metro/${station.slug}/`,
    complex: complex.url,
    "apartments of a complex": `/kvartiry/novostroyka/${complex.slug}/`,
    apartment: flats.data[0].url,
    journal: "/journal/",
    article: `/journal/${posts.data[0].category.slug}/${posts.data[0].slug}/`,
    companies: "/companies/",
    company: `/companies/developers/${companies.data[0].slug}/`,
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

await buildClient({ quiet: true });
const server = await startServer({
  persistTo: await prepareScale(1),
  log: "bench-results/render-timing.log",
});
try {
  const rows = [];
  for (const [page, path] of Object.entries(await targets(server.origin))) {
    const first = [];
    const times = [];
    let size = 0;
    for (let i = 0; i < RUNS + 5; i++) {
      const start = performance.now();
      const res = await fetch(`${server.origin}${path}`, { headers: HEADERS });
      const headers = performance.now();
      size = (await res.arrayBuffer()).byteLength;
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
      // The first five warm the isolate and its caches.
      if (i >= 5) {
        first.push(headers - start);
        times.push(performance.now() - start);
      }
    }
    rows.push({
      page,
      path,
      "first byte p50 ms": median(first).toFixed(1),
      "p50 ms": median(times).toFixed(1),
      "HTML KB": (size / 1024).toFixed(0),
    });
  }
  console.table(rows);
} finally {
  await server.stop();
}
