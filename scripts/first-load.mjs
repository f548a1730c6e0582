// The client bundle's first load, in gzip -9 bytes: what `npm run bench` reports against the budgets, and
// `node scripts/first-load.mjs`, which builds the client and prints only this (quick, no server).
//
// A page's first-load JS is the entry, the entry's static imports (the app shell), the page's chunk and its
// static imports (the common chunk and the chunks it shares with a few other pages), each file counted once.
// The base is what every page loads before its own code: the entry, its static imports and whatever every
// page's chunk imports.
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { buildClient } from "./build-client.mjs";

const BUDGET = { js: 105 * 1024, css: 25 * 1024 };

const kb = (bytes) => (bytes / 1024).toFixed(1);

/** gzip -9 bytes of a set of built files (URLs of the manifest), each counted once. */
function gzipped() {
  const sizes = new Map();
  const size = (url) => {
    if (!sizes.has(url)) sizes.set(url, gzipSync(readFileSync(`dist/client${url}`), { level: 9 }).length);
    return sizes.get(url);
  };
  return (urls) => [...new Set(urls)].reduce((n, u) => n + size(u), 0);
}

/** First-load JS and CSS of each page against the budgets. */
export function firstLoad(manifest) {
  const sum = gzipped();
  return Object.entries(manifest.pages)
    .map(([page, p]) => {
      const js = sum([manifest.entry, ...manifest.preload, p.js, ...p.preload]);
      const css = sum([...manifest.css, ...p.css]);
      return {
        page,
        "JS KB gz": kb(js),
        "JS budget": js <= BUDGET.js ? "ok" : "over",
        "CSS KB gz": kb(css),
        "CSS budget": css <= BUDGET.css ? "ok" : "over",
      };
    })
    .sort((a, b) => a.page.localeCompare(b.page));
}

/** The base every page pays: its files and their sizes, and the total. */
export function baseLoad(manifest) {
  const sum = gzipped();
  const pages = Object.values(manifest.pages).map((p) => new Set(p.preload));
  const everyPage = [...(pages[0] ?? [])].filter((url) => pages.every((s) => s.has(url)));
  const files = [...new Set([manifest.entry, ...manifest.preload, ...everyPage])];
  return { files: files.map((url) => ({ file: url, "KB gz": kb(sum([url])) })), total: kb(sum(files)) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { manifest } = await buildClient({ quiet: true });
  const base = baseLoad(manifest);
  console.table(base.files);
  console.log(`base (every page): ${base.total} KB gz`);
  console.table(firstLoad(manifest));
}
