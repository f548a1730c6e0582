/**
 * SPEC §7 and §9 on every page type (tests/integration/page-samples.ts): every picture goes through the image
 * proxy (`/img/?src=…`), has its width and height (no layout shift), and loads within 100 px of the view: a
 * picture that is not the first thing on screen waits as a transparent pixel in a box of its size
 * (`data-lazy`, loaded by client/components/art/LazyImage.tsx's IntersectionObserver), with a <noscript> copy
 * for a browser without JavaScript. Bots get the picture itself.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { isProxied, WAITING_PICTURE } from "../../shared/images";
import { get } from "./helpers";
import { elements, type HtmlElement, parseHtml, tagOf } from "./html-tree";
import { pageSamples } from "./page-samples";

const inNoscript = (el: HtmlElement) => {
  for (let p = el.parent; p; p = p.parent) if (p.tag === "noscript") return true;
  return false;
};

function problemsOf(html: string, bot: boolean): { problems: string[]; images: number } {
  const problems: string[] = [];
  let images = 0;
  const all = [...elements(parseHtml(html))];
  for (const el of all) {
    if (el.tag === "link" && /\bpreload\b/.test(el.attrs.rel ?? "") && el.attrs.as === "image") {
      if (!isProxied(el.attrs.href ?? "")) problems.push(`a preloaded image outside the proxy: ${tagOf(el)}`);
    }
    if (el.tag === "source" && el.attrs.srcset !== undefined)
      problems.push(`a <source srcset>: ${tagOf(el)}`);
    if (el.tag !== "img") continue;
    images++;
    const src = el.attrs.src ?? "";
    if (!el.attrs.width || !el.attrs.height) problems.push(`an image without width and height: ${tagOf(el)}`);
    if (el.attrs.srcset !== undefined)
      problems.push(`an image with srcset outside the proxy's widths: ${tagOf(el)}`);
    const eager = el.attrs.loading === "eager";
    if (el.attrs["data-lazy"] !== undefined) {
      if (bot) problems.push(`a bot gets a waiting picture: ${tagOf(el)}`);
      if (src !== WAITING_PICTURE) problems.push(`a waiting picture with a real address: ${tagOf(el)}`);
      // Its copy for a browser without JavaScript comes right after it.
      const siblings = el.parent?.children ?? [];
      const next = siblings[siblings.indexOf(el) + 1];
      const copy = typeof next === "object" && next.tag === "noscript" ? next.children[0] : undefined;
      if (typeof copy !== "object" || copy.tag !== "img" || !isProxied(copy.attrs.src ?? "")) {
        problems.push(`a waiting picture without its <noscript> copy: ${tagOf(el)}`);
      }
      continue;
    }
    if (!isProxied(src)) problems.push(`an image outside the image proxy: ${tagOf(el)}`);
    if (!bot && !eager && !inNoscript(el)) {
      problems.push(`a picture that loads before it is within 100 px of the view: ${tagOf(el)}`);
    }
  }
  return { problems, images };
}

let samples: Record<string, string>;
beforeAll(async () => {
  samples = await pageSamples();
});

describe("every page type's pictures", () => {
  it("go through the image proxy, keep their size and load near the view (bots: at once)", async () => {
    const found: Record<string, string[]> = {};
    let images = 0;
    for (const [type, path] of Object.entries(samples)) {
      for (const bot of [false, true]) {
        const res = await get(path, { bot });
        const checked = problemsOf(await res.text(), bot);
        images += checked.images;
        if (checked.problems.length) found[`${type} ${path}${bot ? " (bot)" : ""}`] = checked.problems;
      }
    }
    expect(found).toEqual({});
    expect(images).toBeGreaterThan(100);
  }, 180_000);

  it("sees a picture loaded straight from its drawing's address", () => {
    const { problems } = problemsOf(
      '<img src="/facade/1/1-1-5-day-400x250.svg" width="400" height="250" alt="" loading="lazy"/>',
      false,
    );
    expect(problems).toHaveLength(2);
  });
});
