import { expect, type Page, test } from "@playwright/test";
import { ROOMS } from "../../shared/codes";
import { WAITING_PICTURE } from "../../shared/images";
import type { ComplexDetail, ComplexList, LivingObject } from "../../shared/schemas/catalogue";
import { apiJson, DESKTOP, hydrated, PHONE, SCREENSHOT_DIR, screenshot } from "./helpers";

test("a complex's apartments: a price typed without «млн» is offered in millions, at 390 px without JavaScript and 1440 px with it", async ({
  browser,
}) => {
  for (const [viewport, javaScriptEnabled] of [
    [PHONE, false],
    [DESKTOP, true],
  ] as const) {
    const context = await browser.newContext({ javaScriptEnabled, viewport });
    const page = await context.newPage();
    const complex = await pickComplex(page);
    await page.goto(`/kvartiry/novostroyka/${complex.slug}/?max_price=12`);
    if (javaScriptEnabled) await hydrated(page);
    const form = page.getByRole("form", { name: "Фильтр квартир" });
    await expect(form.getByText("Цена в рублях: до 12 ₽.")).toBeVisible();
    await form.getByRole("link", { name: "Искать до 12 млн ₽" }).click();
    await expect(page).toHaveURL(new RegExp(`/kvartiry/novostroyka/${complex.slug}/\\?max_price=12000000$`));
    await expect(form.getByText("Цена в рублях")).toHaveCount(0);
    await expect(form.locator('input[name="max_price"]')).toHaveValue("12000000");
    await context.close();
  }
});

/**
 * The long journeys start from a complex URL read from the API (the complex with the most apartments on sale
 * among the first hundred), loaded directly; opening a complex from the listing is its own test.
 */
async function pickComplex(page: Page): Promise<ComplexDetail> {
  const grid = await apiJson<ComplexList>(page, "/api/v1/residential-complexes/grid?per_page=100");
  const best = [...grid.data].sort((a, b) => b.apartments_on_sale - a.apartments_on_sale || a.id - b.id)[0];
  if (!best) throw new Error("the catalogue is empty");
  const complex = await apiJson<ComplexDetail>(page, `/api/v1/residential-complexes/${best.id}`);
  // The room groups in the order of the form and of a canonical address: studio … 5+, the free layout last.
  const order = (rooms: number) => (ROOMS as readonly number[]).indexOf(rooms);
  complex.rooms.sort((a, b) => order(a.rooms) - order(b.rooms));
  return complex;
}

/** A pattern matching the text literally. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A marker on window survives only client-side navigations. */
const mark = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { __marker: number }).__marker = 42;
  });
const marked = (page: Page) => page.evaluate(() => (window as unknown as { __marker?: number }).__marker);

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  return errors;
}

test.describe("the complex page", () => {
  test("opens from the listing of complexes", async ({ page }) => {
    const errors = watchErrors(page);
    await page.setViewportSize(DESKTOP);
    await page.goto("/novostroyki/");
    await hydrated(page);
    await mark(page);
    // A card of the list, not an ad above it.
    const link = page.locator(".listing__grid").getByRole("link", { name: /^ЖК «/ }).first();
    const name = (await link.textContent()) ?? "";
    const href = (await link.getAttribute("href")) ?? "";
    expect(href).toMatch(/^\/novostroyki\/[a-z0-9-]+-\d+\/$/);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await expect(page.getByRole("complementary", { name: "Цены" })).toBeVisible();
    expect(await marked(page)).toBe(42);
    expect(errors).toEqual([]);
  });

  test("desktop: gallery, filters, chessboard, an apartment and the mortgage calculator", async ({
    page,
  }) => {
    const errors = watchErrors(page);
    await page.setViewportSize(DESKTOP);
    const complex = await pickComplex(page);
    await page.goto(complex.url);
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`ЖК «${complex.name}»`);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/complex-top-1440.png` });
    await mark(page);

    // The light box: opens on a click, moves with the arrows, closes with Esc and gives the focus back.
    const opener = page.getByRole("button", { name: "Открыть рисунок «Вид с улицы днём» на весь экран" });
    await opener.click();
    const box = page.getByRole("dialog");
    await expect(box).toBeVisible();
    await expect(box).toHaveAccessibleName(/вид с улицы днём/);
    await page.keyboard.press("ArrowRight");
    await expect(box).toHaveAccessibleName(/вечером/);
    await expect(box.getByText("2 из 4")).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/complex-lightbox-1440.png` });
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect(box).toHaveAccessibleName(/генплан/);
    await page.keyboard.press("Escape");
    await expect(box).toBeHidden();
    await expect(opener).toBeFocused();

    // Filters: a room type applies at once and goes into the URL; the list follows.
    const rooms = complex.rooms[0];
    if (!rooms) throw new Error("the complex has no apartments");
    const form = page.getByRole("form", { name: "Фильтр квартир" });
    await form.getByRole("checkbox", { name: new RegExp(`^${literal(rooms.label)}`) }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]rooms=${rooms.rooms}(&|#|$)`));
    // The button counts what the list holds: once it shows the new total, the list is the new one.
    const showing = form.getByRole("button", { name: /^Показать/ });
    await expect(showing).toHaveText(new RegExp(`^Показать ${rooms.count}\\s`));
    // The page stays at the apartments, not at its top.
    await expect(page.locator("#kvartiry")).toBeInViewport();
    const cards = page.locator(".apt-list .apt-card__link");
    const noun = rooms.rooms === 0 ? "Квартира-студия" : `${rooms.rooms}-комнатная квартира`;
    for (const title of await cards.allTextContents()) expect(title.startsWith(noun)).toBe(true);
    // More filters: the smallest area, applied by Enter.
    await form.getByText("Ещё фильтры").click();
    const minArea = Math.ceil((rooms.min_area + rooms.max_area) / 2);
    await form.getByRole("spinbutton", { name: "Площадь: от" }).fill(String(minArea));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`min_area=${minArea}`));
    const expected = await apiJson<{ total: number }>(
      page,
      `/api/v1/living-objects/grid?search[residential_complex_id]=${complex.id}&search[rooms]=${rooms.rooms}&search[area][min]=${minArea}&per_page=1`,
    );
    await expect(showing).toHaveText(new RegExp(`^Показать ${expected.total}\\s`));
    for (const title of await cards.allTextContents()) {
      const area = Number((/, ([\d,]+)\u00a0м²/.exec(title)?.[1] ?? "").replace(",", "."));
      expect(area).toBeGreaterThanOrEqual(minArea);
    }
    expect(await marked(page)).toBe(42);

    // The chessboard of a house, loaded when chosen.
    const house = complex.houses[0];
    if (!house) throw new Error("the complex has no houses");
    await page.getByRole("link", { name: new RegExp(`^${literal(house.name)} `) }).click();
    await expect(page).toHaveURL(new RegExp(`korpus=${house.id}`));
    await expect(page.locator("#shahmatka")).toBeInViewport();
    const board = page.locator(".cx-chess");
    await expect(board.locator("a.cx-chess__cell").first()).toBeVisible();
    await expect(board.locator("tr")).toHaveCount(house.floors);
    await expect(page.locator(".cx-chess__table")).not.toHaveClass(/is-loading/);
    await page
      .locator("section", { has: page.locator("#shahmatka") })
      .screenshot({ path: `${SCREENSHOT_DIR}/complex-chessboard-1440.png` });
    expect(await marked(page)).toBe(42);

    // An apartment from the chessboard, with its plan.
    const cell = board.locator("a.cx-chess__cell--sale").first();
    const href = (await cell.getAttribute("href")) ?? "";
    await cell.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    const apartment = (
      await apiJson<{ data: LivingObject }>(page, `/api/v1/living-objects/${/\d+/.exec(href)?.[0]}`)
    ).data;
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`ЖК «${complex.name}»`);
    await expect(page.getByRole("img", { name: /^Планировка: / }).first()).toBeVisible();
    await expect(page.locator(".apartment-top .cx-price")).toHaveText(/^[\d\u00a0]+\u00a0₽$/);
    expect(await marked(page)).toBe(42);
    await screenshot(page, "apartment-1440");

    // The mortgage calculator opens with the apartment's price.
    await page.getByRole("link", { name: "Рассчитать подробно" }).first().click();
    await expect(page).toHaveURL(new RegExp(`/mortgage/\\?price=${apartment.price}&`));
    await expect(page.locator('input[name="price"]')).toHaveValue(/\d/);
    const value = await page.locator('input[name="price"]').inputValue();
    expect(value.replace(/\D/g, "")).toBe(String(apartment.price));
    expect(errors).toEqual([]);
  });

  test("phone: the page, a swipe through the light box, the chessboard and an apartment", async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const complex = await pickComplex(page);
    const house = complex.houses[0];
    if (!house) throw new Error("the complex has no houses");
    await page.goto(`${complex.url}?korpus=${house.id}`);
    await hydrated(page);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/complex-top-390.png` });

    await page.getByRole("button", { name: "Открыть рисунок «Двор» на весь экран" }).tap();
    const box = page.getByRole("dialog");
    await expect(box).toHaveAccessibleName(/двор/);
    const stage = box.locator(".cx-lightbox__stage");
    const swipe = async (from: number, to: number) => {
      await stage.dispatchEvent("pointerdown", { pointerType: "touch", clientX: from, clientY: 400 });
      await stage.dispatchEvent("pointerup", { pointerType: "touch", clientX: to, clientY: 400 });
    };
    await swipe(320, 80);
    await expect(box).toHaveAccessibleName(/генплан/);
    await swipe(80, 320);
    await expect(box).toHaveAccessibleName(/двор/);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/complex-lightbox-390.png` });
    await box.getByRole("button", { name: "Закрыть" }).tap();
    await expect(box).toBeHidden();

    // The chessboard came with the page (the house is in the URL).
    const board = page.locator(".cx-chess");
    await expect(board.locator("tr")).toHaveCount(house.floors);
    await board.screenshot({ path: `${SCREENSHOT_DIR}/complex-chessboard-390.png` });

    // The last picture of the page waits (an empty picture of its size) until it comes near the view.
    const picture = await page.locator("img[data-lazy]").last().elementHandle();
    if (!picture) throw new Error("the page has no picture waiting below the first screen");
    expect(await picture.getAttribute("src")).toBe(WAITING_PICTURE);
    await picture.evaluate((img) => img.scrollIntoView({ block: "center" }));
    await expect.poll(() => picture.getAttribute("src")).toMatch(/^\/img\//);
    expect(
      await picture.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth)),
    ).toBeGreaterThan(0);
    await screenshot(page, "complex-390");

    await page.locator(".apt-list .apt-card__link").first().tap();
    await expect(page).toHaveURL(/\/kvartiry\/kvartira-\d+\/$/);
    await expect(page.getByRole("img", { name: /^Планировка: / }).first()).toBeVisible();
    await screenshot(page, "apartment-390");
    expect(errors).toEqual([]);
    await context.close();
  });

  test("without JavaScript the page reads and the filter works as a GET form", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: DESKTOP });
    const page = await context.newPage();
    const complex = await pickComplex(page);
    await page.goto(complex.url);
    const rooms = complex.rooms.slice(0, 2);
    const form = page.getByRole("form", { name: "Фильтр квартир" });
    await expect(form).toBeVisible();
    for (const r of rooms) {
      await form.getByRole("checkbox", { name: new RegExp(`^${literal(r.label)}`) }).check();
    }
    await form.getByRole("button", { name: /^Показать/ }).click();
    // The form sends every field (rooms twice, empty ones too); the server moves it to the canonical address.
    await expect(page).toHaveURL(new RegExp(`\\?rooms=${rooms.map((r) => r.rooms).join(",")}(#|$)`));
    const total = rooms.reduce((n, r) => n + r.count, 0);
    await expect(form.getByRole("button", { name: /^Показать/ })).toHaveText(
      new RegExp(`^Показать ${total}\\s`),
    );
    for (const r of rooms) {
      await expect(form.getByRole("checkbox", { name: new RegExp(`^${literal(r.label)}`) })).toBeChecked();
    }
    await context.close();
  });
});
