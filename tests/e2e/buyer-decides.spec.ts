import { expect, type Page, test } from "@playwright/test";
import { DESKTOP, hydrated, PHONE, screenshot } from "./helpers";

interface Detail {
  data: { id: number; url: string; price: number };
  price_history: { price: number; date: string }[];
}

/** An apartment on sale whose price has changed (the seed records every fifth one's history). */
async function apartmentWithHistory(page: Page): Promise<Detail> {
  const list = (await (await page.request.get("/api/v1/living-objects/grid?per_page=40")).json()) as {
    data: { id: number }[];
  };
  for (const { id } of list.data) {
    const detail = (await (await page.request.get(`/api/v1/living-objects/${id}`)).json()) as Detail;
    if (detail.price_history.length >= 2) return detail;
  }
  throw new Error("no apartment with a price history among the first 40");
}

for (const [name, size] of [
  ["390", PHONE],
  ["1440", DESKTOP],
] as const) {
  test.describe(`a buyer decides at ${name} px`, () => {
    test.use({ viewport: size });

    test("sees the price history of an apartment", async ({ page }) => {
      const apartment = await apartmentWithHistory(page);
      await page.goto(apartment.data.url);
      await hydrated(page);
      const section = page.locator("section", { has: page.getByRole("heading", { name: "История цены" }) });
      await section.scrollIntoViewIfNeeded();
      await expect(section.getByRole("img", { name: /История цены/ })).toBeVisible();
      await expect(section.locator(".price-history__list li")).toHaveCount(apartment.price_history.length);
      await expect(section.locator(".price-history__date")).toHaveCount(apartment.price_history.length);
      await screenshot(page, `decide-apartment-history-${name}`);
    });

    test("adds two apartments to compare, opens /sravnenie/ and keeps one in favourites", async ({
      page,
    }) => {
      await page.goto("/kvartiry/");
      await hydrated(page);
      const cards = page.locator(".apt-card");
      const titles = await cards.locator(".apt-card__link").allInnerTexts();
      expect(titles.length).toBeGreaterThan(2);
      await cards
        .nth(0)
        .getByRole("button", { name: /^Добавить к сравнению/ })
        .click();
      await cards
        .nth(1)
        .getByRole("button", { name: /^Добавить к сравнению/ })
        .click();
      await expect(cards.nth(0).getByRole("button", { name: /^Убрать из сравнения/ })).toHaveAttribute(
        "aria-pressed",
        "true",
      );
      await cards
        .nth(1)
        .getByRole("button", { name: /^В избранное/ })
        .click();
      await page.getByRole("link", { name: "Сравнить 2 квартиры" }).first().click();
      await expect(page).toHaveURL(/\/sravnenie\/\?ids=\d+%2C\d+|\/sravnenie\/\?ids=\d+,\d+/);
      await expect(page.getByRole("heading", { name: "Сравнение квартир", level: 1 })).toBeVisible();
      const table = page.getByRole("table");
      await expect(table.getByRole("columnheader")).toHaveCount(2);
      for (const row of [
        "Цена",
        "Цена за м²",
        "Общая площадь",
        "Этаж",
        "Отделка",
        "Срок сдачи",
        "Платёж по ипотеке",
      ])
        await expect(table.getByRole("rowheader", { name: row, exact: true })).toBeVisible();
      await expect(table.getByRole("link", { name: /₽\/мес/ })).toHaveCount(2);
      await screenshot(page, `decide-compare-${name}`);

      // The link is the comparison: a reload (and so a shared link) shows the same two.
      await page.reload();
      await expect(page.getByRole("table").getByRole("columnheader")).toHaveCount(2);
      await page.getByRole("button", { name: "Убрать" }).first().click();
      await expect(page.getByRole("table").getByRole("columnheader")).toHaveCount(1);

      await page.goto("/izbrannoe/");
      await hydrated(page);
      const flats = page.locator("section", { has: page.getByRole("heading", { name: "Квартиры" }) });
      await expect(flats.locator(".apt-card")).toHaveCount(1);
      await expect(flats.locator(".apt-card__link")).toHaveText(titles[1] ?? "?");
    });
  });
}
