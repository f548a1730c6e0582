import { expect, type Page, test } from "@playwright/test";
import { type AxeViolation, axeViolations } from "./axe";
import { DESKTOP, hydrated, PHONE, screenshot } from "./helpers";

const describeViolations = (vs: AxeViolation[]) =>
  vs.map((v) => `${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target}  ${n.html}`).join("\n")}`);

async function expectAccessible(page: Page) {
  expect(describeViolations(await axeViolations(page))).toEqual([]);
}

const cardTitles = (page: Page) => page.locator(".listing-card__title").allInnerTexts();
const heart = (page: Page) => page.getByRole("banner").getByRole("link", { name: /^Избранное/ });
const empty = (page: Page) => page.getByRole("heading", { name: "В избранном пока ничего нет" });

test.describe("favourites", () => {
  test("heart cards in the listing, find them in «Избранное», take them off to the empty state", async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto("/izbrannoe/");
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Избранное");
    await expect(empty(page)).toBeVisible();
    await expect(heart(page)).toHaveAccessibleName("Избранное");
    await expectAccessible(page);
    await screenshot(page, "favorites-empty-1440");
    // The empty state leads to the catalogue.
    await page.getByRole("link", { name: "Перейти в каталог новостроек" }).click();
    await expect(page).toHaveURL(/\/novostroyki\/$/);

    await expect(page.locator(".listing-card").nth(2)).toBeVisible();
    const titles = (await cardTitles(page)).slice(0, 3);
    expect(titles).toHaveLength(3);
    for (const title of titles)
      await page.getByRole("button", { name: `Добавить ${title} в избранное` }).click();
    await expect(page.getByRole("button", { name: `Убрать ${titles[0]} из избранного` })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(heart(page)).toHaveAccessibleName("Избранное: 3");
    await expect(heart(page)).toContainText("3");

    // The header's heart leads to the page: the latest first.
    await heart(page).click();
    await expect(page).toHaveURL(/\/izbrannoe\/$/);
    await expect(page.locator(".listing__count")).toHaveText("В избранном 3\u00a0ЖК");
    await expect.poll(() => cardTitles(page)).toEqual([...titles].reverse());
    await expectAccessible(page);
    await screenshot(page, "favorites-1440");

    // Unhearting takes the card off at once; what is left survives a reload.
    const [first, second, third] = titles;
    await page.getByRole("button", { name: `Убрать ${second} из избранного` }).click();
    await expect.poll(() => cardTitles(page)).toEqual([third, first]);
    await expect(heart(page)).toHaveAccessibleName("Избранное: 2");
    await page.reload();
    await hydrated(page);
    await expect.poll(() => cardTitles(page)).toEqual([third, first]);
    for (const title of [first, third]) {
      await page.getByRole("button", { name: `Убрать ${title} из избранного` }).click();
    }
    await expect(empty(page)).toBeVisible();
    await expect(page.locator(".listing-card")).toHaveCount(0);
    await expect(heart(page)).toHaveAccessibleName("Избранное");
  });

  test("phone: the heart in the header and the page", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/novostroyki/");
    await hydrated(page);
    const [title] = await cardTitles(page);
    await page.getByRole("button", { name: `Добавить ${title} в избранное` }).click();
    // The cards are a lazy part: a press before their chunk has come is made when it has.
    await expect(page.getByRole("button", { name: `Убрать ${title} из избранного` })).toBeVisible();
    await expect(heart(page)).toBeVisible();
    await heart(page).click();
    await expect(page).toHaveURL(/\/izbrannoe\/$/);
    await expect.poll(() => cardTitles(page)).toEqual([title]);
    await expectAccessible(page);
    await screenshot(page, "favorites-390");
    await page.getByRole("button", { name: `Убрать ${title} из избранного` }).click();
    await expect(empty(page)).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, "favorites-empty-390");
  });
});
