/**
 * Addresses of the drawn pictures as images: façades (`/facade/{version}/{id}-{class}-{floors}-{variant}-{w}x{h}[-h…].svg`)
 * and the skylines of the journal's covers and the offers' banners (`/skyline/{version}/{seed}-{rrggbb}-{motif}-{w}x{h}.svg`).
 * Cards, ads and the home hero show them with <img>: the drawing is the same SVG the page used to inline, but it
 * stays out of the HTML and the DOM (about half of a listing's elements were window patterns and trees), is
 * decoded off the main thread and is cached by the browser for good. Bump ART_VERSION whenever the drawing
 * code (client/components/art, SkylineArt) changes, so no one keeps an old picture.
 */
export const ART_VERSION = 1;
export const FACADE_VARIANTS = ["day", "evening", "courtyard", "aerial"] as const;
export type FacadeVariant = (typeof FACADE_VARIANTS)[number];

export interface FacadeSpec {
  id: number;
  /** Class code: 1 эконом … 5 элит. */
  cls: number;
  /** Floors of the tallest house. */
  floors: number;
  width: number;
  height: number;
  variant?: FacadeVariant;
  /** The floors of up to five houses, when known. */
  houses?: readonly number[];
}

const sizeOk = (n: number) => n >= 16 && n <= 2000;
const clampInt = (n: number, min: number, max: number) => Math.max(min, Math.min(max, Math.round(n) || min));

export function facadeSrc(s: FacadeSpec): string {
  const houses = s.houses?.length
    ? `-h${s.houses
        .slice(0, 5)
        .map((f) => clampInt(f, 1, 99))
        .join(".")}`
    : "";
  const floors = clampInt(s.floors, 1, 99);
  return `/facade/${ART_VERSION}/${s.id}-${s.cls}-${floors}-${s.variant ?? "day"}-${s.width}x${s.height}${houses}.svg`;
}

const FILE =
  /^(\d{1,9})-([1-5])-(\d{1,2})-(day|evening|courtyard|aerial)-(\d{2,4})x(\d{2,4})(?:-h(\d{1,2}(?:\.\d{1,2}){0,4}))?\.svg$/;

/** The drawing an address asks for, or null when the address is not one facadeSrc makes. */
export function parseFacadeFile(file: string): FacadeSpec | null {
  const m = FILE.exec(file);
  if (!m) return null;
  const [, id, cls, floors, variant, width, height, houses] = m;
  const spec: FacadeSpec = {
    id: Number(id),
    cls: Number(cls),
    floors: Number(floors),
    variant: variant as FacadeVariant,
    width: Number(width),
    height: Number(height),
    ...(houses ? { houses: houses.split(".").map(Number) } : {}),
  };
  if (spec.floors < 1 || !sizeOk(spec.width) || !sizeOk(spec.height)) return null;
  if (spec.houses?.some((f) => f < 1)) return null;
  return spec;
}

export const MOTIFS = [
  "percent",
  "shield",
  "pin",
  "key",
  "roller",
  "chart",
  "tag",
  "gift",
  "calendar",
  "swap",
  "flag",
] as const;
export type Motif = (typeof MOTIFS)[number];

export interface SkylineSpec {
  seed: number;
  /** #rrggbb */
  color: string;
  motif: Motif;
  width: number;
  height: number;
}

/** The colour of a skyline whose own colour is not a #rrggbb value. */
const SKYLINE_FALLBACK = "#1d5bd8";

export function skylineSrc(s: SkylineSpec): string {
  const color = /^#[0-9a-f]{6}$/i.test(s.color) ? s.color.slice(1).toLowerCase() : SKYLINE_FALLBACK.slice(1);
  return `/skyline/${ART_VERSION}/${clampInt(s.seed, 0, 999_999_999)}-${color}-${s.motif}-${s.width}x${s.height}.svg`;
}

const SKYLINE_FILE = new RegExp(
  `^(\\d{1,9})-([0-9a-f]{6})-(${MOTIFS.join("|")})-(\\d{2,4})x(\\d{2,4})\\.svg$`,
);

/** The skyline an address asks for, or null when the address is not one skylineSrc makes. */
export function parseSkylineFile(file: string): SkylineSpec | null {
  const m = SKYLINE_FILE.exec(file);
  if (!m) return null;
  const [, seed, color, motif, width, height] = m;
  const spec = {
    seed: Number(seed),
    color: `#${color}`,
    motif: motif as Motif,
    width: Number(width),
    height: Number(height),
  };
  return sizeOk(spec.width) && sizeOk(spec.height) ? spec : null;
}

/**
 * An apartment's plan as a thumbnail image (the cards of a complex's apartments): the plan's own text
 * (shared/plan.ts encodePlan, `;` written `_`) is the address, so the picture behind it never changes; `-` is a
 * plan not yet known. Drawn by the worker with the page's own FloorPlan, so a card carries an `<img>` rather than
 * the drawing's code and its hundred elements.
 */
export function planSrc(plan: string): string {
  return `/plan/${ART_VERSION}/${plan.replaceAll(";", "_") || "-"}.svg`;
}

const PLAN_FILE = /^(-|[0-9A-Z.,_-]{3,600})\.svg$/;

/** The plan's text an address asks for ("" for a plan not yet known), or null when planSrc makes no such address. */
export function parsePlanFile(file: string): string | null {
  const m = PLAN_FILE.exec(file);
  if (!m?.[1]) return null;
  return m[1] === "-" ? "" : m[1].replaceAll("_", ";");
}
