/** The drawn façades as SVG images (shared/art.ts): rendered by the same component, cached for good. */
import type { Context } from "hono";
import { renderToStaticMarkup } from "react-dom/server";
import { FacadeArt } from "../client/components/art/FacadeArt";
import { ART_VERSION, parseFacadeFile } from "../shared/art";
import type { AppEnv } from "./env";

export function handleFacade(c: Context<AppEnv>): Response {
  const spec =
    c.req.param("version") === String(ART_VERSION) ? parseFacadeFile(c.req.param("file") ?? "") : null;
  if (!spec) return c.text("Такого рисунка нет", 404);
  return c.body(renderToStaticMarkup(<FacadeArt {...spec} />), 200, {
    "Content-Type": "image/svg+xml; charset=utf-8",
    // The address holds every input and the drawing's version: the picture behind it never changes.
    "Cache-Control": "public, max-age=31536000, immutable",
  });
}
