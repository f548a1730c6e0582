/** The drawn pictures as SVG images (shared/art.ts): rendered by the same components, cached for good. */
import type { Context } from "hono";
import type { ReactElement } from "react";
import { FloorPlan } from "../client/components/apartment/FloorPlan";
import { FacadeArt } from "../client/components/art/FacadeArt";
import { SkylineArt } from "../client/components/art/SkylineArt";
import { ART_VERSION, parseFacadeFile, parsePlanFile, parseSkylineFile } from "../shared/art";
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
  plan(file) {
    const plan = parsePlanFile(file);
    // A plan that does not read (a feed's) is drawn as «Планировка уточняется», as on the apartment's page.
    return plan === null ? null : <FloorPlan plan={plan} compact title="Планировка" xmlns />;
  },
};

/** The SVG of a drawing's address (`/facade/1/….svg`, `/skyline/1/….svg`, `/plan/1/….svg`), or null for one no page makes. */
export function artSvg(path: string): string | null {
  const [root, kind = "", version, file = "", ...rest] = path.split("/");
  const draw = DRAWINGS[kind];
  const drawing =
    draw && root === "" && rest.length === 0 && version === String(ART_VERSION) ? draw(file) : null;
  return drawing ? staticMarkup(drawing) : null;
}

export function handleArt(c: Context<AppEnv>): Response {
  const svg = artSvg(`/${c.req.param("kind")}/${c.req.param("version")}/${c.req.param("file")}`);
  if (svg === null) return c.text("Такого рисунка нет", 404);
  return c.body(svg, 200, {
    "Content-Type": "image/svg+xml; charset=utf-8",
    // The address holds every input and the drawing's version: the picture behind it never changes.
    "Cache-Control": "public, max-age=31536000, immutable",
  });
}
