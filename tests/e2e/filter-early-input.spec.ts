/**
 * The listing's filter form is a lazy part (client/components/catalogue/Filter.tsx): the server renders it, the
 * browser loads its chunk after the page's. What a visitor does before that chunk arrives is not lost: a room
 * ticked and a price typed into the server's form become the form's state when it hydrates (the recount and the
 * submitted URL have both), and «Фильтры» pressed on a phone opens the sheet once the form is there.
 */
import { expect, type Page, type Route, test } from "@playwright/test";
import { DESKTOP, hydrated, PHONE } from "./helpers";

/** A class name only the form's chunk has (its Russian texts are escaped in the bundle). */
const FORM_CHUNK_MARK = "filter-bar__more";

/**
 * Holds the script that carries the filter form until `release` is called; `held` resolves when the browser
 * has asked for it.
 */
async function holdFormChunk(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((r) => {
    release = r;
  });
  let asked!: () => void;
  const held = new Promise<void>((r) => {
    asked = r;
  });
  await page.route(/\/assets\/.*\.js$/, async (route: Route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (body.includes(FORM_CHUNK_MARK)) {
      asked();
      await released;
    }
    await route.fulfill({ response, body });
  });
  return { held, release };
}

async function apiTotal(page: Page, query: string): Promise<number> {
  const res = await page.request.get(`/api/v1/residential-complexes/grid?per_page=1&${query}`);
  return ((await res.json()) as { total: number }).total;
}

test.describe("the filter form before its chunk has arrived", () => {
  test("desktop: a room ticked and a price typed meanwhile are counted and submitted", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    const chunk = await holdFormChunk(page);
    await page.goto("/novostroyki/");
    await hydrated(page);
    await chunk.held;
    // The page has hydrated, the form has not: the server's form takes the input natively.
    const form = page.getByRole("form", { name: "Фильтры новостроек" });
    await form.getByRole("checkbox", { name: "2-комн.", exact: true }).check();
    await form.getByPlaceholder("до, ₽", { exact: true }).fill("15 млн");
    chunk.release();

    const narrowed = await apiTotal(page, "search[rooms]=2&search[price][max]=15000000");
    const all = await apiTotal(page, "");
    expect(narrowed).toBeGreaterThan(0);
    expect(narrowed).toBeLessThan(all);
    const submit = form.getByRole("button", { name: new RegExp(`^Показать ${narrowed}\\D`) });
    await expect(submit).toBeEnabled();
    // What was typed stays as typed in the field it is in.
    await expect(form.getByPlaceholder("до, ₽", { exact: true })).toHaveValue("15 млн");
    await expect(form.getByRole("checkbox", { name: "2-комн.", exact: true })).toBeChecked();
    await submit.click();
    await expect(page).toHaveURL(/\/novostroyki\/\?(?=.*max_price=15000000)(?=.*rooms=2)/);
    await expect(page.locator(".listing__count")).toContainText(String(narrowed));
  });

  test("phone: «Фильтры» pressed meanwhile opens the sheet once the form has come", async ({ page }) => {
    await page.setViewportSize(PHONE);
    const chunk = await holdFormChunk(page);
    await page.goto("/novostroyki/");
    await hydrated(page);
    await chunk.held;
    await page.getByRole("button", { name: /^Фильтры/ }).click();
    const sheet = page.getByRole("dialog", { name: "Фильтры" });
    await expect(sheet).toHaveCount(0);
    chunk.release();

    await expect(sheet).toBeVisible();
    await sheet.getByRole("checkbox", { name: "1-комн.", exact: true }).check();
    await sheet.getByPlaceholder("до, ₽", { exact: true }).fill("12 млн");
    const narrowed = await apiTotal(page, "search[rooms]=1&search[price][max]=12000000");
    expect(narrowed).toBeGreaterThan(0);
    const submit = sheet.getByRole("button", { name: new RegExp(`^Показать ${narrowed}\\D`) });
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(page).toHaveURL(/\/novostroyki\/\?(?=.*max_price=12000000)(?=.*rooms=1)/);
    await expect(page.locator(".listing__count")).toContainText(String(narrowed));
  });
});
