/**
 * The one HTML document around the React tree (worker/ssr/render.tsx), as the text React's stream is put into:
 * the head's fixed part (what needs no data: charset, viewport, the stylesheet), then the page's own head tags
 * (title, description, canonical, the first view's image preload: React's hoistables) and the page in #root,
 * then the escaped hydration data and the loader of the entry module.
 */
import { BOOT_ELEMENT_ID } from "../../shared/boot";
import { serializeJson } from "../../shared/serialize";
import { analyticsLoader } from "../analytics";

/** An attribute's value: our asset URLs and the base64 nonce, escaped all the same. */
const attr = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

export interface HeadAssets {
  nonce: string;
  css: string[];
}

/** Everything up to the page's own head tags: sent before the page renders. */
export function documentStart({ nonce, css }: HeadAssets): string {
  return [
    '<!DOCTYPE html><html lang="ru"><head><meta charset="utf-8"/>',
    '<meta name="viewport" content="width=device-width, initial-scale=1"/>',
    '<meta name="theme-color" content="#1d5bd8"/><meta name="format-detection" content="telephone=no"/>',
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>',
    // Styles that only make sense with JavaScript (the phone filter sheet) key on this class. Set here, before
    // the first paint, not by the entry module: that ran after paint and collapsed the phone filter bar under
    // the visitor's eyes (Lighthouse measured a layout shift on the listing).
    `<script nonce="${attr(nonce)}">document.documentElement.classList.add("has-js")</script>`,
    ...css.map((href) => `<link rel="stylesheet" href="${attr(href)}"/>`),
  ].join("");
}

/** Between the page's head tags and the page. */
export const BODY_START = '</head><body><div id="root">';
/** After the page. */
export const ROOT_END = "</div>";

export interface DocumentEnd {
  nonce: string;
  entry: string;
  /** The modules the entry and the page's chunk import (the entry itself excluded). */
  preload: string[];
  /** Of those, the entry's own imports (the app's shell): run a task before the entry. */
  shell: string[];
  boot: unknown;
  /** The web-analytics counter's id: its loader goes last in the body. */
  analytics: string | null;
}

/**
 * The entry's loader. The page is whole HTML and works without JavaScript, so its scripts wait for the first
 * view: for the first view's picture (the image with fetchpriority="high", when the page has one) and then
 * for a frame to be painted. On a slow line the scripts (about 100 KB gzip) would otherwise share the
 * bandwidth with the stylesheet and the picture and delay both, and Lighthouse (which models a slow line from
 * a trace taken on a fast one) counts every high-priority script that arrived before the first paint as
 * blocking it. A hidden tab paints nothing: there it loads at once; a picture that has not come after
 * PICTURE_WAIT_MS waits no longer. Then the loader adds the modulepreloads of every chunk the page needs,
 * the entry's included (no waterfall of imports), PRELOADS_PER_TASK a task: each link costs the main thread
 * one or two milliseconds on a slow phone, and a page needs up to 30. The app's shell (the entry's own
 * imports: React, the router, the layout) runs as a module script of its own, and the entry (react-dom and
 * the hydration) a task after it: a module script and everything it imports run in one task, and the two
 * together were one of the page's longest (issue 20).
 */
const PICTURE_WAIT_MS = 3000;
const PRELOADS_PER_TASK = 3;

function entryLoader(entry: string, preload: string[], shell: string[]): string {
  return [
    "(()=>{const d=document,n=d.currentScript.nonce,e=",
    serializeJson(entry),
    ",sh=",
    serializeJson(shell),
    ",p=",
    serializeJson([entry, ...preload.filter((h) => !shell.includes(h))]),
    ";let started=false;",
    "const links=(i)=>{for(const h of p.slice(i,i+",
    PRELOADS_PER_TASK,
    ')){const l=d.createElement("link");l.rel="modulepreload";l.href=h;l.nonce=n;d.head.append(l)}',
    `if(i+${PRELOADS_PER_TASK}<p.length)setTimeout(()=>links(i+${PRELOADS_PER_TASK}),0)};`,
    'const script=(h,then)=>{const s=d.createElement("script");s.type="module";s.src=h;s.nonce=n;',
    "if(then){s.onload=then;s.onerror=then}d.body.append(s)};",
    "const go=()=>{if(started)return;started=true;let left=sh.length;",
    "if(!left)script(e);else for(const h of sh)script(h,()=>{if(--left===0)setTimeout(()=>script(e),0)});",
    "links(0)};",
    "const painted=()=>requestAnimationFrame(()=>setTimeout(go,0));",
    'const img=d.querySelector("img[fetchpriority=high]");',
    'if(d.visibilityState==="hidden")go();',
    'else if(img&&!img.complete){img.addEventListener("load",painted);img.addEventListener("error",painted);',
    `setTimeout(painted,${PICTURE_WAIT_MS})}`,
    "else painted()})();",
  ].join("");
}

/** The hydration data, the entry's loader and the counter, and the document's end. */
export function documentEnd({ nonce, entry, preload, shell, boot, analytics }: DocumentEnd): string {
  const n = attr(nonce);
  return [
    // serializeJson escapes < > & U+2028 U+2029: no value can close the script.
    `<script type="application/json" id="${BOOT_ELEMENT_ID}" nonce="${n}">${serializeJson(boot)}</script>`,
    `<script nonce="${n}">${entryLoader(entry, preload, shell)}</script>`,
    analytics ? `<script nonce="${n}">${analyticsLoader(analytics, nonce)}</script>` : "",
    "</body></html>",
  ].join("");
}

/** The body of a page whose render failed after its head was sent: static, no scripts, no data. */
export const FAILED_BODY =
  '<meta name="robots" content="noindex"/><title>Ошибка</title></head><body><main><h1>Не удалось показать страницу</h1><p>Попробуйте обновить страницу или <a href="/">перейдите на главную</a>.</p></main></body></html>';
