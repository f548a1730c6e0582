/**
 * Every picture a page shows goes through the image proxy (SPEC §7, worker/image-proxy.ts): `/img/?src=…&w=…`.
 * Our own files and drawings (`/art/…`, `/facade/…`, `/skyline/…`, `/plan/…`) and a feed's remote pictures alike; the proxy
 * resizes what it can to the preset width and keeps each answer cached.
 */
export const IMAGE_WIDTHS = [160, 320, 640, 960, 1280] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** The smallest preset width that covers `width` CSS pixels (the largest for anything wider). */
export const imageWidthFor = (width: number): ImageWidth => IMAGE_WIDTHS.find((w) => w >= width) ?? 1280;

/** The proxy's address of a picture (a path on this site or an allow-listed remote address). */
export const imageSrc = (src: string, width: number): string =>
  `/img/?src=${encodeURIComponent(src)}&w=${imageWidthFor(width)}`;

/** Whether an address is the proxy's (the pages' HTML must show no other picture). */
export const isProxied = (src: string): boolean => src.startsWith("/img/?src=");

/**
 * The waiting picture: one transparent pixel, the same address for every picture of the page, so the browser
 * decodes it once. The box keeps its size by the width, the height and the aspect-ratio it always has. An
 * empty SVG of the picture's size did the same at a higher price: Chromium makes a document of its own for
 * every SVG picture, on the page's main thread while it parses the HTML (a frame, a parse and a layout each).
 */
export const WAITING_PICTURE =
  "data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7";
