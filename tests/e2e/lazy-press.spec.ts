/**
 * A lazy part's button pressed before the part's chunk has arrived (client/lazy-press.ts): the chunk is held
 * back by the test, the button pressed, and once the chunk is let through the press has done what it does.
 */
import { expect, type Page, test } from "@playwright/test";
import { DESKTOP, holdChunk, hydrated, PHONE } from "./helpers";

/** The address of the catalogue's first complex. */
async function firstComplexUrl(page: Page): Promise<string> {
  const grid = (await (await page.request.get("/api/v1/residential-complexes/grid?per_page=1")).json()) as {
    data: { url: string }[];
  };
  const url = grid.data[0]?.url;
  if (!url) throw new Error("the catalogue is empty");
  return url;
}

for (const [label, viewport] of [
  ["1440", DESKTOP],
  ["390", PHONE],
] as const) {
  test(`${label} px: ♡ and «Сравнить» pressed before their chunk has arrived are not lost`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const chunk = await holdChunk(page, "ApartmentToggles");
    await page.goto("/kvartiry/");
    await hydrated(page);
    // Hydration has reached the cards and asked for the toggles' chunk, which is held.
    await expect.poll(chunk.asked).toBeGreaterThan(0);
    const first = page.locator(".apt-card").nth(0);
    const second = page.locator(".apt-card").nth(1);
    await first.getByRole("button", { name: /^В избранное/ }).click();
    await second.getByRole("button", { name: /^Сравнить:/ }).click();
    // Nothing can have happened yet: the buttons are the server's HTML.
    await expect(first.getByRole("button", { name: /^В избранное/ })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
    const stored = () =>
      page.evaluate(() => [
        localStorage.getItem("favorites:apartments"),
        localStorage.getItem("compare:apartments"),
      ]);
    expect(await stored()).toEqual([null, null]);

    await chunk.release();
    await expect(first.getByRole("button", { name: /^Убрать из избранного/ })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(second.getByRole("button", { name: /^В сравнении:/ })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    const ids = await page
      .locator(".apt-card__link")
      .evaluateAll((links) =>
        links.slice(0, 2).map((a) => Number(/kvartira-(\d+)/.exec(a.getAttribute("href") ?? "")?.[1])),
      );
    expect(await stored()).toEqual([`[${ids[0]}]`, `[${ids[1]}]`]);
    // Each press was made once: the other buttons are as they were.
    await expect(first.getByRole("button", { name: /^Сравнить:/ })).toHaveAttribute("aria-pressed", "false");
    await expect(second.getByRole("button", { name: /^В избранное/ })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
    await expect(page.getByRole("link", { name: "Сравнить 1 квартиру" }).first()).toBeVisible();
    // The favourites page lists the hearted apartment.
    const title = (await first.locator(".apt-card__link").textContent())?.trim() ?? "";
    await page.goto("/izbrannoe/");
    const flats = page.locator("section", { has: page.getByRole("heading", { name: "Квартиры" }) });
    await expect(flats.locator(".apt-card__link")).toHaveText([title]);
  });
}

test("home page: a card's ♡ pressed before the list's chunk has arrived is not lost", async ({ page }) => {
  await page.setViewportSize(PHONE);
  const chunk = await holdChunk(page, "HomeList");
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
