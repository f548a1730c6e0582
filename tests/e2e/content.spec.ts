import { expect, type Page, test } from "@playwright/test";
import { DESKTOP, hydrated, PHONE, screenshot } from "./helpers";

/** Collects page errors and console errors (a hydration mismatch is one). */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  return errors;
}

const isView = (method: string, url: string) => method === "POST" && /\/media\/posts\/\d+\/view$/.test(url);

test.describe("journal", () => {
  test("read an article, count the view once, follow a related one", async ({ page }) => {
    const errors = watchErrors(page);
    const views: string[] = [];
    page.on("request", (r) => isView(r.method(), r.url()) && views.push(r.url()));
    await page.setViewportSize(DESKTOP);
    await page.goto("/journal/");
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Журнал");
    await expect(page.locator(".article-card")).toHaveCount(12);
    await screenshot(page, "journal-1440");

    const first = page.locator(".article-card__link").first();
    const title = (await first.textContent()) ?? "";
    const firstView = page.waitForRequest((r) => isView(r.method(), r.url()));
    await first.click();
    await expect(page).toHaveURL(/\/journal\/[a-z0-9-]+\/[a-z0-9-]+\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await firstView;
    const articleUrl = page.url();
    await expect(page.getByRole("heading", { name: "Читайте также" })).toBeVisible();
    await screenshot(page, "article-1440");

    const related = page.locator(".related .article-card__link").first();
    const relatedTitle = (await related.textContent()) ?? "";
    const secondView = page.waitForRequest((r) => isView(r.method(), r.url()));
    await related.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(relatedTitle);
    expect(page.url()).not.toBe(articleUrl);
    await secondView;
    expect(new Set(views).size).toBe(2);
    expect(errors).toEqual([]);
  });

  test("phone: the list, its pages and an article", async ({ page }) => {
    const errors = watchErrors(page);
    await page.setViewportSize(PHONE);
    await page.goto("/journal/");
    await hydrated(page);
    await screenshot(page, "journal-390");
    await page
      .getByRole("navigation", { name: "Страницы" })
      .getByRole("link", { name: "Страница 2" })
      .click();
    await expect(page).toHaveURL(/\/journal\/\?page=2$/);
    await expect(
      page.getByRole("navigation", { name: "Страницы" }).locator("[aria-current=page]"),
    ).toHaveText("2");
    await page
      .getByRole("navigation", { name: "Рубрики журнала" })
      .getByRole("link", { name: "Ипотека" })
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ипотека");
    await page.locator(".article-card__link").first().click();
    await expect(page.locator(".article-body")).toBeVisible();
    await screenshot(page, "article-390");
    expect(errors).toEqual([]);
  });
});

test.describe("developers", () => {
  test("filter developers by name and open one", async ({ page }) => {
    const errors = watchErrors(page);
    await page.setViewportSize(DESKTOP);
    await page.goto("/companies/");
    await hydrated(page);
    await screenshot(page, "companies-1440");
    await page.getByRole("link", { name: "Все застройщики" }).click();
    await expect(page).toHaveURL(/\/companies\/developers\/$/);
    await screenshot(page, "developers-1440");

    const cards = page.locator(".company-card__link");
    const name = (await cards.last().textContent()) ?? "";
    // One word of the name, in lower case: the search must fold Cyrillic case.
    const word = (
      name
        .replace(/[«»]/g, "")
        .split(" ")
        .find((w) => w.length > 3) ?? name
    ).toLocaleLowerCase("ru");
    await page.getByLabel("Название компании").fill(word);
    await page.getByRole("button", { name: "Найти" }).click();
    await expect(page).toHaveURL(new RegExp(`\\?q=${encodeURIComponent(word)}$`));
    await expect(page.getByText(`По запросу «${word}» найдено`)).toBeVisible();
    for (const text of await cards.allTextContents()) expect(text.toLocaleLowerCase("ru")).toContain(word);

    await cards.filter({ hasText: name }).click();
    await expect(page).toHaveURL(/\/companies\/developers\/[a-z0-9-]+\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await expect(page.getByRole("heading", { name: "Жилые комплексы застройщика" })).toBeVisible();
    const complex = page.locator(".complex-row__link").first();
    await expect(complex).toHaveAttribute("href", /^\/novostroyki\/[a-z0-9-]+-\d+\/$/);
    await screenshot(page, "developer-1440");
    expect(errors).toEqual([]);
  });

  test("phone: the list and a developer", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/companies/developers/");
    await hydrated(page);
    await screenshot(page, "developers-390");
    await page.locator(".company-card__link").first().click();
    await expect(page.locator(".company-facts")).toBeVisible();
    await screenshot(page, "developer-390");
  });

  // Fails today for a foundation reason: a human's page streams inside <div hidden id="S:0"> (the lazy page
  // suspends on the server) and only the inline $RC script reveals it. Enable once worker/pages.ts awaits
  // PAGES[page].preload() before rendering.
  test("the name search works without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/companies/developers/");
    const name = (await page.locator(".company-card__link").first().textContent()) ?? "";
    const word = name.replace(/[«»]/g, "").split(" ")[0] ?? "";
    await page.getByLabel("Название компании").fill(word.toLocaleUpperCase("ru"));
    await page.getByRole("button", { name: "Найти" }).click();
    await expect(page).toHaveURL(/\?q=/);
    await expect(page.locator(".company-card__link").filter({ hasText: name })).toBeVisible();
    await context.close();
  });
});

test.describe("special offers", () => {
  test("open the offers and follow one to its complex", async ({ page }) => {
    const errors = watchErrors(page);
    await page.setViewportSize(DESKTOP);
    await page.goto("/special/?utm_source=newsletter&utm_medium=email&utm_campaign=spring&fp=1");
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Спецпредложения застройщиков");
    await expect(page.locator(".offer-card")).toHaveCount(25);
    await page.goto("/special/");
    await hydrated(page);
    await screenshot(page, "special-1440");

    const link = page.getByRole("link", { name: /^Смотреть ЖК/ }).first();
    const href = (await link.getAttribute("href")) ?? "";
    expect(href).toMatch(/^\/novostroyki\/[a-z0-9-]+-\d+\/$/);
    expect(errors).toEqual([]);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${href.replace(/[/]/g, "\\/")}$`));
  });

  test("phone: the offers", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/special/");
    await hydrated(page);
    await expect(page.locator(".offer-card")).toHaveCount(25);
    await screenshot(page, "special-390");
  });
});
