import { expect, test } from "@playwright/test";
import { DESKTOP, hydrated, PHONE, screenshot } from "./helpers";

/** The header's search is a GET form to «Поиск по сайту» (/poisk/?q=…): it works without JavaScript too. */
test.describe("site search", () => {
  test("without JavaScript: the header's box at 1440 px; at 390 px the header's link to the search page and its form", async ({
    browser,
  }) => {
    const desktop = await browser.newContext({ javaScriptEnabled: false, viewport: DESKTOP });
    let page = await desktop.newPage();
    await page.goto("/");
    await page.getByRole("combobox", { name: /Поиск/ }).fill("сокол");
    await page.getByRole("combobox", { name: /Поиск/ }).press("Enter");
    await expect(page).toHaveURL(/\/poisk\/\?q=%D1%81%D0%BE%D0%BA%D0%BE%D0%BB$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Поиск: «сокол»");
    const stations = page.getByRole("region", { name: "Станции метро" });
    await stations.getByRole("link", { name: "Сокол", exact: true }).click();
    await expect(page).toHaveURL(/\/po-metro\/sokol\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Сокол");
    await desktop.close();

    const phone = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    page = await phone.newPage();
    await page.goto("/");
    // The phone's header has no box: its search icon is a link to the page, and its burger one to the site map.
    await page.getByRole("link", { name: "Карта сайта" }).click();
    await expect(page).toHaveURL(/\/#sitemap$/);
    await expect(page.getByRole("navigation", { name: "Карта сайта" })).toBeInViewport();
    await page.getByRole("link", { name: "Поиск по сайту" }).click();
    await expect(page).toHaveURL(/\/poisk\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Поиск по сайту");
    await page.getByRole("searchbox", { name: /ЖК, метро/ }).fill(" с ");
    await page.getByRole("button", { name: "Найти" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Поиск: «с»");
    await expect(page.getByText("Введите хотя бы две буквы")).toBeVisible();
    await page.getByRole("searchbox", { name: /ЖК, метро/ }).fill("сокол");
    await page.getByRole("button", { name: "Найти" }).click();
    const districts = page.getByRole("region", { name: "Районы" });
    await expect(districts.getByRole("link", { name: "Сокол", exact: true })).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, "search-390");
    await districts.getByRole("link", { name: "Сокол", exact: true }).click();
    await expect(page).toHaveURL(/\/po-rajonam\/sokol\/$/);
    await phone.close();
  });

  test("with JavaScript: Enter before anything is found opens the search page", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto("/");
    await hydrated(page);
    const search = page.getByRole("combobox", { name: /Поиск/ });
    await search.fill("жщыйх");
    await search.press("Enter");
    await expect(page).toHaveURL(/\/poisk\/\?q=/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Поиск: «жщыйх»");
    await expect(page.getByText("По запросу «жщыйх» ничего не нашлось")).toBeVisible();
    // The app's navigation, not a document load: the header's box is empty again and the page is the app's.
    await expect(search).toHaveValue("");
    await screenshot(page, "search-1440");
  });
});
