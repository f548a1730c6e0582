/**
 * A small reader of the site's own HTML (React's output: quoted attributes, every non-void element closed) into
 * a tree, for the tests that check every element of a page. Script and style bodies are kept as text of their
 * element; comments are dropped.
 */
export interface HtmlElement {
  tag: string;
  attrs: Record<string, string>;
  children: HtmlNode[];
  parent: HtmlElement | null;
}
export type HtmlNode = HtmlElement | string;

const VOID = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "source",
  "track",
  "wbr",
]);
const RAW = new Set(["script", "style", "textarea", "title"]);
const TAG =
  /<!--[\s\S]*?-->|<!doctype[^>]*>|<(\/?)([a-zA-Z][\w:-]*)((?:\s+[^\s=>/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*\/?>/gi;
const ATTR = /([^\s=>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };
export const decodeEntities = (s: string): string =>
  s.replace(/&(#x[\da-f]+|#\d+|\w+);/gi, (m, e: string) => {
    if (e[0] === "#")
      return String.fromCodePoint(
        e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : Number(e.slice(1)),
      );
    return ENTITIES[e] ?? m;
  });

export function parseHtml(html: string): HtmlElement {
  const root: HtmlElement = { tag: "#root", attrs: {}, children: [], parent: null };
  let current = root;
  let at = 0;
  TAG.lastIndex = 0;
  for (let m = TAG.exec(html); m; m = TAG.exec(html)) {
    if (m.index > at) current.children.push(decodeEntities(html.slice(at, m.index)));
    at = TAG.lastIndex;
    const [whole, closing, rawTag, rawAttrs = ""] = m;
    if (!rawTag) continue; // a comment or the doctype
    const tag = rawTag.toLowerCase();
    if (closing) {
      // Up to the element it closes (React closes every element it opens).
      let open: HtmlElement | null = current;
      while (open && open.tag !== tag) open = open.parent;
      if (open?.parent) current = open.parent;
      continue;
    }
    const attrs: Record<string, string> = {};
    ATTR.lastIndex = 0;
    for (let a = ATTR.exec(rawAttrs); a; a = ATTR.exec(rawAttrs)) {
      attrs[(a[1] ?? "").toLowerCase()] = decodeEntities(a[2] ?? a[3] ?? a[4] ?? "");
    }
    const element: HtmlElement = { tag, attrs, children: [], parent: current };
    current.children.push(element);
    if (RAW.has(tag)) {
      const end = html.toLowerCase().indexOf(`</${tag}`, at);
      const stop = end < 0 ? html.length : end;
      element.children.push(
        tag === "script" || tag === "style" ? html.slice(at, stop) : decodeEntities(html.slice(at, stop)),
      );
      at = stop;
      TAG.lastIndex = stop;
    } else if (!VOID.has(tag) && !whole.endsWith("/>")) current = element;
  }
  return root;
}

/** Every element under `root`, in document order. */
export function* elements(root: HtmlElement): Generator<HtmlElement> {
  for (const child of root.children) {
    if (typeof child === "string") continue;
    yield child;
    yield* elements(child);
  }
}

/**
 * The text a sighted reader sees as an element's label: without aria-hidden or visually hidden parts and without
 * drawings, spaces folded.
 */
export function visibleText(el: HtmlElement): string {
  const walk = (node: HtmlNode): string => {
    if (typeof node === "string") return node;
    if (node.attrs["aria-hidden"] === "true" || node.attrs.hidden !== undefined) return "";
    if ((node.attrs.class ?? "").split(/\s+/).includes("visually-hidden")) return "";
    // A drawing's text (a floor plan's areas) is part of the picture, not a label.
    if (["script", "style", "template", "svg"].includes(node.tag)) return "";
    return node.children.map(walk).join(node.tag === "br" ? " " : "");
  };
  return el.children.map(walk).join("").replace(/\s+/g, " ").trim();
}

/** An element's opening tag, for a failure's message. */
export const tagOf = (el: HtmlElement): string =>
  `<${el.tag}${Object.entries(el.attrs)
    .map(([k, v]) => ` ${k}="${v}"`)
    .join("")}>`;
