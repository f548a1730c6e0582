import { expect, type Page, type Route, test } from "@playwright/test";
import { filterKeys } from "../../shared/filter-keys";
import type { CatalogueFilter } from "../../shared/filters/catalogue";
import { formatPriceFrom } from "../../shared/format";
import type { Size, View } from "../../shared/map/projection";
import { viewQuery } from "../../shared/map/view";
import type { ComplexList } from "../../shared/schemas/catalogue";
import type { MapView } from "../../shared/schemas/map";
import { type AxeViolation, axeViolations } from "./axe";
import {
  apiJson,
  complexTotal,
  DESKTOP,
  holdChunk,
  hydrated,
  mapDrawn,
  PHONE,
  PHONE_UA,
  screenshot,
} from "./helpers";

const MAP_PAGE = "/novostroyki/na-karte/";

/** The map asking the server for a view. */
const VIEW_CALL = /\/api\/v1\/residential-complexes\/map-view\?/;

/** What the map shows: each cluster's count and each single complex (1). */
const markerCounts = (page: Page) =>
  page
    .locator(".cmap__markers [data-count]")
    .evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-count"))));
const shownTotal = async (page: Page) => (await markerCounts(page)).reduce((a, b) => a + b, 0);
/** Hydrated, the map's own code running and its drawing at the frame's size. */
async function ready(page: Page) {
  await hydrated(page);
  // The map is a lazy part: the page hydrates first, the map once its chunk has come (until then its frame is
  // the server's HTML, without React's handlers, and a gesture on it does nothing). Its root is marked
  // `data-live` in the commit that hydrates it (client/lazy-press.ts): React's props on a node come earlier,
  // while it renders, and under load a pinch made then did nothing (mapDrawn waits for it).
  await mapDrawn(page);
  await expect(page.locator(".cmap__frame")).toHaveAttribute("aria-busy", "false");
}

/** The base map's offset on screen: matrix(s 0 0 s tx ty). */
async function baseOffset(page: Page): Promise<{ s: number; tx: number; ty: number }> {
  const m = /matrix\(([-\d.e]+) 0 0 [-\d.e]+ ([-\d.e]+) ([-\d.e]+)\)/.exec(
    (await page.locator(".cmap__base").getAttribute("transform")) ?? "",
  );
  return { s: Number(m?.[1]), tx: Number(m?.[2]), ty: Number(m?.[3]) };
}

/** How far apart two views of the base map are on screen, in pixels (any change of scale is far). */
const gap = (a: { s: number; tx: number; ty: number }, b: { s: number; tx: number; ty: number }) =>
  a.s === b.s ? Math.max(Math.abs(a.tx - b.tx), Math.abs(a.ty - b.ty)) : Infinity;

/** The view the map shows, read back from its base layer's transform and its frame's size. */
async function shownView(page: Page): Promise<{ view: View; size: Size }> {
  const { s, tx, ty } = await baseOffset(page);
  const box = await page.locator(".cmap__frame").boundingBox();
  if (!box) throw new Error("no map frame");
  const size = { width: Math.round(box.width), height: Math.round(box.height) };
  return { view: { x: (size.width / 2 - tx) / s, y: (size.height / 2 - ty) / s, zoom: Math.log2(s) }, size };
}

/**
 * The map shows what the server answers for its view: the markers on screen are the clusters of the view's
 * answer (asked here afresh) that fall within the frame, each single complex named as in the answer.
 */
async function expectMarkersAgree(page: Page, filter: CatalogueFilter = {}) {
  await expect(page.locator(".cmap__frame")).toHaveAttribute("aria-busy", "false");
  await expect(page.getByRole("status").filter({ hasText: "Загружаем ЖК" })).toHaveCount(0);
  const { view, size } = await shownView(page);
  const answer = await apiJson<MapView>(page, filterKeys.complexMapView(filter, viewQuery(view, size)));
  const level = Math.floor(view.zoom);
  const clusters = answer.levels[Math.min(level - answer.from, answer.levels.length - 1)] ?? [];
  const s = 2 ** view.zoom;
  const onScreen = clusters.filter((c) => {
    const x = (c[0] - view.x) * s + size.width / 2;
    const y = (c[1] - view.y) * s + size.height / 2;
    return x > -40 && y > -40 && x < size.width + 40 && y < size.height + 40;
  });
  await expect
    .poll(async () => (await markerCounts(page)).sort((a, b) => a - b))
    .toEqual(onScreen.map((c) => c[2]).sort((a, b) => a - b));
  const names = new Map(answer.points.map((p) => [`/novostroyki/${p[4]}/`, p[3]]));
  const shown = await page
    .locator(".cmap__point")
    .evaluateAll((els) => els.map((e) => [e.getAttribute("href"), e.getAttribute("aria-label")]));
  for (const [href, label] of shown) expect(label).toContain(`«${names.get(href ?? "")}»`);
  return onScreen;
}

/** A complex of the list, by the id its link ends with. */
async function listCard(page: Page, href: string) {
  const id = /-(\d+)\/$/.exec(href)?.[1];
  const card = (await apiJson<ComplexList>(page, `/api/v1/residential-complexes/grid?search[ids]=${id}`))
    .data[0];
  if (!card) throw new Error(`${href} is not in the list`);
  return card;
}

const nbsp = (s: string) => s.replace(/ /g, "\u00a0");
const countText = (n: number) => nbsp(`На карте ${n.toLocaleString("ru-RU")} ЖК`);

async function showAll(page: Page, total: number) {
  await page.getByRole("button", { name: "Показать все" }).click();
  await expect.poll(() => shownTotal(page)).toBe(total);
}

const describeViolations = (vs: AxeViolation[]) =>
  vs.map((v) => `${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target}  ${n.html}`).join("\n")}`);

test.describe("the map", () => {
  // Page errors and console errors: a hydration mismatch is one.
  let errors: string[] = [];
  test.beforeEach(({ page }) => {
    errors = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  });
  test.afterEach(() => expect(errors).toEqual([]));

  for (const viewport of [PHONE, DESKTOP]) {
    test(`asks the server for what is in view as it zooms and pans; cards and counts agree with the map (${viewport.width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      const asked: string[] = [];
      page.on("request", (r) => {
        if (VIEW_CALL.test(r.url())) asked.push(r.url());
      });
      await page.goto(MAP_PAGE);
      await ready(page);
      const all = await complexTotal(page);
      await expect(page.locator(".map-page__count")).toHaveText(countText(all));
      await expect(page.locator(".listing__count")).toContainText(nbsp(all.toLocaleString("ru-RU")));
      // The first view came with the page: nothing is asked for, and it is what the server answers.
      await expectMarkersAgree(page);
      await showAll(page, all);
      expect(asked).toEqual([]);
      const frame = page.locator(".cmap__frame");
      await frame.scrollIntoViewIfNeeded();

      // Into the biggest cluster, again and again: closer than the first view the map asks for its view.
      for (let i = 0; i < 4; i++) {
        const counts = await markerCounts(page);
        const biggest = Math.max(...counts);
        if (biggest < 2) break;
        const zoom = (await shownView(page)).view.zoom;
        await page.locator(`.cmap__cluster[data-count="${biggest}"]`).first().dispatchEvent("click");
        await expect.poll(async () => (await shownView(page)).view.zoom).toBeGreaterThan(zoom);
        const shown = await expectMarkersAgree(page);
        // The cluster opened is all on screen: its complexes are among the markers.
        expect(shown.reduce((n, c) => n + c[2], 0)).toBeGreaterThanOrEqual(biggest);
      }
      expect((await shownView(page)).view.zoom).toBeGreaterThanOrEqual(4);
      expect(asked.length).toBeGreaterThan(0);
      for (const url of asked) expect(url).toMatch(/[?&]zoom=\d+&?/);

      // A drag of most of the frame shows another part of the map: it is asked for, and drawn.
      const box = await frame.boundingBox();
      if (!box) throw new Error("no map frame");
      const before = asked.length;
      const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      await page.mouse.move(centre.x, centre.y);
      await page.mouse.down();
      await page.mouse.move(centre.x - box.width * 0.8, centre.y - box.height * 0.4, { steps: 8 });
      await page.mouse.up();
      await expect.poll(() => asked.length).toBeGreaterThan(before);
      await expectMarkersAgree(page);
      // And back: that view's answer is at hand, nothing new is drawn.
      await page.mouse.move(centre.x - box.width * 0.8, centre.y - box.height * 0.4);
      await page.mouse.down();
      await page.mouse.move(centre.x, centre.y, { steps: 8 });
      await page.mouse.up();
      await expectMarkersAgree(page);

      // Closer still until single complexes show: the card of one is the list's card.
      for (let i = 0; i < 10 && (await page.locator(".cmap__point").count()) === 0; i++) {
        const counts = await markerCounts(page);
        if (counts.length)
          await page
            .locator(`.cmap__cluster[data-count="${Math.max(...counts)}"]`)
            .first()
            .dispatchEvent("click");
        else await page.getByRole("button", { name: "Отдалить", exact: true }).click();
        await expectMarkersAgree(page);
      }
      const point = page.locator(".cmap__point").first();
      const href = (await point.getAttribute("href")) ?? "";
      await point.dispatchEvent("click");
      const card = page.locator(".cmap__card");
      const listed = await listCard(page, href);
      await expect(card.getByRole("link", { name: `ЖК «${listed.name}»` })).toHaveAttribute("href", href);
      await expect(card).toContainText(formatPriceFrom(listed.min_price));
      if (listed.stations[0]) await expect(card).toContainText(listed.stations[0].name);
      await screenshot(page, `map-view-${viewport.width}`, false);
    });
  }

  test("shows every complex of the filter, follows the form and the history", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto(MAP_PAGE);
    await ready(page);
    const all = await complexTotal(page);
    await expect(page.locator(".map-page__count")).toHaveText(countText(all));
    // The first view is Moscow; «Показать все» brings every complex in: clusters and single ones add up.
    expect(await shownTotal(page)).toBeLessThanOrEqual(all);
    await showAll(page, all);
    await page.locator(".cmap").scrollIntoViewIfNeeded();
    await screenshot(page, "map-1440");

    const form = page.getByRole("form", { name: "Фильтры новостроек" });
    await form.getByRole("checkbox", { name: "2-комн.", exact: true }).check();
    const twoRooms = await complexTotal(page, "search[rooms]=2");
    expect(twoRooms).toBeLessThan(all);
    await form.getByRole("button", { name: new RegExp(`Показать ${twoRooms}`) }).click();
    // The map was moved («Показать все»): its view stays in the URL.
    await expect(page).toHaveURL(/\/novostroyki\/na-karte\/\?rooms=2&map=[\d.]+,[\d.]+,[\d.]+$/);
    await expect(page.locator(".map-page__count")).toHaveText(countText(twoRooms));
    await showAll(page, twoRooms);
    await expect(page.locator(".listing__count")).toContainText(String(twoRooms));

    // The URL is the state: back and forward bring the filter's map back.
    await page.goBack();
    await expect(page.locator(".map-page__count")).toHaveText(countText(all));
    await showAll(page, all);
    await page.goForward();
    await expect(page.locator(".map-page__count")).toHaveText(countText(twoRooms));
    await showAll(page, twoRooms);
  });

  test("zooms in on a cluster, with the wheel, a double click and the buttons, and pans", async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto(MAP_PAGE);
    await ready(page);
    const all = await complexTotal(page);
    await showAll(page, all);
    const frame = page.locator(".cmap__frame");
    await frame.scrollIntoViewIfNeeded();

    // A click on the biggest cluster opens it: it falls apart into smaller clusters and single complexes.
    const before = await markerCounts(page);
    const biggest = Math.max(...before);
    expect(biggest).toBeGreaterThan(1);
    const zoomBefore = (await baseOffset(page)).s;
    await page.locator(`.cmap__cluster[data-count="${biggest}"]`).first().click();
    await expect.poll(async () => (await baseOffset(page)).s).toBeGreaterThan(zoomBefore);
    const after = await markerCounts(page);
    expect(Math.max(...after)).toBeLessThan(biggest);
    expect(after.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(biggest);

    // The wheel, a double click and «+» zoom in; «−» zooms out.
    const box = await frame.boundingBox();
    if (!box) throw new Error("no map frame");
    const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    let s = (await baseOffset(page)).s;
    await page.mouse.move(centre.x, centre.y);
    await page.mouse.wheel(0, -200);
    await expect.poll(async () => (await baseOffset(page)).s).toBeGreaterThan(s);
    s = (await baseOffset(page)).s;
    await page.mouse.wheel(0, 200);
    await expect.poll(async () => (await baseOffset(page)).s).toBeLessThan(s);
    s = (await baseOffset(page)).s;
    await frame.dblclick({ position: { x: 20, y: box.height - 20 } });
    await expect.poll(async () => (await baseOffset(page)).s).toBeGreaterThan(s);
    s = (await baseOffset(page)).s;
    await page.getByRole("button", { name: "Отдалить", exact: true }).click();
    await expect.poll(async () => (await baseOffset(page)).s).toBeLessThan(s);

    // A drag moves the map with the pointer, its markers with it; so do the arrows, a hundred pixels a press.
    // The markers stand in the map's kilometres: a move writes their group's transform, not each marker's.
    // From a settled view, and with the answers for the views it passes held until it is checked: an answer
    // for another box may redraw a cluster at its edge (merged with a neighbour outside the last box).
    await expect(frame).toHaveAttribute("aria-busy", "false");
    const held: Route[] = [];
    await page.route(VIEW_CALL, (route) => void held.push(route));
    const start = await baseOffset(page);
    // The marker nearest the middle (it stays in view), by its place: the same in kilometres wherever the map is.
    const place = await page.locator(".cmap__markers > g").evaluateAll((els, { x, y }) => {
      const far = (e: Element) => {
        const r = e.getBoundingClientRect();
        return Math.hypot(r.x + r.width / 2 - x, r.y + r.height / 2 - y);
      };
      return els.reduce((a, b) => (far(b) < far(a) ? b : a)).getAttribute("transform") ?? "";
    }, centre);
    const marker = page.locator(`.cmap__markers > g[transform="${place}"]`);
    const markerAt = async () => {
      const b = await marker.boundingBox();
      if (!b) throw new Error("no marker");
      return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
    };
    const markerBefore = await markerAt();
    await page.evaluate(() => {
      const w = window as unknown as { markerWrites: number };
      w.markerWrites = 0;
      new MutationObserver((records) => {
        w.markerWrites += records.filter(
          (r) => r.target instanceof Element && r.target.closest(".cmap__markers > g"),
        ).length;
      }).observe(document.querySelector(".cmap__markers") as Element, {
        subtree: true,
        attributeFilter: ["transform"],
      });
    });
    await page.mouse.move(centre.x, centre.y);
    await page.mouse.down();
    await page.mouse.move(centre.x - 120, centre.y - 60, { steps: 6 });
    await page.mouse.up();
    const dragged = await baseOffset(page);
    expect(dragged.tx - start.tx).toBeCloseTo(-120, 0);
    expect(dragged.ty - start.ty).toBeCloseTo(-60, 0);
    const markerAfter = await markerAt();
    expect(markerAfter.x - markerBefore.x).toBeCloseTo(-120, 0);
    expect(markerAfter.y - markerBefore.y).toBeCloseTo(-60, 0);
    expect(await page.evaluate(() => (window as unknown as { markerWrites: number }).markerWrites)).toBe(0);
    await page.unroute(VIEW_CALL);
    for (const route of held.splice(0)) await route.continue();
    await frame.focus();
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowUp");
    const keyed = await baseOffset(page);
    expect(keyed.tx - dragged.tx).toBeCloseTo(100, 0);
    expect(keyed.ty - dragged.ty).toBeCloseTo(100, 0);
    await page.keyboard.press("+");
    await expect.poll(async () => (await baseOffset(page)).s).toBeGreaterThan(keyed.s);
  });

  test("keeps the view in the URL: a shared link opens it, back and forward bring it back", async ({
    page,
    context,
  }) => {
    await page.setViewportSize(DESKTOP);
    // The closest level's answers come late on purpose, as under load: until they come the map shows the last
    // level's clusters (and says it is busy), which a comparison must not take for the view's own.
    await context.route(/map-view\?.*zoom=5/, async (route) => {
      await new Promise((done) => setTimeout(done, 800));
      await route.continue();
    });
    await page.goto(MAP_PAGE);
    await ready(page);
    // Until the visitor moves the map, the address stays as it is.
    expect(new URL(page.url()).search).toBe("");
    const zoomIn = page.getByRole("button", { name: "Приблизить", exact: true });
    await zoomIn.click();
    await zoomIn.click();
    await page.locator(".cmap__frame").focus();
    await page.keyboard.press("ArrowLeft");
    await expect(page).toHaveURL(/\?map=[\d.]+,[\d.]+,5$/);
    const closer = await baseOffset(page);
    // The clusters of this view, not the last level's still shown while its answer comes.
    await expectMarkersAgree(page);
    const shown = (await markerCounts(page)).sort();

    // Another visitor opens the link: the same view, the same clusters.
    const other = await context.newPage();
    await other.setViewportSize(DESKTOP);
    await other.goto(page.url());
    await ready(other);
    expect(gap(await baseOffset(other), closer)).toBeLessThan(0.5);
    await expect.poll(async () => (await markerCounts(other)).sort()).toEqual(shown);
    await other.close();

    // Another filter keeps the view; back and forward bring each entry's own.
    const form = page.getByRole("form", { name: "Фильтры новостроек" });
    await form.getByRole("checkbox", { name: "2-комн.", exact: true }).check();
    const twoRooms = await complexTotal(page, "search[rooms]=2");
    await form.getByRole("button", { name: new RegExp(`Показать ${twoRooms}`) }).click();
    await expect(page).toHaveURL(/\?rooms=2&map=[\d.]+,[\d.]+,5$/);
    expect(gap(await baseOffset(page), closer)).toBe(0);
    await page.getByRole("button", { name: "Отдалить", exact: true }).click();
    await expect(page).toHaveURL(/\?rooms=2&map=[\d.]+,[\d.]+,4$/);
    const farther = await baseOffset(page);
    await page.goBack();
    await expect(page).toHaveURL(/\?map=[\d.]+,[\d.]+,5$/);
    await expect.poll(async () => gap(await baseOffset(page), closer)).toBeLessThan(0.5);
    await page.goForward();
    await expect(page).toHaveURL(/\?rooms=2&map=[\d.]+,[\d.]+,4$/);
    await expect.poll(async () => gap(await baseOffset(page), farther)).toBeLessThan(0.5);
  });

  for (const viewport of [DESKTOP, PHONE]) {
    test(`a complex opens a card with its price, metro and link (${viewport.width} px)`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto(MAP_PAGE);
      await ready(page);
      const frame = page.locator(".cmap__frame");
      await frame.scrollIntoViewIfNeeded();
      // Closer in until single complexes show, then the one nearest the middle.
      for (let i = 0; i < 8 && (await page.locator(".cmap__point").count()) < 3; i++) {
        await page.getByRole("button", { name: "Приблизить", exact: true }).click();
      }
      const box = await frame.boundingBox();
      if (!box) throw new Error("no map frame");
      const points = await page.locator(".cmap__point").evaluateAll((els) =>
        els.map((e) => {
          const r = e.getBoundingClientRect();
          return { href: e.getAttribute("href") ?? "", x: r.x + r.width / 2, y: r.y + r.height / 2 };
        }),
      );
      const mid = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      points.sort((a, b) => Math.hypot(a.x - mid.x, a.y - mid.y) - Math.hypot(b.x - mid.x, b.y - mid.y));
      const target = points[0];
      if (!target) throw new Error("no single complex on the map");
      await page.mouse.click(target.x, target.y);

      const listed = await listCard(page, target.href);
      const card = page.locator(".cmap__card");
      await expect(card).toBeVisible();
      const link = card.getByRole("link", { name: `ЖК «${listed.name}»` });
      await expect(link).toHaveAttribute("href", target.href);
      await expect(link).toBeFocused();
      await expect(card).toContainText(formatPriceFrom(listed.min_price));
      if (listed.stations[0]) await expect(card).toContainText(listed.stations[0].name);
      await screenshot(page, `map-card-${viewport.width}`);
      // Esc closes it; the link leads to the complex's page.
      await page.keyboard.press("Escape");
      await expect(card).toBeHidden();
      await page.locator(`a.cmap__point[href="${target.href}"]`).click();
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${target.href}$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`ЖК «${listed.name}»`);
    });
  }

  test("the server's map stays until the map's code has come (no empty frame in between), and «+» pressed meanwhile zooms then", async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    const chunk = await holdChunk(page, "CatalogueMap");
    const asked: string[] = [];
    page.on("request", (r) => {
      if (VIEW_CALL.test(r.url())) asked.push(r.url());
    });
    await page.goto(MAP_PAGE);
    await hydrated(page);
    await expect.poll(chunk.asked).toBeGreaterThan(0);
    const frame = await page.locator(".cmap__frame").elementHandle();
    // The map's props stay the server's while its chunk is held: nothing asked for.
    expect(asked).toEqual([]);
    const before = await baseOffset(page);
    await page.getByRole("button", { name: "Приблизить", exact: true }).click();
    await chunk.release();
    await ready(page);
    expect(await frame?.evaluate((el) => el.isConnected)).toBe(true);
    await expect.poll(async () => (await baseOffset(page)).s).toBeGreaterThan(before.s);
    // Closer in, the map shows what the server answers for its view.
    await expectMarkersAgree(page);
  });

  test("phone: the server draws the first view for a phone's frame, and the map keeps every marker it drew", async ({
    browser,
  }) => {
    // A phone's browser (its user agent, and Chromium's mobile hint with it): the server guesses its frame.
    const context = await browser.newContext({
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
      userAgent: PHONE_UA,
    });
    const page = await context.newPage();
    const chunk = await holdChunk(page, "CatalogueMap");
    await page.goto(MAP_PAGE);
    await hydrated(page);
    // The server's markers, each marked on its element while the map's code is held.
    const marker = page.locator(".cmap__markers > g");
    const drawn = await marker.evaluateAll((els) =>
      els.map((el) => {
        Object.assign(el, { fromServer: true });
        return el.getAttribute("transform");
      }),
    );
    expect(drawn.length).toBeGreaterThan(3);
    await chunk.release();
    await ready(page);
    // The map at its measured frame, as the server answers for it…
    await expectMarkersAgree(page);
    // …with the server's elements: the measurement moved and scaled them, and replaced none.
    const shown = await marker.evaluateAll((els) =>
      els.map((el) => ({ at: el.getAttribute("transform"), fromServer: "fromServer" in el })),
    );
    expect(shown.filter((m) => drawn.includes(m.at)).length).toBeGreaterThan(drawn.length * 0.8);
    for (const m of shown) if (drawn.includes(m.at)) expect(m.fromServer, `${m.at}`).toBe(true);
    await context.close();
  });

  test("phone: the first view and the filter sheet", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto(MAP_PAGE);
    await hydrated(page);
    await page.locator(".cmap").scrollIntoViewIfNeeded();
    await screenshot(page, "map-390");
    await page.getByRole("button", { name: /^Фильтры/ }).click();
    const sheet = page.getByRole("dialog", { name: "Фильтры" });
    await sheet.getByRole("checkbox", { name: "Студия", exact: true }).check();
    const studios = await complexTotal(page, "search[rooms]=0");
    await sheet.getByRole("button", { name: new RegExp(`Показать ${studios}`) }).click();
    await expect(page.locator(".map-page__count")).toHaveText(countText(studios));
    await showAll(page, studios);
  });

  test.describe("on a touch screen", () => {
    test.use({ hasTouch: true, isMobile: true, viewport: PHONE });

    test("two fingers pinch the map around their midpoint, before the drawing's chunk has come too", async ({
      page,
    }) => {
      // The base map's drawing is a lazy part of its own: until it hydrates, React holds back the pointer
      // events whose target is inside it, so a gesture on the drawing must not depend on it.
      const drawing = await holdChunk(page, "BaseGeometry");
      await page.goto(MAP_PAGE);
      await ready(page);
      await expect.poll(drawing.asked).toBeGreaterThan(0);
      const frame = page.locator(".cmap__frame");
      await frame.scrollIntoViewIfNeeded();
      const box = await frame.boundingBox();
      if (!box) throw new Error("no map frame");
      const mid = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      // The base map's point under the fingers' midpoint, in its own units.
      const under = (v: { s: number; tx: number; ty: number }) => ({
        x: (mid.x - box.x - v.tx) / v.s,
        y: (mid.y - box.y - v.ty) / v.s,
      });
      const before = await baseOffset(page);
      const cdp = await page.context().newCDPSession(page);
      const fingers = (d: number) => [
        { x: mid.x - d, y: mid.y, id: 1 },
        { x: mid.x + d, y: mid.y, id: 2 },
      ];
      await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: fingers(40) });
      for (let d = 44; d <= 60; d += 4)
        await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: fingers(d) });
      await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
      // Fingers 80 px apart, then 120: one and a half times closer, around the same place.
      await expect.poll(async () => (await baseOffset(page)).s / before.s).toBeCloseTo(1.5, 2);
      const after = await baseOffset(page);
      expect(under(after).x).toBeCloseTo(under(before).x, 0);
      expect(under(after).y).toBeCloseTo(under(before).y, 0);
      // Two fingers coming together zoom back out.
      await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: fingers(60) });
      for (let d = 56; d >= 40; d -= 4)
        await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: fingers(d) });
      await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
      await expect.poll(async () => (await baseOffset(page)).s / before.s).toBeCloseTo(1, 2);
      await drawing.release();
    });
  });

  test("works without JavaScript: the clustered map, links to complexes and the filter", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(`${MAP_PAGE}?regions=1`);
    const moscow = await complexTotal(page, "search[regions]=1");
    // Moscow is on the first view: every complex of the filter is in a cluster or a point.
    expect(await shownTotal(page)).toBe(moscow);
    await expect(page.locator(".cmap__cluster").first()).toBeVisible();
    await expect(page.locator(".listing-card").first()).toBeVisible();
    // No control that needs the map's code: zoom, «show all», a point to pick.
    for (const name of ["Приблизить", "Отдалить", "Показать все", "Указать точку на карте"])
      await expect(page.getByRole("button", { name, exact: true })).toBeHidden();
    await page.getByRole("checkbox", { name: "Студия", exact: true }).first().check();
    await page.getByRole("button", { name: /Показать/ }).click();
    await expect(page).toHaveURL(/rooms=0/);
    const studios = await complexTotal(page, "search[regions]=1&search[rooms]=0");
    await expect(page.locator(".map-page__count")).toHaveText(countText(studios));
    expect(await shownTotal(page)).toBe(studios);
    await context.close();
  });

  for (const viewport of [PHONE, DESKTOP]) {
    test(`has no axe violations (${viewport.width} px), with a card open too`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto(MAP_PAGE);
      await ready(page);
      expect(describeViolations(await axeViolations(page))).toEqual([]);
      for (let i = 0; i < 8 && (await page.locator(".cmap__point").count()) === 0; i++) {
        await page.getByRole("button", { name: "Приблизить", exact: true }).click();
      }
      await page.locator(".cmap__point").first().dispatchEvent("click");
      await expect(page.locator(".cmap__card")).toBeVisible();
      expect(describeViolations(await axeViolations(page))).toEqual([]);
    });
  }
});
