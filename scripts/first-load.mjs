// The client bundle's first load, in gzip -9 bytes: what `npm run bench` reports against the budgets, and
// `node scripts/first-load.mjs`, which builds the client and prints only this (quick, no server).
//
// A page's first-load JS is the entry, the entry's static imports (the app shell), the page's chunk and its
// static imports (the common chunk and the chunks it shares with a few other pages), each file counted once.
// The base is what every page loads before its own code: the entry, its static imports and whatever every
// page's chunk imports.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { buildClient, staticImports } from "./build-client.mjs";

/** ARCHITECTURE.md's first-load budget per page (npm test checks it). */
export const FIRST_LOAD_BUDGET = { js: 110 * 1024, css: 25 * 1024 };

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
        "JS budget": js <= FIRST_LOAD_BUDGET.js ? "ok" : "over",
        "CSS KB gz": kb(css),
        "CSS budget": css <= FIRST_LOAD_BUDGET.css ? "ok" : "over",
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

/** The modules client/ declares as lazy parts: `lazyPart(() => import("…"))` or `pressablePart(name, () => import("…"))`. */
function partModules() {
  const found = new Set();
  for (const file of readdirSync("client", { recursive: true, encoding: "utf8" })) {
    if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
    const source = readFileSync(`client/${file}`, "utf8");
    for (const [, spec] of source.matchAll(
      /\b(?:lazyPart|pressablePart)\b[\s\S]{0,160}?\bimport\("(\.[^"]+)"\)/gs,
    ))
      found.add(relative(".", resolve(dirname(`client/${file}`), spec)).replace(/\.tsx?$/, ""));
  }
  return found;
}

/**
 * The lazy parts (client/pages.ts lazyPart) each page can load: the parts imported with `import()` from the
 * app's shell (the same on every page), and those from the page's chunk or from another of its parts,
 * transitively. Named by module, to tell a part below the first screen from one a press opens
 * (ARCHITECTURE.md, «Budgets»). `node scripts/first-load.mjs --parts` prints them.
 */
export function lazyParts(metafile) {
  const outputs = metafile.outputs;
  const declared = partModules();
  const moduleOf = (file) => (outputs[file]?.entryPoint ?? "").replace(/\.tsx?$/, "");
  const isPage = (file) => moduleOf(file).startsWith("client/routes/");
  /** The parts reachable from `start`, each chunk's static imports and the parts' own parts followed. */
  const reach = (start, skip = new Set()) => {
    const found = new Set();
    const todo = [...start];
    for (let file = todo.pop(); file; file = todo.pop())
      for (const chunk of [file, ...staticImports(outputs, file)])
        for (const imp of outputs[chunk].imports) {
          if (imp.kind !== "dynamic-import" || isPage(imp.path) || found.has(imp.path)) continue;
          found.add(imp.path);
          todo.push(imp.path);
        }
    return [...found]
      .filter((f) => declared.has(moduleOf(f)) && !skip.has(f))
      .map((f) => moduleOf(f).replace(/^client\/(components\/)?/, ""))
      .sort();
  };
  const entry = Object.keys(outputs).find((f) => outputs[f].entryPoint === "client/entry.tsx");
  const shellFiles = new Set(
    [...declared].flatMap((m) => Object.keys(outputs).filter((f) => moduleOf(f) === m)),
  );
  const shell = reach([entry]);
  const shellSet = new Set(
    [...shellFiles].filter((f) => shell.includes(moduleOf(f).replace(/^client\/(components\/)?/, ""))),
  );
  const pages = {};
  for (const page of Object.keys(outputs).filter(isPage))
    pages[moduleOf(page).replace("client/routes/", "")] = reach([page], shellSet);
  return { shell, pages };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { manifest, metafile } = await buildClient({ quiet: true });
  const base = baseLoad(manifest);
  console.table(base.files);
  console.log(`base (every page): ${base.total} KB gz`);
  console.table(firstLoad(manifest));
  if (process.argv.includes("--parts")) {
    const { shell, pages } = lazyParts(metafile);
    console.log(`every page, from the shell (${shell.length}): ${shell.join(" ")}`);
    for (const page of Object.keys(pages).sort())
      console.log(`${page} (${pages[page].length}): ${pages[page].join(" ")}`);
  }
}
