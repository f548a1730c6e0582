/**
 * The one route table of the site (SPEC §2), used by the worker (matching, validation, data prefetch) and by
 * the client (rendering, links). Matching is first-match in table order; a route whose params fail
 * validation lets the next route try, and nothing matching is a 404.
 */
import { COMPANY_TYPES, LOCATION_TYPES } from "./constants";

export type PageId =
  | "home"
  | "ad"
  | "risk-method"
  | "companies"
  | "companies-type"
  | "company"
  | "contacts"
  | "legal"
  | "mortgage"
  | "special"
  | "test-modal"
  | "apartments"
  | "apartment"
  | "journal"
  | "article"
  | "complex"
  | "listing"
  | "map"
  | "favorites"
  | "compare"
  | "location-type"
  | "location"
  | "operator"
  | "lead"
  | "search"
  | "commute";

export type Layout = "default" | "empty";

/**
 * What a route param must be: a pattern it matches whole, or the list of its values. The table is data, not
 * schemas, so the app shell that every page loads carries no validation library for it; every param that
 * reaches data is an API input too, which the API validates with its valibot schema.
 */
export type ParamRule = RegExp | readonly string[];

const slug = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** `/novostroyki/{complex}/`: text ending in a dash and digits. */
const complexSlug = /^[a-z0-9]+(?:-[a-z0-9]+)*-(\d{1,9})$/;
/**
 * Catch-all listing path: zero or more slug segments, at most 300 characters.
 * Unambiguous (linear-time) on purpose: "segment(/segment)*" with an optional trailing slash. A pattern
 * like (segment\/?)* backtracks exponentially on a long almost-matching path.
 */
const listingPath = /^(?=.{0,300}$)(?:[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*\/?)?$/s;
const companyType = Object.keys(COMPANY_TYPES);
/** `/kvartiry/kvartira-{id}/`: one apartment. */
export const APARTMENT_SLUG = /^kvartira-(\d{1,9})$/;

export interface RouteDef {
  name: string;
  /** Pattern in react-router syntax without the trailing slash ("" is the root). */
  path: string;
  page: PageId;
  layout: Layout;
  /** The rule of each param; an optional param (`:name?`, `*`) that is absent passes. */
  params?: Readonly<Record<string, ParamRule>>;
  /**
   * Its list comes in pages by `?page=`: the first has none, and any other way of writing a page is answered
   * with a 301 to the canonical one (shared/filters/canonical.ts).
   */
  paged?: true;
}

/**
 * «Мои подписки» and the alerts' pages: served by the worker's own routes (worker/alerts/routes.tsx), not React's.
 * Here rather than in shared/alerts.ts, whose schemas would bring valibot into every page's first load (the
 * header links here).
 */
export const ALERTS_PATH = "/podpiski/";

export const ROUTES: readonly RouteDef[] = [
  { name: "home", path: "/", page: "home", layout: "default" },
  { name: "ad", path: "/ad", page: "ad", layout: "default" },
  // How «Риск переноса» is reckoned (issue 31): the inputs and the bands.
  { name: "risk-method", path: "/riski-perenosa", page: "risk-method", layout: "default" },
  { name: "companies", path: "/companies", page: "companies", layout: "default" },
  {
    name: "companies-type",
    path: "/companies/:type",
    page: "companies-type",
    layout: "default",
    params: { type: companyType },
    paged: true,
  },
  {
    name: "company",
    path: "/companies/:type/:company",
    page: "company",
    layout: "default",
    params: { type: companyType, company: slug },
  },
  { name: "contacts", path: "/contacts", page: "contacts", layout: "default" },
  { name: "data-processing-agreement", path: "/data-processing-agreement", page: "legal", layout: "default" },
  { name: "mortgage", path: "/mortgage", page: "mortgage", layout: "default" },
  { name: "policy", path: "/policy", page: "legal", layout: "default" },
  { name: "special", path: "/special", page: "special", layout: "default" },
  { name: "terms-of-service", path: "/terms-of-service", page: "legal", layout: "default" },
  { name: "test-modal", path: "/test-modal", page: "test-modal", layout: "default" },
  { name: "operator", path: "/operator", page: "operator", layout: "empty" },
  // A buyer's request to the seller: ?complex=<id>[&kvartira=<id>][&kind=callback|viewing|discounts].
  { name: "lead", path: "/zayavka", page: "lead", layout: "default" },
  { name: "favorites", path: "/izbrannoe", page: "favorites", layout: "default" },
  { name: "compare", path: "/sravnenie", page: "compare", layout: "default" },
  // The header's search as a page (?q=…): its GET form's address, for a search without JavaScript.
  { name: "search", path: "/poisk", page: "search", layout: "default" },
  // «Время в пути» (issue 32): how commute times are estimated, and a plain form of every station.
  { name: "commute", path: "/vremya-v-puti", page: "commute", layout: "default" },
  {
    name: "apartments-complex",
    path: "/kvartiry/novostroyka/:complex_slug?",
    page: "apartments",
    layout: "default",
    params: { complex_slug: complexSlug },
    paged: true,
  },
  // One apartment: a page of its own (its code is not the lists'), before the lists' `:slug?`.
  {
    name: "apartment",
    path: "/kvartiry/:slug",
    page: "apartment",
    layout: "default",
    params: { slug: APARTMENT_SLUG },
  },
  {
    name: "apartments",
    path: "/kvartiry/:slug?",
    page: "apartments",
    layout: "default",
    params: { slug },
    paged: true,
  },
  {
    name: "journal",
    path: "/journal/:category?",
    page: "journal",
    layout: "default",
    params: { category: slug },
    paged: true,
  },
  {
    name: "journal-article",
    path: "/journal/:category/:article",
    page: "article",
    layout: "default",
    params: { category: slug, article: slug },
  },
  {
    name: "complex",
    path: "/novostroyki/:complex",
    page: "complex",
    layout: "default",
    params: { complex: complexSlug },
  },
  // The named listing «на карте» (shared/seo-filters.ts) is the map page: before the catch-all listing.
  { name: "map", path: "/novostroyki/na-karte", page: "map", layout: "default" },
  {
    name: "listing",
    path: "/novostroyki/*",
    page: "listing",
    layout: "default",
    params: { "*": listingPath },
    paged: true,
  },
  {
    name: "by-location-type",
    path: "/:type",
    page: "location-type",
    layout: "default",
    params: { type: LOCATION_TYPES },
  },
  {
    name: "by-location-type-slug",
    path: "/:type/:slug",
    page: "location",
    layout: "default",
    params: { type: LOCATION_TYPES, slug },
    paged: true,
  },
];

export interface RouteMatch {
  route: RouteDef;
  params: Record<string, string | undefined>;
  /** The path as matched, with the trailing slash. */
  pathname: string;
  search: URLSearchParams;
}

interface CompiledRoute {
  route: RouteDef;
  re: RegExp;
  keys: string[];
}

function compile(route: RouteDef): CompiledRoute {
  const keys: string[] = [];
  let source = "";
  for (const part of route.path.split("/").filter(Boolean)) {
    if (part === "*") {
      keys.push("*");
      source += "(?:/(.*?))?";
    } else if (part.startsWith(":")) {
      const optional = part.endsWith("?");
      keys.push(part.slice(1, optional ? -1 : undefined));
      source += optional ? "(?:/([^/]+))?" : "/([^/]+)";
    } else {
      source += `/${part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
    }
  }
  return { route, keys, re: new RegExp(`^${source}/?$`) };
}

/**
 * The routes' patterns, compiled at the first match, not when the module runs: on the phone that was a fifth of
 * the app's shell's evaluation, one task before any page could hydrate (decision 0030).
 */
let compiled: CompiledRoute[] | undefined;
const compiledRoutes = () => {
  compiled ??= ROUTES.map(compile);
  return compiled;
};

function decode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

function paramsFollow(rules: RouteDef["params"], params: Record<string, string | undefined>): boolean {
  return Object.entries(rules ?? {}).every(([key, rule]) => {
    const value = params[key];
    return value === undefined || (rule instanceof RegExp ? rule.test(value) : rule.includes(value));
  });
}

/** Finds the route for a slashed pathname; null is a 404. */
export function matchRoute(pathname: string, search = ""): RouteMatch | null {
  if (!pathname.endsWith("/")) return null;
  for (const { route, re, keys } of compiledRoutes()) {
    const m = re.exec(pathname === "/" ? "/" : pathname.slice(0, -1) || "/");
    if (!m) continue;
    const params: Record<string, string | undefined> = {};
    let bad = false;
    keys.forEach((key, i) => {
      const raw = m[i + 1];
      if (raw === undefined || raw === "") return;
      const value = decode(raw);
      if (value === null) bad = true;
      else params[key] = value;
    });
    if (bad) continue;
    if (!paramsFollow(route.params, params)) continue;
    return { route, params, pathname, search: new URLSearchParams(search) };
  }
  return null;
}

/** Builds the slashed URL of a named route. */
export function href(
  name: string,
  params: Record<string, string | number | undefined> = {},
  query?: Record<string, string | number | undefined | null>,
): string {
  const route = ROUTES.find((r) => r.name === name);
  if (!route) throw new Error(`Unknown route ${name}`);
  const parts: string[] = [];
  for (const part of route.path.split("/").filter(Boolean)) {
    if (part === "*") {
      const rest = params["*"];
      if (rest) parts.push(String(rest).replace(/^\/+|\/+$/g, ""));
    } else if (part.startsWith(":")) {
      const key = part.slice(1).replace(/\?$/, "");
      const value = params[key];
      if (value !== undefined && value !== "") parts.push(encodeURIComponent(String(value)));
    } else parts.push(part);
  }
  const path = parts.length ? `/${parts.join("/")}/` : "/";
  // Most links have no query: the menu's and the header's are made as the app's shell runs.
  if (!query) return path;
  const qs = new URLSearchParams();
  for (const [k, val] of Object.entries(query)) {
    if (val !== undefined && val !== null && val !== "") qs.set(k, String(val));
  }
  const q = qs.toString();
  return q ? `${path}?${q}` : path;
}

/** The id part of a complex slug: "zhk-sokolniki-42" -> 42. */
export function complexIdFromSlug(value: string): number | null {
  const m = /-(\d{1,9})$/.exec(value);
  return m ? Number(m[1]) : null;
}
