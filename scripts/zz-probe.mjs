import { prepareScale, startServer } from "./local-server.mjs";
const scale = Number(process.argv[2] ?? 1);
const server = await startServer({ persistTo: await prepareScale(scale), log: "/tmp/zz-probe.log" });
try {
  const grid = await (await fetch(`${server.origin}/api/v1/residential-complexes/grid?per_page=1`)).json();
  const html = await (await fetch(`${server.origin}${grid.data[0].url}`, { headers: { "cache-control": "no-cache" } })).text();
  const json = /<script type="application\/json" id="__DATA__"[^>]*>(.*?)<\/script>/s.exec(html)[1];
  const keys = Object.keys(JSON.parse(json).fallback);
  for (const key of [...keys, "/api/v1/residential-complexes/grid?per_page=1&search[rooms]=2", "/api/v1/residential-complexes/grid?search[price][min]=8000000&search[price][max]=14100000&per_page=1"]) {
    const t = performance.now(); const r = await fetch(`${server.origin}${key}`); await r.arrayBuffer();
    console.log(((performance.now() - t)).toFixed(0).padStart(6), "ms", r.status, key);
  }
} finally { await server.stop(); }
