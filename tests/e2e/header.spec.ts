/**
 * The header's lazy parts (client/pages.ts): the «Новостройки» menu's links and what the search found come
 * in chunks of their own, after the shell. A visitor who is quicker than those chunks loses nothing: each test
 * holds the part's chunk back, acts, then lets it through.
 */
import { expect, type Page, test } from "@playwright/test";
import { DESKTOP, hydrated } from "./helpers";

/** Holds back the browser's request for a lazy part's chunk (`{name}-{hash}.js`) until `release()`. */
async function holdChunk(page: Page, name: string): Promise<{ release(): void; asked: Promise<void> }> {
  let release = () => {};
  let asked = () => {};
  const held = new Promise<void>((r) => {
    release = r;
  });
  const requested = new Promise<void>((r) => {
    asked = r;
  });
  await page.route(new RegExp(`/assets/${name}-[A-Z0-9]+\\.js$`), async (route) => {
    asked();
    await held;
    await route.continue();
  });
  return { release, asked: requested };
}

test.describe("header", () => {
  test("the menu asked for before its links' chunk arrives opens when it comes, and works by keyboard", async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    const chunk = await holdChunk(page, "HeaderDropdown");
    await page.goto("/");
    await hydrated(page);
    await chunk.asked;
    const button = page.getByRole("button", { name: "Новостройки" });
    const dropdown = page.locator("#header-dropdown");
    await button.focus();
    await page.keyboard.press("Enter");
    // Not yet: the links are the server's HTML, in which React would drop the keys (Esc, Tab's blur).
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(dropdown).toBeHidden();
    chunk.release();
    await expect(dropdown).toBeVisible();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(dropdown.getByRole("link", { name: /^Москва \d[\d\s]*$/ })).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(dropdown.getByRole("link").first()).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dropdown).toBeHidden();
    await expect(button).toBeFocused();
  });

  test("text typed before the search's chunk arrives is searched for when it comes", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    const chunk = await holdChunk(page, "SearchOptions");
    await page.goto("/");
    await hydrated(page);
    const search = page.getByRole("combobox", { name: /Поиск/ });
    await search.pressSequentially("савел");
    await chunk.asked;
    await expect(search).toHaveValue("савел");
    await expect(page.getByRole("listbox")).toHaveCount(0);
    chunk.release();
    await expect(page.getByRole("option", { name: /Савёловская/ }).first()).toBeVisible();
    await search.press("ArrowDown");
    await search.press("Enter");
    await expect(page).toHaveURL(/\/po-metro\/savelovskaya\/$/);
  });
});
