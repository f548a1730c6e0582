import { resolve } from "node:path";
import * as esbuild from "esbuild";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a build script in plain JavaScript, without type declarations
import { filtersValibot, reactDomAsModule, shakeReactRouter } from "../../scripts/build-client.mjs";

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

describe("the catalogue filters' valibot", () => {
  it("is a build of its own with the filters' functions, not the forms' and the chat's", async () => {
    const out = await esbuild.build({
      entryPoints: ["shared/filters/fields.ts", "shared/chat/protocol.ts"],
      bundle: true,
      splitting: true,
      format: "esm",
      minify: true,
      write: false,
      outdir: "out",
      metafile: true,
      plugins: [filtersValibot],
      logLevel: "error",
    });
    const outputs = out.metafile.outputs;
    /** The input files of an entry's output and of the chunks it imports. */
    const inputsOf = (entry: string) => {
      const file = Object.keys(outputs).find((f) => outputs[f]?.entryPoint === entry) ?? "";
      const files = [file, ...(outputs[file]?.imports ?? []).map((i) => i.path)];
      return files.flatMap((f) => Object.keys(outputs[f]?.inputs ?? {}));
    };
    const plain = "node_modules/valibot/dist/index.mjs";
    const own = `filters-valibot:${resolve(plain)}`;
    expect(inputsOf("shared/filters/fields.ts")).toContain(own);
    expect(inputsOf("shared/filters/fields.ts")).not.toContain(plain);
    expect(inputsOf("shared/chat/protocol.ts")).toContain(plain);
    // The filters' build is the smaller: no v.variant, v.object… of the chat's protocol.
    const bytes = (input: string) =>
      Object.values(outputs).reduce((n, o) => n + (o.inputs[input]?.bytesInOutput ?? 0), 0);
    expect(bytes(own)).toBeLessThan(bytes(plain) / 2);
  });
});

describe("react-dom's client as an ES module", () => {
  /** What the entry imports from react-dom/client, bundled (not minified, so esbuild's helpers keep their names). */
  async function client(plugins: esbuild.Plugin[]) {
    const out = await esbuild.build({
      stdin: { contents: 'export { hydrateRoot } from "react-dom/client";', resolveDir: process.cwd() },
      bundle: true,
      write: false,
      format: "esm",
      metafile: true,
      define: { "process.env.NODE_ENV": '"production"' },
      plugins,
      logLevel: "error",
    });
    return { text: out.outputFiles[0]?.text ?? "", inputs: Object.keys(out.metafile.inputs) };
  }

  it("is the chunk's own code, not a CommonJS wrapper that runs (and compiles) when first required", async () => {
    const plain = await client([]);
    const module = await client([reactDomAsModule]);
    expect(plain.text).toMatch(/require_react_dom_client_production = __commonJS\(/);
    expect(module.text).not.toMatch(/require_react_dom_client_production/);
    expect(module.inputs).toContain(
      `react-dom-as-module:${resolve("node_modules/react-dom/cjs/react-dom-client.production.js")}`,
    );
    // The same production build, and what the entry takes from it.
    expect(module.text).toContain("Minified React error #");
    expect(module.text).toMatch(/export \{[^}]*\bhydrateRoot\b[^}]*\}/);
    // Its own imports of react, react-dom and the scheduler are still there (as CommonJS of their own).
    for (const dep of ["react_production", "react_dom_production", "scheduler_production"])
      expect(module.text).toContain(`require_${dep} = __commonJS(`);
  });
});
