/**
 * The image proxy (SPEC §7 "images go through an image proxy"): /img/?src=…&w=…. It serves our own static and
 * generated images, and remote images of imported data only from an allow-list of hosts over HTTPS — never
 * an open proxy, never an internal address. Widths come from presets; on Cloudflare the resize is done by
 * Image Resizing (`cf.image`), locally the original is passed through.
 */
import type { Context } from "hono";
import { IMAGE_WIDTHS, type ImageWidth, imageSrc } from "../shared/images";
import { artSvg } from "./art";
import type { AppEnv } from "./env";

const MAX_BYTES = 10 * 1024 * 1024;

const PRIVATE_HOST =
  /^(localhost|.*\.local|.*\.internal|.*\.localhost|0\.0\.0\.0|127\.\d+\.\d+\.\d+|10\.\d+\.\d+\.\d+|192\.168\.\d+\.\d+|172\.(1[6-9]|2\d|3[01])\.\d+\.\d+|169\.254\.\d+\.\d+|\[.*\])$/i;

export type ImageSource =
  | { kind: "own"; path: string }
  | { kind: "remote"; url: URL }
  | { kind: "refused"; reason: string };

/** Decides what a `src` may be; `allowedHosts` is the IMAGE_HOSTS setting. */
export function classifySource(src: string, allowedHosts: readonly string[]): ImageSource {
  if (src.startsWith("/") && !src.startsWith("//")) {
    if (
      !/^\/(assets|art|facade|skyline|plan)\/[\w.,/-]+\.(svg|png|jpe?g|webp|avif)$/.test(src) ||
      src.includes("..")
    ) {
      return { kind: "refused", reason: "Такого изображения нет" };
    }
    return { kind: "own", path: src };
  }
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return { kind: "refused", reason: "src: некорректный адрес изображения" };
  }
  if (url.protocol !== "https:" || url.username || url.password || (url.port && url.port !== "443")) {
    return { kind: "refused", reason: "src: допускаются только HTTPS-адреса без порта и пароля" };
  }
  const host = url.hostname.toLowerCase();
  if (PRIVATE_HOST.test(host) || /^\d+$/.test(host) || /^[\d.]+$/.test(host)) {
    return { kind: "refused", reason: "src: внутренние адреса запрещены" };
  }
  if (!allowedHosts.includes(host))
    return { kind: "refused", reason: "src: этот сайт не входит в список разрешённых" };
  return { kind: "remote", url };
}

/** The IMAGE_HOSTS setting as a list of hosts. */
export const imageHostsOf = (env: { IMAGE_HOSTS?: string }): string[] =>
  (env.IMAGE_HOSTS ?? "")
    .split(",")
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);

/** A remote image through the proxy (/img/?src=…&w=…), or null when the proxy would refuse it. */
export function proxied(src: string | null, hosts: readonly string[], w: ImageWidth) {
  if (!src || classifySource(src, hosts).kind !== "remote") return null;
  return imageSrc(src, w);
}

export async function handleImage(c: Context<AppEnv>): Promise<Response> {
  const src = c.req.query("src") ?? "";
  if (!src)
    return c.json({ error: "src: укажите адрес изображения, например /img/?src=/assets/…&w=640" }, 400);
  const w = Number(c.req.query("w") ?? 640);
  if (!(IMAGE_WIDTHS as readonly number[]).includes(w)) {
    return c.json({ error: `w: ширина — одна из ${IMAGE_WIDTHS.join(", ")}` }, 400);
  }
  const source = classifySource(src, imageHostsOf(c.env));
  if (source.kind === "refused") return c.json({ error: source.reason }, src.startsWith("/") ? 404 : 403);

  if (source.kind === "own") {
    // A drawing (façade, skyline, plan) is drawn here, as its own address would; a file comes from the assets.
    if (/^\/(facade|skyline|plan)\//.test(source.path)) {
      const drawing = artSvg(source.path);
      if (drawing === null) return c.json({ error: "Такого изображения нет" }, 404);
      return c.body(drawing, 200, {
        "Content-Type": "image/svg+xml; charset=utf-8",
        "Cache-Control": "public, max-age=31536000, immutable",
      });
    }
    const res = await c.env.ASSETS.fetch(new Request(new URL(source.path, c.req.url)));
    if (!res.ok) return c.json({ error: "Такого изображения нет" }, 404);
    const out = new Response(res.body, res);
    out.headers.set("Cache-Control", "public, max-age=31536000, immutable");
    return out;
  }
  const init = { cf: { image: { width: w, fit: "scale-down", format: "auto" }, cacheTtl: 86_400 } };
  const res = await fetch(source.url, init as RequestInit);
  const type = res.headers.get("Content-Type") ?? "";
  const length = Number(res.headers.get("Content-Length") ?? 0);
  if (!res.ok || !type.startsWith("image/") || length > MAX_BYTES) {
    return c.json({ error: "Не удалось загрузить изображение" }, 502);
  }
  return new Response(res.body, {
    headers: { "Content-Type": type, "Cache-Control": "public, max-age=86400, s-maxage=2592000" },
  });
}
