/**
 * «Время в пути» (issue 32) in a browser: choosing «Охотный Ряд, до 45 минут» in the filter (the bar at 1440 px,
 * the sheet at 390 px) lists the complexes within it, each card with its time and parts, and a complex's page
 * then shows its way there; without JavaScript the method page's plain form and the listing's own form do the
 * same.
 */
import { expect, type Page, test } from "@playwright/test";
import { DESKTOP, hydrated, PHONE } from "./helpers";

const SHOTS = "/work/wt/shots/commute";

async function apiTotal(page: Page, query: string): Promise<number> {
  const res = await page.request.get(`/api/v1/residential-complexes/grid?per_page=1&${query}`);
  return ((await res.json()) as { total: number }).total;
}

/** The first card's commute line says the estimate to the station and its parts. */
async function expectCardTimes(page: Page) {
  const line = page.locator(".listing-card__commute").first();
  await expect(line).toContainText(/^≈\s\d+\sмин до м\.\sОхотный Ряд/);
  await expect(line).toContainText(/\d+\sмин пешком/);
  const count = await page.locator(".listing-card").count();
  await expect(page.locator(".listing-card__commute")).toHaveCount(count);
}

for (const viewport of [DESKTOP, PHONE])
  test(`choose «Охотный Ряд, до 45 минут» at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto("/novostroyki/");
    await hydrated(page);
    let form = page.getByRole("form", { name: "Фильтры новостроек" });
    if (viewport === PHONE) {
      await page.getByRole("button", { name: /^Фильтры/ }).click();
      form = page.getByRole("dialog", { name: "Фильтры" });
    } else await form.getByText("Все фильтры").click();
    await form.getByRole("combobox", { name: "Куда ехать" }).fill("Охотный");
    await form
      .getByRole("option", { name: /Охотный Ряд/ })
      .first()
      .click();
    await expect(form.getByRole("checkbox", { name: /Охотный Ряд/ })).toBeChecked();
    await form.getByLabel("Время в пути").selectOption({ label: "до 45 минут" });
    await form.getByRole("button", { name: /^Показать \d/ }).click();
    await expect(page).toHaveURL(/commute_to=\d+&commute_max=45$/);
    const query = new URL(page.url()).search.slice(1);
    const total = await apiTotal(page, query);
    expect(total).toBeGreaterThan(0);
    await expect(page.locator(".listing__count")).toContainText(String(total));
    await expectCardTimes(page);
    // On a phone the sheet's button counts the commute as a choice.
    if (viewport === PHONE) await expect(page.getByRole("button", { name: "Фильтры (1)" })).toBeVisible();
    await page.locator(".listing-card").nth(1).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/listing-${viewport.width}.png` });

    // The complex's page shows its way to the destination this browser chose.
    const first = page.locator(".listing-card").first();
    const minutes = (await first.locator(".listing-card__commute strong").textContent()) ?? "";
    await first.locator(".listing-card__link").click();
    await hydrated(page);
    const route = page.locator(".cx-commute");
    await route.scrollIntoViewIfNeeded();
    await expect(route.locator(".listing-card__commute strong")).toHaveText(minutes);
    await expect(route.getByRole("link", { name: "Все ЖК в пределах 45 минут" })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/complex-route-${viewport.width}.png` });
  });

test("without JavaScript: the method page's form, then the listing's own form", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
  const page = await context.newPage();
  await page.goto("/vremya-v-puti/");
  await page.screenshot({ path: `${SHOTS}/method-390.png`, fullPage: true });
  await page.getByLabel("Станция").selectOption({ label: "Охотный Ряд" });
  await page.getByRole("button", { name: "Показать новостройки" }).click();
  await expect(page).toHaveURL(/\/novostroyki\/\?commute_to=\d+&commute_max=45$/);
  await expectCardTimes(page);
  await page.screenshot({ path: `${SHOTS}/no-js-listing-390.png` });
  const to = new URL(page.url()).searchParams.get("commute_to");
  // The listing's form keeps the station and changes the limit.
  await page.getByText("Все фильтры").click();
  await page.getByLabel("Время в пути").selectOption({ label: "до 30 минут" });
  await page
    .getByRole("button", { name: /Показать/ })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`commute_to=${to}&commute_max=30$`));
  const total = await apiTotal(page, `commute_to=${to}&commute_max=30`);
  await expect(page.locator(".listing__count")).toContainText(String(total));
  await context.close();
});
