/**
 * The one HTML document around the React tree (worker/ssr/render.tsx), as the text React's stream is put into:
 * the head's fixed part (what needs no data: charset, viewport, the stylesheet), then the page's own head tags
 * (title, description, canonical, the first view's image preload: React's hoistables) and the page in #root,
 * then the escaped hydration data and the loader of the entry module.
 */

import type { EntryModules } from "../../client/entry-loader";
import { BOOT_ELEMENT_ID } from "../../shared/boot";
import { serializeJson } from "../../shared/serialize";
import { analyticsLoader } from "../analytics";
import { ENTRY_LOADER } from "./assets";

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
  /** The modules the entry and the page's chunk import (the entry itself excluded), each after its imports. */
  preload: string[];
  boot: unknown;
  /** The web-analytics counter's id: its loader goes last in the body. */
  analytics: string | null;
}

/**
 * The entry's loader (client/entry-loader.ts, built into the manifest): it waits for the first view, then
 * preloads the page's modules and runs them, then the entry. Its modules are JSON (serializeJson escapes
 * < > & U+2028 U+2029: no value can close the script).
 */
function entryLoader(modules: EntryModules): string {
  return `((__modules)=>{${ENTRY_LOADER}})(${serializeJson(modules)})`;
}

/** The hydration data, the entry's loader and the counter, and the document's end. */
export function documentEnd({ nonce, entry, preload, boot, analytics }: DocumentEnd): string {
  const n = attr(nonce);
  return [
    // serializeJson escapes < > & U+2028 U+2029: no value can close the script.
    `<script type="application/json" id="${BOOT_ELEMENT_ID}" nonce="${n}">${serializeJson(boot)}</script>`,
    `<script nonce="${n}">${entryLoader({ entry, preload })}</script>`,
    analytics ? `<script nonce="${n}">${analyticsLoader(analytics, nonce)}</script>` : "",
    "</body></html>",
  ].join("");
}

/** The body of a page whose render failed after its head was sent: static, no scripts, no data. */
export const FAILED_BODY =
  '<meta name="robots" content="noindex"/><title>Ошибка</title></head><body><main><h1>Не удалось показать страницу</h1><p>Попробуйте обновить страницу или <a href="/">перейдите на главную</a>.</p></main></body></html>';
