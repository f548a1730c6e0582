// Builds the browser bundle: one entry, one lazy chunk per page (esbuild code splitting), hashed names,
// and the manifest the worker reads to link the right CSS and modulepreload for each page.
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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
 * esbuild's splitting puts a module in a chunk named by the set of entry points (the entry and each lazily
 * imported module) that reach it, so the app shell the entry loads came out as 14 chunks and a page as 20
 * more. Every lazy module is loaded after the shell, so making each of them also reach the shell (an import
 * that is already evaluated when it runs) gives the whole shell one set: one chunk.
 */
const shellFirst = {
  name: "shell-first",
  setup(build) {
    const lazy = lazyModules();
    build.onLoad({ filter: /\/(client|shared)\/.*\.tsx?$/ }, (args) => {
      if (!lazy.has(args.path.replace(/\.tsx?$/, ""))) return undefined;
      const source = readFileSync(args.path, "utf8");
      return {
        contents: `import ${JSON.stringify(SHELL)};\n${source}`,
        loader: args.path.endsWith("x") ? "tsx" : "ts",
      };
    });
  },
};

export async function buildClient({ quiet = false } = {}) {
  rmSync("dist/client", { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  const result = await esbuild.build({
    entryPoints: { entry: "client/entry.tsx" },
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
    plugins: [shellFirst],
    logLevel: quiet ? "error" : "warning",
  });
  cpSync("client/public", "dist/client", { recursive: true });

  const url = (file) => `/assets/${basename(file)}`;
  const outputs = result.metafile.outputs;
  const imports = (file, seen = new Set()) => {
    for (const imp of outputs[file]?.imports ?? []) {
      if (imp.kind !== "import-statement" || seen.has(imp.path)) continue;
      seen.add(imp.path);
      imports(imp.path, seen);
    }
    return seen;
  };
  const manifest = { entry: "", css: [], preload: [], pages: {} };
  for (const [file, out] of Object.entries(outputs)) {
    if (!out.entryPoint) continue;
    const rel = relative(".", out.entryPoint);
    const css = out.cssBundle ? [url(out.cssBundle)] : [];
    const preload = [...imports(file)].filter((f) => f.endsWith(".js")).map(url);
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
  return { manifest, metafile: result.metafile };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { manifest } = await buildClient();
  console.log(`client built: ${Object.keys(manifest.pages).length} page chunks`);
}
