import { expect, type Locator, test } from "@playwright/test";
import { complexTotal, DESKTOP, hydrated, PHONE } from "./helpers";

/**
 * «Ход строительства» (issue 31) on a complex of the e2e seed with a house on time and a house whose deadline
 * moved twice (ЖК «Кристалл», scale 0.1), and the catalogue's construction filters.
 */
const COMPLEX = "/novostroyki/zhk-kristall-42/";

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

for (const viewport of [PHONE, DESKTOP]) {
  test(`«Без переносов срока» and «Риск переноса: низкий» in the form narrow the catalogue, at ${viewport.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto("/novostroyki/");
    await hydrated(page);
    const all = await complexTotal(page);
    const noMoves = await complexTotal(page, "search[no_moves]=1");
    const both = await complexTotal(page, "search[no_moves]=1&search[low_risk]=1");
    expect(noMoves).toBeLessThan(all);
    expect(both).toBeLessThan(noMoves);
    // The phone keeps the fields in the «Фильтры» sheet, the desktop behind «Все фильтры».
    let form: Locator;
    if (viewport === PHONE) {
      await page.getByRole("button", { name: /^Фильтры/ }).click();
      form = page.getByRole("dialog", { name: "Фильтры" });
    } else {
      await page.getByText("Все фильтры").click();
      form = page.getByRole("form", { name: "Фильтры новостроек" });
    }
    await form.getByRole("checkbox", { name: "Без переносов срока" }).check();
    await expect(form.getByRole("button", { name: new RegExp(`Показать ${noMoves}`) })).toBeVisible();
    await form.getByRole("checkbox", { name: "Риск переноса: низкий" }).check();
    const submit = form.getByRole("button", { name: new RegExp(`Показать ${both}`) });
    await submit.click();
    await expect(page).toHaveURL(/no_moves=1/);
    await expect(page).toHaveURL(/low_risk=1/);
    await expect(page.locator(".listing__count")).toContainText(String(both));
    // A card that shows a risk says «низкий» (a finished complex shows none).
    for (const line of await page.locator(".listing-card .risk-line").allTextContents())
      expect(line).toBe("Риск переноса: низкий");
  });
}
