import { expect, type Page, test } from "@playwright/test";
import { DESKTOP, PHONE } from "./helpers";

/**
 * «Ход строительства» (issue 31) on a complex of the e2e seed with a house on time and a house whose deadline
 * moved twice (ЖК «Кристалл», scale 0.1), and the catalogue's construction filters.
 */
const COMPLEX = "/novostroyki/zhk-kristall-42/";

async function apiTotal(page: Page, query: string): Promise<number> {
  const res = await page.request.get(`/api/v1/residential-complexes/grid?per_page=1&${query}`);
  return ((await res.json()) as { total: number }).total;
}

for (const viewport of [PHONE, DESKTOP]) {
  test(`a late house and an on-time house, each with its timeline and risk, at ${viewport.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto(COMPLEX);
    const section = page.locator('section[aria-labelledby="hod-stroitelstva"]');
    await section.scrollIntoViewIfNeeded();
    await expect(section.getByRole("heading", { name: "Ход строительства" })).toBeVisible();
    const houses = section.locator(".cx-build__house");
    await expect(houses).toHaveCount(2);
    await expect(houses.nth(0)).toContainText("срок не переносили");
    await expect(houses.nth(1)).toContainText(/срок переносили 2 раза, всего на\s\d+\sквартал/);
    // Each timeline is drawn, marks its deadlines (the late house: its two earlier promises too).
    await expect(houses.nth(0).locator(".cx-timeline")).toBeVisible();
    await expect(houses.nth(1).locator(".cx-timeline__deadline")).toHaveCount(2);
    await expect(houses.nth(1).locator(".cx-timeline__deadline--current")).toHaveCount(1);
    for (const i of [0, 1]) {
      await expect(houses.nth(i).locator(".cx-risk__band")).toHaveText(
        /^Риск переноса: (низкий|средний|высокий)$/,
      );
      expect(await houses.nth(i).locator(".cx-risk__reasons li").count()).toBeGreaterThan(0);
      await expect(houses.nth(i).locator("figcaption")).toHaveText(/^Иллюстрация: .+, не фото$/);
    }
    // Nothing of it runs past the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    await section.getByRole("link", { name: "Как мы оцениваем риск переноса срока" }).click();
    await expect(page).toHaveURL(/\/riski-perenosa\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Как мы оцениваем риск переноса срока");
  });
}

test("«Без переносов срока» and «Риск переноса: низкий» narrow the catalogue, as the API counts", async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await page.goto("/novostroyki/");
  const all = await apiTotal(page, "");
  const noMoves = await apiTotal(page, "search[no_moves]=1");
  const both = await apiTotal(page, "search[no_moves]=1&search[low_risk]=1");
  expect(noMoves).toBeLessThan(all);
  expect(both).toBeLessThanOrEqual(noMoves);
  await page.goto("/novostroyki/?no_moves=1");
  await expect(page.locator(".listing__count")).toContainText(String(noMoves));
  await page.goto("/novostroyki/?no_moves=1&low_risk=1");
  await expect(page.locator(".listing__count")).toContainText(String(both));
  // Every card shown says its risk, and with «низкий» asked each says «низкий» or nothing (all finished).
  for (const line of await page.locator(".listing-card .risk-line").allTextContents())
    expect(line).toBe("Риск переноса: низкий");
});
