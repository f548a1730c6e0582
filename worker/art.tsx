/** The drawn pictures as SVG images (shared/art.ts): rendered by the same components, cached for good. */
import type { Context } from "hono";
import type { ReactElement } from "react";
import { FacadeArt } from "../client/components/art/FacadeArt";
import { SkylineArt } from "../client/components/art/SkylineArt";
import { ART_VERSION, parseFacadeFile, parseSkylineFile } from "../shared/art";
import type { AppEnv } from "./env";
import { staticMarkup } from "./ssr/static";

/** What each kind of address draws, or null for an address no page makes. */
const DRAWINGS: Record<string, (file: string) => ReactElement | null> = {
  facade(file) {
    const spec = parseFacadeFile(file);
    return spec && <FacadeArt {...spec} />;
  },
  skyline(file) {
    const spec = parseSkylineFile(file);
    return spec && <SkylineArt {...spec} />;
  },
};

export function handleArt(c: Context<AppEnv>): Response {
  const draw = DRAWINGS[c.req.param("kind") ?? ""];
  const drawing =
    draw && c.req.param("version") === String(ART_VERSION) ? draw(c.req.param("file") ?? "") : null;
  if (!drawing) return c.text("Такого рисунка нет", 404);
  return c.body(staticMarkup(drawing), 200, {
    "Content-Type": "image/svg+xml; charset=utf-8",
    // The address holds every input and the drawing's version: the picture behind it never changes.
    "Cache-Control": "public, max-age=31536000, immutable",
  });
}
