// The layers point one way: shared/ is imported by the browser and the worker and imports neither; the browser's
// code (client/) does not import the worker's. The worker may import both (it renders the client's pages).
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");

/** Where each layer may not reach. */
const FORBIDDEN: Record<string, readonly string[]> = {
  shared: ["client", "worker"],
  client: ["worker"],
};

/** The relative module specifiers of a source file: `from "…"`, `import "…"`, `import("…")`, `export … from "…"`. */
function specifiers(source: string): string[] {
  const found = source.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["'](\.{1,2}\/[^"']+)["']/g);
  return [...found].map((m) => m[1] as string);
}

/** The forbidden imports of one file (a path relative to the repository), as "file → target". */
function violations(file: string, source: string): string[] {
  const layer = file.split("/")[0] ?? "";
  const banned = FORBIDDEN[layer] ?? [];
  return specifiers(source)
    .map((spec) => relative(ROOT, resolve(ROOT, dirname(file), spec)))
    .filter((target) => banned.includes(target.split("/")[0] ?? ""))
    .map((target) => `${file} → ${target}`);
}

function sources(layer: string): string[] {
  return readdirSync(join(ROOT, layer), { recursive: true, encoding: "utf8" })
    .filter((f) => /\.(m?[jt]sx?)$/.test(f))
    .map((f) => `${layer}/${f}`);
}

describe("layers", () => {
  it("finds a forbidden import, in each form it can take", () => {
    expect(violations("shared/x.ts", 'import { app } from "../worker/app";')).toEqual([
      "shared/x.ts → worker/app",
    ]);
    expect(violations("shared/a/x.ts", 'export * from "../../client/api";')).toEqual([
      "shared/a/x.ts → client/api",
    ]);
    expect(violations("client/x/y.tsx", 'const m = await import("../../worker/chat/sockets");')).toEqual([
      "client/x/y.tsx → worker/chat/sockets",
    ]);
    expect(violations("client/x.ts", 'import "../worker/log";')).toEqual(["client/x.ts → worker/log"]);
    expect(violations("client/x.ts", 'import { slugify } from "../shared/slug";')).toEqual([]);
    expect(violations("worker/x.ts", 'import { App } from "../client/app";')).toEqual([]);
  });

  // One way to render each kind of HTML (docs/decisions/0015-one-way-to-make-html.md): React, streamed for the pages and
  // renderToStaticMarkup (worker/ssr/static.tsx) for what never hydrates; no second template engine.
  it("no code renders HTML with hono/html or hono/jsx", () => {
    const found = ["client", "shared", "worker"]
      .flatMap(sources)
      .filter((file) => /["']hono\/(html|jsx)[^"']*["']/.test(readFileSync(join(ROOT, file), "utf8")));
    expect(found).toEqual([]);
  });

  // The catalogue's kept counts (migration 0016, docs/decisions/0002-counts-at-scale.md) follow writers through triggers; the
  // row REPLACE deletes to make room fires no delete trigger (D1 runs without recursive_triggers), so the count
  // would drift. Writers of complexes and their stations upsert (ON CONFLICT … DO UPDATE) instead.
  it("no code replaces a complex's row or its stations' rows", () => {
    const found = ["worker", "scripts", "tests"]
      .flatMap(sources)
      .filter((file) =>
        /\bREPLACE\s+INTO\s+(residential_complexes|complex_stations)\b/i.test(
          readFileSync(join(ROOT, file), "utf8"),
        ),
      );
    expect(found).toEqual([]);
  });

  // A spec's own call to the site goes through tests/e2e/helpers.ts (apiGet, apiPost, apiJson), on a connection of
  // its own: a kept-alive one that workerd closes as it is reused fails the call (a clean-clone CI run).
  it("the end-to-end specs call the site's API only through their helpers", () => {
    const direct = /\brequest\.(get|post|put|patch|delete|fetch|head)\(/;
    expect(direct.test("await page.request.get(url)")).toBe(true);
    expect(direct.test("await apiGet(page, url)")).toBe(false);
    const found = sources("tests/e2e")
      .filter((file) => file !== "tests/e2e/helpers.ts")
      .filter((file) => direct.test(readFileSync(join(ROOT, file), "utf8")));
    expect(found).toEqual([]);
  });

  // ICU's locale data loads on the phone's main thread the first time the browser needs it (a constructor of
  // Intl, a locale's case mapping, a collation): 20–40 ms tasks at the calibrated phone's speed, in the render or
  // the evaluation that first asked (issue 34). The browser's code (client/, and shared/, which it imports)
  // formats, pluralises, orders and changes case by hand (shared/format); the worker may use ICU.
  it("the browser's code asks ICU for no locale data", () => {
    const icu = /\bIntl\.|\.toLocale\w*\(|\.localeCompare\(/;
    const code = (source: string) => source.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "");
    expect(icu.test(code('const rules = new Intl.PluralRules("ru-RU");'))).toBe(true);
    expect(icu.test(code('a.name.localeCompare(b.name, "ru")'))).toBe(true);
    expect(icu.test(code('w.toLocaleUpperCase("ru-RU")'))).toBe(true);
    expect(icu.test(code("/** not Intl.PluralRules */ let x = 1; // nor .toLocaleString()"))).toBe(false);
    const found = ["client", "shared"]
      .flatMap(sources)
      .filter((file) => !/\.test\.tsx?$/.test(file))
      .filter((file) => icu.test(code(readFileSync(join(ROOT, file), "utf8"))));
    expect(found).toEqual([]);
  });

  for (const layer of Object.keys(FORBIDDEN)) {
    it(`${layer}/ imports nothing from ${FORBIDDEN[layer]?.join(" or ")}/`, () => {
      const found = sources(layer).flatMap((file) =>
        violations(file, readFileSync(join(ROOT, file), "utf8")),
      );
      expect(found).toEqual([]);
    });
  }
});
