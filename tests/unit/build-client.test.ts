import * as esbuild from "esbuild";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a build script in plain JavaScript, without type declarations
import { shakeReactRouter } from "../../scripts/build-client.mjs";

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
