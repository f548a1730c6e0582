import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import * as esbuild from "esbuild";
import { describe, expect, it } from "vitest";
import * as basemap from "../../client/components/map/basemap";
// @ts-expect-error: a build script in plain JavaScript, without type declarations
import * as build from "../../scripts/build-client.mjs";

const { atBuild, COMPILE_HINT, errorsInAMicrotask, hintCompile, PLUGINS, reactAsModules, shakeReactRouter } =
  build;

/** What the client imports from react-router, bundled and minified as the client build does. */
async function bundle(plugins: esbuild.Plugin[]): Promise<string> {
  const out = await esbuild.build({
    stdin: {
      contents:
        'export { BrowserRouter, Navigate, useHref, useLinkClickHandler, useLocation, useNavigate, useNavigationType } from "react-router";',
      resolveDir: process.cwd(),
    },
    bundle: true,
    minify: true,
    write: false,
    format: "esm",
    external: ["react", "react-dom"],
    define: { "process.env.NODE_ENV": '"production"' },
    plugins,
    logLevel: "error",
  });
  return out.outputFiles[0]?.text ?? "";
}

describe("react-router in the client build", () => {
  it("keeps only what the app imports: <Link>'s framework code and the data routers are shaken out", async () => {
    const plain = await bundle([]);
    const shaken = await bundle([shakeReactRouter]);
    // Without the plugin esbuild keeps every component of the file (<Link> prints data-discover).
    expect(plain).toContain("data-discover");
    expect(shaken).not.toContain("data-discover");
    expect(plain).toContain("RouterProvider");
    expect(shaken).not.toContain("RouterProvider");
    expect(shaken.length).toBeLessThan(plain.length / 2);
    // The data router's navigate, the version stamp and the developer warnings are gone too.
    expect(plain).toContain("must be used within a data router");
    expect(shaken).not.toContain("must be used within a data router");
    expect(plain).toContain("__reactRouterVersion");
    expect(shaken).not.toContain("__reactRouterVersion");
    expect(plain).toContain("is not able to match the URL");
    expect(shaken).not.toContain("is not able to match the URL");
    // What the app uses is still there: the history, and navigate's check of where it goes.
    expect(shaken).toContain("popstate");
    expect(shaken).toContain("External navigation is not allowed");
  });
});

describe("valibot", () => {
  it("is bundled once: the filters' pages and the forms' share one build", async () => {
    const out = await esbuild.build({
      entryPoints: ["shared/filters/fields.ts", "shared/chat/protocol.ts"],
      bundle: true,
      splitting: true,
      format: "esm",
      minify: true,
      write: false,
      outdir: "out",
      metafile: true,
      plugins: PLUGINS,
      logLevel: "error",
    });
    const valibot = Object.values(out.metafile.outputs).flatMap((o) =>
      Object.keys(o.inputs).filter((input) => input.includes("node_modules/valibot/")),
    );
    expect(valibot).toEqual(["node_modules/valibot/dist/index.mjs"]);
  });
});

describe("React's files as ES modules", () => {
  /** What the app imports from React (not minified, so esbuild's helpers keep their names), and swr. */
  async function bundle(plugins: esbuild.Plugin[], more: string[] = []) {
    const out = await esbuild.build({
      stdin: {
        contents: [
          'export { hydrateRoot } from "react-dom/client";',
          'export { Component, useState } from "react";',
          'export { jsx } from "react/jsx-runtime";',
          'export { default as useSWR } from "swr";',
          ...more,
        ].join("\n"),
        resolveDir: process.cwd(),
      },
      bundle: true,
      write: false,
      format: "esm",
      metafile: true,
      define: { "process.env.NODE_ENV": '"production"' },
      alias: { "use-sync-external-store/shim": "./client/sync-external-store.ts" },
      plugins,
      logLevel: "error",
    });
    return { text: out.outputFiles[0]?.text ?? "", inputs: Object.keys(out.metafile.inputs) };
  }

  it("are the chunk's own code: no CommonJS wrapper that runs (and compiles) when first required, no copies of their exports", async () => {
    const plain = await bundle([]);
    const modules = await bundle([reactAsModules]);
    for (const file of ["react_dom_client", "react_dom", "react", "react_jsx_runtime", "scheduler"]) {
      expect(plain.text).toContain(`require_${file}_production = __commonJS(`);
      expect(modules.text).not.toContain(`require_${file}_production`);
    }
    expect(plain.text).toContain("__toESM(require_react");
    expect(modules.text).not.toContain("__toESM(require_react");
    expect(modules.text).not.toContain("__esm(");
    expect(modules.inputs).toContain(
      `react-as-modules:${resolve("node_modules/react-dom/cjs/react-dom-client.production.js")}`,
    );
    // The same production builds, and nothing of them stays CommonJS.
    expect(modules.text).toContain("Minified React error #");
    expect(modules.text).not.toContain("__commonJS(");
    expect(modules.inputs).toContain(
      `react-as-modules:${resolve("node_modules/scheduler/cjs/scheduler.production.js")}`,
    );
  });

  it("are read by name: React's namespace is not built as an object of getters for react-router", async () => {
    const router = ['export { BrowserRouter } from "react-router";'];
    const plain = await bundle([reactAsModules], router);
    const shaken = await bundle([shakeReactRouter, reactAsModules], router);
    expect(plain.text).toContain("__export(react_production_exports");
    expect(shaken.text).not.toContain("__export(");
  });

  it("export what the CommonJS files did, React's default export (which swr imports) included", async () => {
    const { text } = await bundle([reactAsModules]);
    const dir = mkdtempSync(join(tmpdir(), "react-as-modules-"));
    writeFileSync(join(dir, "bundle.mjs"), text);
    const m = await import(join(dir, "bundle.mjs"));
    expect(typeof m.hydrateRoot).toBe("function");
    expect(typeof m.useState).toBe("function");
    // A file that declares the name it exports (function Component … exports.Component = Component).
    expect(typeof m.Component).toBe("function");
    expect(typeof m.jsx).toBe("function");
    expect(typeof m.useSWR).toBe("function");
  });

  it("keep the scheduler's clock, which it sets in a branch and reads as its own export", async () => {
    const { text } = await bundle([reactAsModules], ['export { unstable_now } from "scheduler";']);
    const dir = mkdtempSync(join(tmpdir(), "react-as-modules-"));
    writeFileSync(join(dir, "bundle.mjs"), text);
    const m = await import(join(dir, "bundle.mjs"));
    expect(m.unstable_now()).toBeGreaterThan(0);
  });

  it("make react-dom's top-level errors in a microtask, once the module has run, and none before", async () => {
    const source = readFileSync("node_modules/react-dom/cjs/react-dom-client.production.js", "utf8");
    const topLevel = /^(?:var)? *(\w+) = Error\(formatProdErrorMessage\(\d+\)\)[,;]$/gm;
    const names = [...source.matchAll(topLevel)].map((m) => m[1]);
    expect(names).toEqual(
      expect.arrayContaining([
        "SuspenseException",
        "HydrationMismatchException",
        "SelectiveHydrationException",
      ]),
    );
    const out: string = errorsInAMicrotask(source);
    const at = out.lastIndexOf("queueMicrotask(() => {");
    expect([...out.slice(0, at).matchAll(topLevel)]).toEqual([]);
    const made = out.slice(at);
    for (const name of names) {
      expect(out).toMatch(new RegExp(`^(?:var)? *${name} = null[,;]$`, "m"));
      expect(made).toMatch(new RegExp(`\\n {2}${name} = Error\\(formatProdErrorMessage\\(\\d+\\)\\);\\n`));
    }
    // The bundle still throws and compares the very errors it made: a suspended render hydrates (above: it runs).
    const { text } = await bundle([reactAsModules]);
    expect(text).toContain("queueMicrotask(() => {\n  HydrationMismatchException = Error(");
  });
});

describe("modules worked out at build time", () => {
  it("ship the base map's values, the same as the module's own, without the code and points that made them", async () => {
    const out = await esbuild.build({
      stdin: { contents: 'export * from "./client/components/map/basemap.ts";', resolveDir: process.cwd() },
      bundle: true,
      write: false,
      format: "esm",
      plugins: [atBuild],
      logLevel: "error",
    });
    const text = out.outputFiles[0]?.text ?? "";
    expect(text).not.toContain("Math.round");
    expect(text).not.toContain("Сокольническая");
    const dir = mkdtempSync(join(tmpdir(), "at-build-"));
    writeFileSync(join(dir, "basemap.mjs"), text);
    const built = await import(join(dir, "basemap.mjs"));
    expect(Object.keys(built).sort()).toEqual(Object.keys(basemap).sort());
    expect({ ...built }).toEqual({ ...basemap });
  });
});

describe("the compile hint", () => {
  it("heads the entry, the app's shell and the pages' own chunks, not the chunks they share nor the lazy parts", () => {
    const dir = mkdtempSync(join(tmpdir(), "hint-"));
    mkdirSync(join(dir, "assets"));
    const files = ["entry-A.js", "chunk-SHELL.js", "home-B.js", "chunk-SHARED.js", "chunk-PART.js"];
    for (const f of files) writeFileSync(join(dir, "assets", f), `export const x = "${f}";`);
    hintCompile(
      {
        entry: "/assets/entry-A.js",
        preload: ["/assets/chunk-SHELL.js"],
        pages: { home: { js: "/assets/home-B.js", preload: ["/assets/chunk-SHARED.js"] } },
      },
      dir,
    );
    const text = (f: string) => readFileSync(join(dir, "assets", f), "utf8");
    expect(text("entry-A.js")).toBe(`${COMPILE_HINT}export const x = "entry-A.js";`);
    expect(text("chunk-SHELL.js").startsWith(COMPILE_HINT)).toBe(true);
    expect(text("home-B.js")).toBe(`${COMPILE_HINT}export const x = "home-B.js";`);
    expect(text("chunk-SHARED.js")).toBe('export const x = "chunk-SHARED.js";');
    expect(text("chunk-PART.js")).toBe('export const x = "chunk-PART.js";');
    // V8 reads the hint from a line comment at the file's very start.
    expect(COMPILE_HINT).toBe("//# allFunctionsCalledOnLoad\n");
  });
});

describe("empty chunks", () => {
  it("a stylesheet's empty chunk, shared by pages, is dropped with its imports; the pages still run", async () => {
    const dir = mkdtempSync(join(tmpdir(), "empty-chunk-"));
    // card.css is imported by two modules that different sets of pages use (a and b, b and c): its own set,
    // all three, is a chunk with nothing but the stylesheet's (empty) module, as apartment.css's is in the app.
    writeFileSync(join(dir, "card.css"), ".card { color: red }");
    writeFileSync(join(dir, "card.js"), 'import "./card.css";\nexport const card = (n) => "card " + n;');
    writeFileSync(join(dir, "extra.js"), 'import "./card.css";\nexport const extra = (n) => "extra " + n;');
    const pages = { a: ["card"], b: ["card", "extra"], c: ["extra"] };
    for (const [page, uses] of Object.entries(pages))
      writeFileSync(
        join(dir, `${page}.js`),
        `${uses.map((u) => `import { ${u} } from "./${u}.js";`).join("\n")}\nexport const out = [${uses.map((u) => `${u}("${page}")`).join(", ")}].join(" ");`,
      );
    const result = await esbuild.build({
      entryPoints: Object.keys(pages).map((page) => join(dir, `${page}.js`)),
      bundle: true,
      splitting: true,
      format: "esm",
      outdir: join(dir, "out"),
      chunkNames: "chunk-[hash]",
      metafile: true,
      logLevel: "error",
    });
    const outputs = result.metafile.outputs as Record<string, { bytes: number; imports: { path: string }[] }>;
    const imports = (file: string) => outputs[file]?.imports.map((i) => i.path) ?? [];
    const empty = Object.keys(outputs).filter((f) => f.endsWith(".js") && outputs[f]?.bytes === 0);
    // What esbuild does: the empty chunk, imported (through the chunks) by every page.
    expect(empty).toHaveLength(1);
    const [chunk] = empty as [string];
    const importers = Object.keys(outputs).filter((f) => imports(f).includes(chunk));
    expect(importers.length).toBeGreaterThan(0);

    build.dropEmptyChunks(outputs);
    expect(Object.keys(outputs)).not.toContain(chunk);
    expect(existsSync(chunk)).toBe(false);
    for (const file of importers) {
      expect(imports(file)).not.toContain(chunk);
      expect(readFileSync(file, "utf8")).not.toContain(chunk.split("/").pop());
    }
    // Every import left resolves, and each page still runs.
    for (const [page, uses] of Object.entries(pages)) {
      const file = Object.keys(outputs).find((f) => f.endsWith(`/${page}.js`)) ?? "";
      const { out } = await import(resolve(file));
      expect(out).toBe(uses.map((u) => `${u} ${page}`).join(" "));
    }
  });
});
