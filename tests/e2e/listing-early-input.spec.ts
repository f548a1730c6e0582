/**
 * The listing's lazy parts (the filter form, client/components/catalogue/Filter.tsx; the cards and ads,
 * Listing.tsx): the server renders them, the browser loads their chunks after the page's. What a visitor does
 * before a chunk arrives is not lost: a room ticked and a price typed into the server's form become the form's
 * state when it hydrates (the recount and the submitted URL have both), «Фильтры» pressed on a phone opens the
 * sheet once the form is there, and a card's ♡ pressed meanwhile is pressed once the cards are.
 */
import { expect, type Page, test } from "@playwright/test";
import { complexTotal, DESKTOP, holdChunk, hydrated, PHONE } from "./helpers";

/** The listing at a width, hydrated, with the chunk `name` asked for and held (the page has asked for it). */
async function heldListing(
  page: Page,
  viewport: { width: number; height: number },
  name: string,
  url = "/novostroyki/",
) {
  await page.setViewportSize(viewport);
  const chunk = await holdChunk(page, name);
  await page.goto(url);
  await hydrated(page);
  await expect.poll(chunk.asked).toBeGreaterThan(0);
  return chunk;
}

test.describe("the listing before its parts' chunks have arrived", () => {
  for (const path of ["/novostroyki/", "/novostroyki/na-karte/"]) {
    test(`1440 px, ${path}: a room ticked and a price typed meanwhile are counted and submitted`, async ({
      page,
    }) => {
      // The page has hydrated, the form's chunk is held: the server's form takes the input.
      const chunk = await heldListing(page, DESKTOP, "FilterForm", path);
      const form = page.getByRole("form", { name: "Фильтры новостроек" });
      await form.getByRole("checkbox", { name: "2-комн.", exact: true }).check();
      await form.getByPlaceholder("до, ₽", { exact: true }).fill("15 млн");
      await chunk.release();

      const narrowed = await complexTotal(page, "search[rooms]=2&search[price][max]=15000000");
      expect(narrowed).toBeGreaterThan(0);
      expect(narrowed).toBeLessThan(await complexTotal(page));
      const submit = form.getByRole("button", { name: new RegExp(`^Показать ${narrowed}\\D`) });
      await expect(submit).toBeEnabled();
      // What was typed stays as typed in its field.
      await expect(form.getByPlaceholder("до, ₽", { exact: true })).toHaveValue("15 млн");
      await expect(form.getByRole("checkbox", { name: "2-комн.", exact: true })).toBeChecked();
      await submit.click();
      await expect(page).toHaveURL(new RegExp(`${path}\\?(?=.*max_price=15000000)(?=.*rooms=2)`));
    });
  }

  test("390 px: «Фильтры» pressed meanwhile opens the sheet once the form has come", async ({ page }) => {
    const chunk = await heldListing(page, PHONE, "FilterForm");
    // On a phone the form is the sheet; its button is the page's own and answers at once.
    await page.getByRole("button", { name: /^Фильтры/ }).click();
    const sheet = page.getByRole("dialog", { name: "Фильтры" });
    await expect(sheet).toHaveCount(0);
    await chunk.release();

    await expect(sheet).toBeVisible();
    await sheet.getByRole("checkbox", { name: "1-комн.", exact: true }).check();
    await sheet.getByPlaceholder("до, ₽", { exact: true }).fill("12 млн");
    const narrowed = await complexTotal(page, "search[rooms]=1&search[price][max]=12000000");
    expect(narrowed).toBeGreaterThan(0);
    const submit = sheet.getByRole("button", { name: new RegExp(`^Показать ${narrowed}\\D`) });
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(page).toHaveURL(/\/novostroyki\/\?(?=.*max_price=12000000)(?=.*rooms=1)/);
    await expect(page.locator(".listing__count")).toContainText(String(narrowed));
  });

  for (const [label, viewport] of [
    ["1440", DESKTOP],
    ["390", PHONE],
  ] as const) {
    test(`${label} px: a card's ♡ pressed meanwhile is pressed once the cards have come`, async ({
      page,
    }) => {
      const chunk = await heldListing(page, viewport, "ListingBody");
      const like = page
        .locator(".listing-card")
        .nth(1)
        .getByRole("button", { name: /в избранное$/ });
      await expect(like).toHaveAttribute("aria-pressed", "false");
      await like.click();
      await chunk.release();

      await expect(page.locator(".listing-card").nth(1).locator(".listing-card__like")).toHaveAttribute(
        "aria-pressed",
        "true",
      );
      // Once, not twice: the first card is as it was.
      await expect(page.locator(".listing-card").nth(0).locator(".listing-card__like")).toHaveAttribute(
        "aria-pressed",
        "false",
      );
    });
  }

  test("390 px: a card's link pressed meanwhile is followed by the app, so an advertising visit stays one", async ({
    page,
  }) => {
    const chunk = await heldListing(page, PHONE, "ListingBody", "/novostroyki/?utm_source=yandex&fp=1");
    await expect(page.locator(".sitemap")).toHaveCount(0);
    await page.locator(".listing-card__link").first().click();
    await expect(page).toHaveURL(/\/novostroyki\/\?utm_source=yandex&fp=1$/);
    await chunk.release();

    await expect(page).toHaveURL(/\/novostroyki\/[a-z0-9-]+-\d+\/$/);
    await expect(page.locator("h1")).toBeVisible();
    // A document load would be an ordinary visit: the reduced page (no site map, no footer) is kept.
    for (const hidden of [".sitemap", ".footer", ".header__burger"])
      await expect(page.locator(hidden), hidden).toHaveCount(0);
  });
});
