import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { type APIRequestContext, type APIResponse, expect, type Page, type Route } from "@playwright/test";

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1440, height: 900 };
/** Chrome on an Android phone: the server guesses a phone's screen from it (worker/security.ts narrowScreen). */
export const PHONE_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36";
export const SCREENSHOT_DIR = "tests/screenshots";

/** The end-to-end server's side door (scripts/serve-e2e.mjs): its cron trigger and its D1. */
export const sideDoor = (): string =>
  readFileSync(`.wrangler/e2e-${process.env.E2E_PORT ?? "8788"}.side`, "utf8");

/**
 * A statement run on the end-to-end server's D1 by the server's own runtime (its side door), and its rows: not
 * another process on the same SQLite file, whose lock failed the site's reads and writes meanwhile. A write
 * given here must be idempotent (a failed try is made again).
 */
export async function localD1<T>(sql: string): Promise<T[]> {
  const res = await fetch(`${sideDoor()}d1`, { method: "POST", body: sql });
  if (!res.ok) throw new Error(`D1: ${res.status} ${await res.text()}`);
  return (await res.json()) as T[];
}

/**
 * The specs' own calls to the site's API, each on a connection of its own («Connection: close»). Playwright's
 * API client keeps its connections alive and reuses one that the server may be closing that very moment: workerd
 * closes a connection idle for 5 s without announcing it, and the call fails with «socket hang up» (a clean-clone
 * CI run; microsoft/playwright#42701). Chromium sends such a request again; Node's client does not. Every call of
 * a request context goes through here, so that none leaves a connection to be reused.
 */
type Requester = APIRequestContext | { request: APIRequestContext };
const OWN_CONNECTION = { connection: "close" };
const requestOf = (from: Requester) => ("request" in from ? from.request : from);

export const apiGet = (from: Requester, url: string): Promise<APIResponse> =>
  requestOf(from).get(url, { headers: OWN_CONNECTION });

export const apiPost = (from: Requester, url: string, data: unknown): Promise<APIResponse> =>
  requestOf(from).post(url, { data, headers: OWN_CONNECTION });

/** A call that must answer 200, and its JSON. */
export async function apiJson<T>(from: Requester, url: string): Promise<T> {
  const res = await apiGet(from, url);
  expect(res.status(), url).toBe(200);
  return (await res.json()) as T;
}

/** How many complexes the catalogue's API finds for a query string. */
export const complexTotal = async (from: Requester, query = ""): Promise<number> =>
  (await apiJson<{ total: number }>(from, `/api/v1/residential-complexes/grid?per_page=1&${query}`)).total;

/** The address of the catalogue's first complex. */
export async function firstComplexUrl(from: Requester): Promise<string> {
  const grid = await apiJson<{ data: { url: string }[] }>(
    from,
    "/api/v1/residential-complexes/grid?per_page=1",
  );
  const url = grid.data[0]?.url;
  if (!url) throw new Error("the catalogue is empty");
  return url;
}

/** The consultant's sign-in, for the pages of the console opened in this context from here on. */
export async function signInAsOperator(from: Requester): Promise<void> {
  const res = await apiPost(from, "/api/v1/chat/operator/session", { token: operatorToken() });
  expect(res.status()).toBe(200);
}

/** Screenshots for people to look at (not compared): the full page, or what the viewport shows. */
export async function screenshot(page: Page, name: string, fullPage = true): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  // A full page is drawn whole: what content-visibility keeps undrawn until it comes near the screen (the
  // listing's cards, the complex page's sections) would be blank in it, though a visitor never sees it so.
  const style = fullPage ? "* { content-visibility: visible !important; }" : undefined;
  const take = () => page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage, style });
  // The picture is for people to look at, not a check: Chromium's capture now and then answers «Unable to
  // capture screenshot» (a clean-clone CI run, a legal page at 1440 px, nothing wrong with the page), and is
  // asked once more; any other failure is the test's.
  await take().catch(async (e: unknown) => {
    if (!String(e).includes("Unable to capture screenshot")) throw e;
    await page.waitForTimeout(250);
    await take();
  });
}

/** Resolves when React has hydrated the page (the entry module ran and handlers are attached). */
export async function hydrated(page: Page): Promise<void> {
  // The root's container gets React's key when hydration starts; hydration runs as a transition, in slices,
  // and the page is React's once it has committed: its root is no longer dehydrated (React's own state, read
  // here only; under load a test that acted on the first key pressed or dragged the server's HTML).
  await page.waitForFunction(() => {
    const root = document.getElementById("root");
    if (!root) return false;
    const key = Object.keys(root).find((k) => k.startsWith("__reactContainer"));
    type HostRoot = { stateNode?: { current?: { memoizedState?: { isDehydrated?: boolean } } } };
    const fiber = key ? (root as unknown as Record<string, HostRoot>)[key] : undefined;
    return fiber?.stateNode?.current?.memoizedState?.isDehydrated === false;
  });
}

/**
 * The map is drawn at its frame's size: its part has hydrated (`data-live`, client/lazy-press.ts) and the
 * frame's measured size, which comes in a transition after that (CatalogueMap.tsx), is its drawing's. Until
 * then the server's drawing is scaled to fill the frame: a tap still lands where it was, but the view changes.
 */
export async function mapDrawn(page: Page): Promise<void> {
  await expect(page.locator(".cmap[data-live]")).toHaveCount(1);
  await page.waitForFunction(() => {
    const frame = document.querySelector(".cmap__frame");
    const box = frame?.querySelector("svg")?.viewBox.baseVal;
    const { width, height } = frame?.getBoundingClientRect() ?? { width: 0, height: 0 };
    return !!box && box.width === Math.round(width) && box.height === Math.round(height);
  });
}

/** The page's cumulative layout shift so far, shifts right after input left out (as CLS counts them). */
export function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let sum = 0;
        new PerformanceObserver((l) => {
          for (const e of l.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
            if (!e.hadRecentInput) sum += e.value;
        }).observe({ type: "layout-shift", buffered: true });
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(sum)));
      }),
  );
}

/** The operator's token, from the .dev.vars that the e2e server uses. */
export function operatorToken(): string {
  const file = existsSync(".dev.vars") ? ".dev.vars" : ".dev.vars.example";
  const token = /^OPERATOR_TOKEN=(.+)$/m.exec(readFileSync(file, "utf8"))?.[1]?.trim();
  if (!token) throw new Error(`no OPERATOR_TOKEN in ${file}`);
  return token;
}

/** Collects every script error and console error (CSP violations included) of the page, for a test to check. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  return errors;
}

/**
 * Holds every request for the lazy chunk whose file name starts with `name` (the module's file name: the build
 * names a lazily imported module's chunk after it) until `release` is called.
 */
export async function holdChunk(page: Page, name: string) {
  const held: Route[] = [];
  let released = false;
  await page.route(new RegExp(`/assets/${name}-[^/]+\\.js$`), (route) =>
    released ? route.continue() : void held.push(route),
  );
  return {
    asked: () => held.length,
    async release() {
      released = true;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}
