/**
 * The HTML of every page type (tests/integration/page-samples.ts), element by element, against the rules axe's
 * default set does not check in the end-to-end suite:
 * - WCAG 2.5.3 «label in name»: a control named with aria-label has its visible text in that name (the logo was
 *   named «Новостройки Москвы — на главную» while it read «Новостройки Москвы и Подмосковья»);
 * - ARIA in HTML: a role is given only where HTML allows it on that element (the header's search was an
 *   <input type="search" role="combobox">), and aria-expanded only on a role that has the state.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { get } from "./helpers";
import { elements, type HtmlElement, parseHtml, tagOf, visibleText } from "./html-tree";
import { pageSamples, unsampledRoutes } from "./page-samples";

/** The roles ARIA in HTML allows on an <input> of each type (a type not listed allows none). */
const INPUT_ROLES: Record<string, readonly string[]> = {
  text: ["combobox", "searchbox", "spinbutton"],
  search: ["searchbox"],
  tel: ["combobox"],
  url: ["combobox"],
  email: ["combobox"],
  checkbox: ["button", "menuitemcheckbox", "option", "switch"],
  radio: ["menuitemradio"],
  button: [
    "checkbox",
    "combobox",
    "link",
    "menuitem",
    "menuitemcheckbox",
    "menuitemradio",
    "option",
    "radio",
    "switch",
    "tab",
  ],
  image: ["link", "menuitem", "menuitemcheckbox", "menuitemradio", "radio", "switch"],
};

/** The roles that support aria-expanded (WAI-ARIA 1.2). */
const EXPANDABLE = new Set([
  "application",
  "button",
  "checkbox",
  "columnheader",
  "combobox",
  "gridcell",
  "link",
  "listbox",
  "menuitem",
  "row",
  "rowheader",
  "tab",
  "treeitem",
]);

/** The element's role: its own role attribute, else the one HTML gives it (only the elements this site uses). */
function roleOf(el: HtmlElement): string | null {
  if (el.attrs.role) return el.attrs.role.split(/\s+/)[0] ?? null;
  if (el.tag === "a") return el.attrs.href !== undefined ? "link" : null;
  if (el.tag === "button" || el.tag === "summary") return "button";
  if (el.tag === "select") return el.attrs.multiple !== undefined ? "listbox" : "combobox";
  if (el.tag === "input") {
    const type = el.attrs.type ?? "text";
    if (["button", "submit", "reset", "image"].includes(type)) return "button";
    if (type === "checkbox" || type === "radio") return type;
    if (type === "search") return "searchbox";
    return "textbox";
  }
  return null;
}

/** Words only: lower case, ё as е, punctuation and spaces folded, so «Избранное: 3» holds «Избранное». */
const words = (s: string) =>
  s
    .toLowerCase()
    .replace(/ё/g, "е")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

const NAMED_BY_CONTENT = new Set([
  "button",
  "link",
  "menuitem",
  "tab",
  "option",
  "checkbox",
  "radio",
  "switch",
]);

function problemsOf(html: string): string[] {
  const problems: string[] = [];
  for (const el of elements(parseHtml(html))) {
    const role = roleOf(el);
    const label = el.attrs["aria-label"];
    if (label !== undefined && role && NAMED_BY_CONTENT.has(role)) {
      const text = visibleText(el);
      if (text && !words(label).includes(words(text))) {
        problems.push(`label in name: «${label}» does not contain the visible «${text}»: ${tagOf(el)}`);
      }
    }
    if (el.tag === "input" && el.attrs.role) {
      const type = el.attrs.type ?? "text";
      if (!(INPUT_ROLES[type] ?? []).includes(el.attrs.role)) {
        problems.push(`role="${el.attrs.role}" is not allowed on <input type="${type}">: ${tagOf(el)}`);
      }
    }
    if (el.attrs["aria-expanded"] !== undefined && !(role && EXPANDABLE.has(role))) {
      problems.push(`aria-expanded on the role «${role ?? "none"}», which has no such state: ${tagOf(el)}`);
    }
  }
  return problems;
}

let samples: Record<string, string>;
beforeAll(async () => {
  samples = await pageSamples();
});

describe("every page type's HTML", () => {
  it("has a sample of every route", () => {
    expect(unsampledRoutes(samples)).toEqual([]);
  });

  it("names its controls with their visible text and gives roles only where HTML allows them", async () => {
    const found: Record<string, string[]> = {};
    for (const [type, path] of Object.entries(samples)) {
      const res = await get(path);
      expect(res.status, path).toBe(type === "404" ? 404 : 200);
      const problems = problemsOf(await res.text());
      if (problems.length) found[`${type} ${path}`] = problems;
    }
    expect(found).toEqual({});
  }, 120_000);

  it("would see the old logo and the old search box", () => {
    expect(
      problemsOf(
        '<a href="/" aria-label="Новостройки Москвы — на главную"><span>Новостройки<span>Москвы и Подмосковья</span></span></a>' +
          '<input type="search" role="combobox" aria-expanded="false"/><input type="search" aria-expanded="false"/>',
      ),
    ).toHaveLength(3);
  });
});
