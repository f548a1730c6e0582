/**
 * A lazy part's button pressed before the part's chunk has arrived (client/lazy-press.ts): the chunk is held
 * back by the test, the button pressed, and once the chunk is let through the press has done what it does.
 */
import { expect, test } from "@playwright/test";
import { DESKTOP, firstComplexUrl, holdChunk, hydrated, PHONE } from "./helpers";

test("home page: a card's ♡ pressed before the list body's chunk has arrived is not lost", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  const chunk = await holdChunk(page, "ListingBody");
  await page.goto("/");
  await hydrated(page);
  await expect.poll(chunk.asked).toBeGreaterThan(0);
  const card = page.locator(".listing-card").nth(1);
  const title = (await card.locator(".listing-card__title").textContent())?.trim() ?? "";
  await card.getByRole("button", { name: `Добавить ${title} в избранное` }).click();
  const stored = () => page.evaluate(() => localStorage.getItem("favorites:complexes"));
  expect(await stored()).toBeNull();

  await chunk.release();
  await expect(card.getByRole("button", { name: `Убрать ${title} из избранного` })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  expect(JSON.parse((await stored()) ?? "[]")).toHaveLength(1);
  await expect(page.getByRole("banner").getByRole("link", { name: /^Избранное/ })).toHaveAccessibleName(
    "Избранное: 1",
  );
});

test("complex page: a picture pressed before the gallery's chunk has arrived opens the light box", async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  const url = await firstComplexUrl(page);
  const chunk = await holdChunk(page, "Gallery");
  await page.goto(url);
  await hydrated(page);
  await expect.poll(chunk.asked).toBeGreaterThan(0);
  await page
    .getByRole("button", { name: /^Открыть .* на весь экран$/ })
    .first()
    .click();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await chunk.release();
  const box = page.getByRole("dialog");
  await expect(box).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(box).toHaveCount(0);
});

test("complex page: a request button pressed before its chunk has arrived opens the dialog, not the page", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  const url = await firstComplexUrl(page);
  const chunk = await holdChunk(page, "LeadPart");
  await page.goto(url);
  await hydrated(page);
  await expect.poll(chunk.asked).toBeGreaterThan(0);
  await page
    .getByRole("navigation", { name: "Связаться с отделом продаж" })
    .getByRole("link", { name: "Записаться на просмотр" })
    .click();
  const dialog = page.getByRole("dialog", { name: "Записаться на просмотр" });
  await expect(dialog).toHaveCount(0);

  await chunk.release();
  await expect(dialog).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(new URL(url, page.url()).pathname);
});

test("listing: a page link pressed after a new order, before the list's chunk has arrived, opens that page", async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  const chunk = await holdChunk(page, "ListingBody");
  await page.goto("/novostroyki/");
  await hydrated(page);
  await expect.poll(chunk.asked).toBeGreaterThan(0);
  await page.getByLabel("Сортировка").first().selectOption("price asc");
  await expect(page).toHaveURL(/sort=price\+asc|sort=price%20asc/);
  await page
    .getByRole("navigation", { name: "Страницы" })
    .getByRole("link", { name: "Страница 2", exact: true })
    .click();

  await chunk.release();
  await expect(page).toHaveURL(/page=2/);
  await expect(page).toHaveURL(/sort=price\+asc|sort=price%20asc/);
  await expect(
    page.getByRole("navigation", { name: "Страницы" }).locator('[aria-current="page"]'),
  ).toHaveText("2");
});
