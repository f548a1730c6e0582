// Builds the browser bundle: one entry, one lazy chunk per page (esbuild code splitting), hashed names,
// and the manifest the worker reads to link the right CSS and modulepreload for each page.
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  watch,
  writeFileSync,
} from "node:fs";
import { basename, dirname, relative, resolve } from "node:path";
import * as esbuild from "esbuild";

const outdir = "dist/client/assets";
const manifestPath = "worker/ssr/manifest.generated.json";
const SHELL = resolve("client/app.tsx");

/** The modules the client loads lazily: the targets of `import("…")` in client/ (pages, quick search, chat…). */
function lazyModules() {
  const found = new Set();
  for (const file of readdirSync("client", { recursive: true, encoding: "utf8" })) {
    if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
    const source = readFileSync(`client/${file}`, "utf8");
    for (const [, spec] of source.matchAll(/\bimport\("(\.[^"]+)"\)/g))
      found.add(resolve(dirname(`client/${file}`), spec).replace(/\.tsx?$/, ""));
  }
  return found;
}

/**
 * The static imports of an output file, transitively, each after the files it imports: the order the browser
 * evaluates them in, which the entry's loader follows to run a page's chunks one a task (client/entry-loader.ts).
 */
export function staticImports(outputs, file, seen = new Set([file]), order = []) {
  for (const imp of outputs[file]?.imports ?? []) {
    if (imp.kind !== "import-statement" || seen.has(imp.path)) continue;
    seen.add(imp.path);
    staticImports(outputs, imp.path, seen, order);
    order.push(imp.path);
  }
  return order;
}

/**
 * A page's code shared with at least this share of the pages goes into the common chunk, which every page
 * loads: half of them, so that the pages without a filter do not load the filter tables (docs/decisions/0005-first-load-passes.md). `COMMON_SHARE=0.3 node scripts/first-load.mjs` measures another share.
 */
const COMMON_SHARE = Number(process.env.COMMON_SHARE ?? 0.5);

/**
 * A shared chunk at least this big (minified bytes) keeps a file of its own even when most pages load it: it
 * is worth its own request, and the pages that do not use it do not pay for it. valibot (10.5 KB) is one: 16 of
 * the 22 pages parse with it, the others (ad, contacts, legal…) would carry 3 KB gzip for nothing.
 */
const OWN_CHUNK_BYTES = 4096;

/**
 * The modules that at least COMMON_SHARE of the pages load, from a first build's chunks outside the shell
 * smaller than OWN_CHUNK_BYTES: the page's head and breadcrumbs…
 */
function commonModules(outputs) {
  const entry = Object.keys(outputs).find((f) => outputs[f].entryPoint === "client/entry.tsx");
  const shell = new Set([entry, ...staticImports(outputs, entry)]);
  const pages = Object.keys(outputs).filter((f) => /^client\/routes\//.test(outputs[f].entryPoint ?? ""));
  const users = new Map();
  for (const page of pages)
    for (const chunk of staticImports(outputs, page))
      if (!shell.has(chunk) && !outputs[chunk].entryPoint) users.set(chunk, (users.get(chunk) ?? 0) + 1);
  const common = new Set();
  // Rounded down: with 22 pages, a module that 11 of them use is common.
  for (const [chunk, n] of users)
    if (n >= Math.floor(pages.length * COMMON_SHARE) && outputs[chunk].bytes < OWN_CHUNK_BYTES)
      for (const input of Object.keys(outputs[chunk].inputs))
        if (/\.([cm]?[jt]sx?|css)$/.test(input)) common.add(resolve(input));
  return common;
}

/**
 * esbuild's splitting puts a module in a chunk named by the set of entry points (the entry and each lazily
 * imported module) that reach it: the app shell and each page came out as dozens of chunks of a few hundred
 * bytes each. Every lazily loaded module runs after the shell, so each of them also imports the shell
 * (already evaluated by then), and so the shell is one chunk. Each also imports the common modules (other
 * than the common modules themselves), so those are one chunk too: a page is the shell, the common chunk, its
 * own chunk and the chunks it shares with fewer than half of the pages (the catalogue's pages share the most).
 */
function lazyFirst(common) {
  return {
    name: "lazy-first",
    setup(build) {
      const lazy = lazyModules();
      build.onResolve({ filter: /^common:$/ }, () => ({ path: "common", namespace: "common" }));
      build.onLoad({ filter: /.*/, namespace: "common" }, () => ({
        contents: [...common].map((file) => `import ${JSON.stringify(file)};`).join("\n"),
        loader: "js",
        resolveDir: process.cwd(),
      }));
      build.onLoad({ filter: /\/(client|shared)\/.*\.tsx?$/ }, (args) => {
        if (!lazy.has(args.path.replace(/\.tsx?$/, ""))) return undefined;
        const first = [SHELL, ...(common.size && !common.has(args.path) ? ["common:"] : [])];
        return {
          contents: `${first.map((m) => `import ${JSON.stringify(m)};`).join("\n")}\n${readFileSync(args.path, "utf8")}`,
          loader: args.path.endsWith("x") ? "tsx" : "ts",
        };
      });
    },
  };
}

/**
 * react-router ships one file whose top-level `React.forwardRef(…)`, `React.createContext(…)` and
 * `React.memo(…)` calls carry no pure annotation and whose components get `X.displayName = "…"` assignments
 * (read only by React's developer tools), so esbuild kept all of it: data routers, forms, fetchers, error
 * boundaries, prefetching. Annotated and without those lines, only what the app imports stays. The one
 * `contextType` assignment dropped belongs to the error boundary of `<Routes>` and the data routers, which
 * the app does not render (its routes are shared/routes.ts); for the same reason `useNavigate` is the
 * declarative router's, not the data router's too. What else stayed though nothing reads it: top-level
 * `new WeakMap()`/`new Set(…)` and `Object.getOwnPropertyNames(…)` of the data routers' code, the
 * `window.__reactRouterVersion` stamp, and the developer warnings (`warning(…)`, console.warn of misuse)
 * with their messages. 0.5 KB gzip. Its one read of React by a computed name, `React[USE_OPTIMISTIC]`, made
 * esbuild build React's namespace as an object of 44 getters while the app's shell evaluated (a tenth of that
 * task on the phone, scripts/profile-client.mjs); read by its name, the import is the binding itself.
 */
export const shakeReactRouter = {
  name: "shake-react-router",
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/]react-router[\\/]dist[\\/].*\.mjs$/ }, (args) => ({
      contents: readFileSync(args.path, "utf8")
        .replace(/^\w+\.displayName = "[^"]*";$/gm, "")
        .replace(/(=\s*)(React\d*\.(?:forwardRef|createContext|memo)\()/g, "$1/* @__PURE__ */ $2")
        .replace(/^RenderErrorBoundary\.contextType = RSCRouterContext;$/m, "")
        .replace(
          "return isDataRoute ? useNavigateStable() : useNavigateUnstable();",
          "return useNavigateUnstable();",
        )
        .replace(/^(_\w+) = new WeakMap\(\);$/gm, "var $1 = /* @__PURE__ */ new WeakMap();")
        .replace(/^(var \w+ = )(new Set\(|Object\.getOwnPropertyNames\()/gm, "$1/* @__PURE__ */ $2")
        .replace(/^(\s*)warning\(/gm, "$1/* @__PURE__ */ warning(")
        .replace(/\b(React\d*)\[USE_OPTIMISTIC\]/, "$1.useOptimistic")
        .replace(
          /^try \{\n {2}if \(isBrowser2?\) \{\n {4}window\.__reactRouterVersion[\s\S]*?\n\} catch \(e\) \{\n\}$/m,
          "",
        ),
      loader: "js",
    }));
  },
};

/**
 * React's production files the client imports, bundled as ES modules instead of CommonJS. esbuild wraps a
 * CommonJS module in a function that runs when it is first required, and gives each module that imports it a
 * copy of its exports (a getter per export): react-dom's client (200 KB) was compiled on the main thread when
 * the entry first required it (about 12 ms of the entry's 20–45 ms task on this machine, ×4 under Lighthouse's
 * throttling), and React's 44 exports and the JSX runtime's were copied for every component's module. As ES
 * modules their code is the chunk's own top level, which the browser compiles off the main thread while the
 * file streams in, and an import is the binding itself. Each file's `require`s become imports and its
 * `exports.x =` exports; swr imports React's default export, so "react" exports its exports as one object
 * too. The packages' index files (production or development file; react-dom/client's check for React's
 * developer tools whether the bundle was minified) are left out. The scheduler, which react-dom's client
 * imports, is one of them too: wrapped, its function and the copy of its 19 exports were a fifth of the
 * entry's evaluation on the phone (scripts/profile-client.mjs).
 */
const AS_MODULES = {
  "react-dom/client": {
    file: "cjs/react-dom-client.production.js",
    requires: [
      ["Scheduler", "scheduler"],
      ["React", "react"],
      ["ReactDOM", "react-dom"],
    ],
  },
  "react-dom": { file: "cjs/react-dom.production.js", requires: [["React", "react"]] },
  react: { file: "cjs/react.production.js", requires: [], defaultExport: true },
  "react/jsx-runtime": { file: "cjs/react-jsx-runtime.production.js", requires: [] },
  scheduler: { file: "cjs/scheduler.production.js", requires: [] },
};

/**
 * react-dom makes five errors at its top level that it only ever throws and compares (a suspended render's
 * SuspenseException, a hydration mismatch's…). Where a debugger or a profiler is attached (DevTools, Lighthouse,
 * Playwright), an error keeps a stack with its frames' positions, and the position of a line of a module's
 * top level costs V8 a parse of the whole file again: react-dom's 200 KB, 90–100 ms of the entry's evaluation
 * on the calibrated phone, the longest task of our code under `npm run lighthouse` (issue 34). Made in a
 * microtask after the module has run, the errors' stacks are that small function's. Nothing renders before
 * it: the entry hydrates tasks later (client/entry.tsx).
 */
export function errorsInAMicrotask(contents) {
  const made = [];
  const out = contents.replace(
    /^((?:var)? *)(\w+) = (Error\(formatProdErrorMessage\(\d+\)\))([,;])$/gm,
    (_, start, name, error, end) => {
      made.push(`${name} = ${error};`);
      return `${start}${name} = null${end}`;
    },
  );
  return made.length ? `${out}\nqueueMicrotask(() => {\n  ${made.join("\n  ")}\n});\n` : out;
}

export const reactAsModules = {
  name: "react-as-modules",
  setup(build) {
    const namespace = "react-as-modules";
    build.onResolve({ filter: /^(react(-dom|-dom\/client|\/jsx-runtime)?|scheduler)$/ }, async (args) => {
      if (args.pluginData === namespace) return undefined;
      const index = await build.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        pluginData: namespace,
      });
      if (index.errors.length || index.external) return undefined;
      return {
        path: resolve(dirname(index.path), AS_MODULES[args.path].file),
        namespace,
        pluginData: args.path,
      };
    });
    build.onLoad({ filter: /.*/, namespace }, (args) => {
      const { requires, defaultExport } = AS_MODULES[args.pluginData];
      let contents = readFileSync(args.path, "utf8");
      if (requires.length) {
        const declaration = new RegExp(
          `^var ${requires.map(([name, spec]) => `${name} = require\\("${spec}"\\)`).join(",\\n {2}")};$`,
          "m",
        );
        if (!declaration.test(contents)) throw new Error(`${args.path}: its requires changed`);
        contents = contents.replace(
          declaration,
          requires.map(([name, spec]) => `import * as ${name} from "${spec}";`).join("\n"),
        );
      }
      contents = errorsInAMicrotask(contents);
      // `exports.Component = Component`: the export is a variable of its own (the file may declare the name),
      // declared where the file sets it at its top level; a use elsewhere is that variable (the scheduler sets
      // `unstable_now` again in a branch and reads it as `exports.unstable_now()`).
      const names = [...new Set([...contents.matchAll(/\bexports\.(\w+)/g)].map((m) => m[1]))];
      contents = contents
        .replace(/^exports\.(\w+) =/gm, "var $1$$export =")
        .replace(/\bexports\.(\w+)/g, "$1$$export");
      const undeclared = names.filter((n) => !contents.includes(`var ${n}$export =`));
      if (undeclared.length) throw new Error(`${args.path}: no top-level export of ${undeclared.join(", ")}`);
      if (/\b(?:exports|module|require)\b[.(]/.test(contents))
        throw new Error(`${args.path}: CommonJS left after the conversion`);
      contents += `\nexport { ${names.map((n) => `${n}$export as ${n}`).join(", ")} };\n`;
      if (defaultExport)
        contents += `export default { ${names.map((n) => `${n}: ${n}$export`).join(", ")} };\n`;
      return { contents, loader: "js", resolveDir: dirname(args.path) };
    });
  },
};

/**
 * Modules whose exports are worked out when the client is built, and shipped as their values (JSON literals).
 * The base map's paths are projected from the geography's points at its module's top level: 54–70 ms of one
 * task on the calibrated phone, as the map's part loaded, and the part's chunk carried the points (83 KB). As
 * values its chunk is about 20 KB and runs at once. The worker's bundle (wrangler) runs the module itself.
 */
const AT_BUILD = new Set([resolve("client/components/map/basemap.ts")]);

export const atBuild = {
  name: "at-build",
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (!AT_BUILD.has(args.path)) return undefined;
      const out = await esbuild.build({
        entryPoints: [args.path],
        bundle: true,
        format: "esm",
        write: false,
        metafile: true,
        logLevel: "error",
      });
      const code = Buffer.from(out.outputFiles[0].text).toString("base64");
      const values = await import(`data:text/javascript;base64,${code}`);
      return {
        contents: Object.entries(values)
          .map(([name, value]) => `export const ${name} = ${JSON.stringify(value)};`)
          .join("\n"),
        loader: "js",
        watchFiles: Object.keys(out.metafile.inputs).map((input) => resolve(input)),
      };
    });
  },
};

export const PLUGINS = [atBuild, shakeReactRouter, reactAsModules];

const OPTIONS = {
  entryPoints: { entry: "client/entry.tsx", vendor: "client/vendor.ts" },
  bundle: true,
  splitting: true,
  format: "esm",
  target: ["es2022", "chrome100", "safari15", "firefox100"],
  minify: true,
  sourcemap: false,
  outdir,
  entryNames: "[name]-[hash]",
  chunkNames: "[name]-[hash]",
  assetNames: "[name]-[hash]",
  metafile: true,
  jsx: "automatic",
  define: { "process.env.NODE_ENV": '"production"' },
  legalComments: "none",
  // Russian text as UTF-8, not esbuild's default \uXXXX escapes (six bytes a letter before gzip): module
  // scripts are always read as UTF-8.
  charset: "utf8",
  alias: { "use-sync-external-store/shim": "./client/sync-external-store.ts" },
};

/**
 * The entry's loader (client/entry-loader.ts), built to the body of the inline script that worker/ssr/document.ts
 * writes at the end of every page: a function's body that reads the page's modules from `__modules`, the
 * parameter the worker wraps it in.
 */
export async function entryLoaderCode({ minify = true } = {}) {
  const out = await esbuild.build({
    stdin: {
      contents: 'import { loadPageEntry } from "./client/entry-loader";\nloadPageEntry(__modules);',
      resolveDir: process.cwd(),
      sourcefile: "entry-loader-inline.ts",
      loader: "ts",
    },
    bundle: true,
    write: false,
    format: "iife",
    target: OPTIONS.target,
    minify,
    legalComments: "none",
    logLevel: "error",
  });
  return out.outputFiles[0].text.trim();
}

/** The manifest of a build: per page its chunk and what it preloads (worker/ssr/assets.ts reads it). */
function writeManifest(metafile, loader) {
  const url = (file) => `/assets/${basename(file)}`;
  const outputs = metafile.outputs;
  const manifest = { entry: "", css: [], preload: [], pages: {}, loader };
  for (const [file, out] of Object.entries(outputs)) {
    if (!out.entryPoint) continue;
    const rel = relative(".", out.entryPoint);
    const css = out.cssBundle ? [url(out.cssBundle)] : [];
    const preload = staticImports(outputs, file)
      .filter((f) => f.endsWith(".js"))
      .map(url);
    if (rel === "client/entry.tsx") {
      Object.assign(manifest, { entry: url(file), css, preload });
    } else {
      const m = /^client\/routes\/(.+)\.tsx$/.exec(rel);
      // esbuild puts the CSS of every lazily imported page into the entry's stylesheet too, so one cached
      // stylesheet styles every page, client-side navigations included; the pages' own copies go unused.
      if (m) manifest.pages[m[1]] = { js: url(file), css: [], preload };
    }
  }
  writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** The common modules (a first build in memory), then an empty dist/client with the public files. */
async function prepare(logLevel) {
  const probe = await esbuild.build({
    ...OPTIONS,
    write: false,
    plugins: [...PLUGINS, lazyFirst(new Set())],
    logLevel,
  });
  rmSync("dist/client", { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  cpSync("client/public", "dist/client", { recursive: true });
  return commonModules(probe.metafile.outputs);
}

/**
 * V8's explicit compile hint (Chrome 136+; other engines read a comment): every function of the file is
 * compiled while the file streams in, on a background thread, instead of on the main thread at its first call.
 */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/**
 * The entry (react-dom, the hydration), the libraries' chunk (React, the router, SWR), the app's shell and
 * each page's own chunk (its screen) are almost all called while the page hydrates: they carry the compile
 * hint, so their evaluation and hydration's first render do not compile them on the phone's main thread (the
 * shell's and the entry's evaluation was 37–69 ms at 9.6× without it, 11–40 ms with it:
 * docs/decisions/0029-compile-hints.md).
 * The chunks a page shares with others and the lazy parts do not: much of them never runs on a load, and each
 * hinted file costs ~30 bytes gzip of the first-load budget.
 */
export function hintCompile(manifest, dir = "dist/client") {
  const pages = Object.values(manifest.pages).map((page) => page.js);
  for (const url of [manifest.entry, ...manifest.preload, ...pages]) {
    const file = `${dir}${url}`;
    writeFileSync(file, COMPILE_HINT + readFileSync(file, "utf8"));
  }
}

/**
 * esbuild gives a stylesheet imported by modules of several pages (apartment.css, complex.css) a JavaScript
 * chunk of its own that is empty (the CSS itself goes to the entry's stylesheet), and every chunk that imports
 * the stylesheet's module imports it: a request, a modulepreload and a module script of the loader's for
 * nothing, each a task on the phone's main thread. Those chunks are dropped: their imports are cut from the
 * files that have them and from the metafile, so the manifest does not list them.
 */
export function dropEmptyChunks(outputs) {
  const empty = Object.keys(outputs).filter((f) => f.endsWith(".js") && outputs[f].bytes === 0);
  if (!empty.length) return;
  const dropped = new Set(empty);
  const names = empty.map((f) => basename(f).replaceAll(".", "\\."));
  const importOf = new RegExp(`import\\s*"\\./(?:${names.join("|")})";\\n?`, "g");
  for (const [file, out] of Object.entries(outputs)) {
    if (!out.imports?.some((imp) => dropped.has(imp.path))) continue;
    out.imports = out.imports.filter((imp) => !dropped.has(imp.path));
    const text = readFileSync(file, "utf8").replace(importOf, "");
    // An import written in a form the pattern does not know would be left pointing at a deleted file.
    const left = empty.map((f) => basename(f)).find((name) => text.includes(name));
    if (left) throw new Error(`${file} still names ${left} after its import was cut`);
    writeFileSync(file, text);
  }
  for (const file of empty) {
    rmSync(file);
    delete outputs[file];
  }
}

/** The production build into dist/client; `minify: false` keeps the functions' names (scripts/profile-client.mjs). */
export async function buildClient({ quiet = false, minify = true } = {}) {
  const logLevel = quiet ? "error" : "warning";
  const common = await prepare(logLevel);
  const result = await esbuild.build({
    ...OPTIONS,
    minify,
    plugins: [...PLUGINS, lazyFirst(common)],
    logLevel,
  });
  dropEmptyChunks(result.metafile.outputs);
  const manifest = writeManifest(result.metafile, await entryLoaderCode());
  hintCompile(manifest);
  return { manifest, metafile: result.metafile };
}

/** npm run dev's build: outside dist/client, which wrangler dev watches (a change there restarts the worker). */
export const DEV_ASSETS = "dist/dev-assets";

/**
 * npm run dev: the same bundle, unminified, rebuilt on every change under client/ and shared/ into DEV_ASSETS,
 * which scripts/start.mjs serves uncached at /assets/. The entry and its stylesheet keep their names
 * (entry.js, entry.css) and the manifest lists no preloads, so an ordinary edit leaves the manifest as it was
 * and the worker, which imports it, does not restart for it; the manifest is written only when it changes.
 * `onChange(file)` runs when an edit is seen, `onBuild()` when its build is written. A build's chunks stay until
 * the next start, so a page still open on the previous build loads its chunks.
 */
export async function watchClient({ onChange = () => {}, onBuild }) {
  const common = await prepare("warning");
  rmSync(DEV_ASSETS, { recursive: true, force: true });
  const ctx = await esbuild.context({
    ...OPTIONS,
    plugins: [...PLUGINS, lazyFirst(common)],
    logLevel: "warning",
    minify: false,
    outdir: DEV_ASSETS,
    entryNames: "[name]",
    // The page reloads itself after a new build (scripts/start.mjs serves the signal).
    inject: ["scripts/dev-reload.js"],
  });
  // The loader as it is at the start (client/entry-loader.ts: an edit to it needs a restart).
  const manifest = {
    entry: "/assets/entry.js",
    css: ["/assets/entry.css"],
    preload: [],
    pages: {},
    loader: await entryLoaderCode({ minify: false }),
  };
  const text = `${JSON.stringify(manifest, null, 2)}\n`;
  if (!existsSync(manifestPath) || readFileSync(manifestPath, "utf8") !== text)
    writeFileSync(manifestPath, text);
  // esbuild reports a failed build itself; the page stays on the last good one.
  const build = () => ctx.rebuild().then(onBuild, () => {});
  await build();
  let timer;
  for (const dir of ["client", "shared"])
    watch(dir, { recursive: true }, (_event, file) => {
      onChange(`${dir}/${file}`);
      clearTimeout(timer);
      timer = setTimeout(build, 50);
    });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { manifest } = await buildClient();
  console.log(`client built: ${Object.keys(manifest.pages).length} page chunks`);
}
