// Builds the browser bundle: one entry, one lazy chunk per page (esbuild code splitting), hashed names,
// and the manifest the worker reads to link the right CSS and modulepreload for each page.
import { cpSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { basename, relative } from "node:path";
import * as esbuild from "esbuild";

const outdir = "dist/client/assets";
const manifestPath = "worker/ssr/manifest.generated.json";

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
