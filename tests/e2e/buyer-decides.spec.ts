import { expect, type Page, test } from "@playwright/test";
import { apiJson, DESKTOP, hydrated, PHONE, screenshot } from "./helpers";

interface Grid {
  total: number;
  data: { id: number; name: string; min_price_m2: number }[];
}

async function grid(page: Page, query: string): Promise<Grid> {
  return apiJson<Grid>(page, `/api/v1/residential-complexes/grid?${query}`);
}

/** The phone keeps the fields in the «Фильтры» sheet, the desktop behind «Все фильтры». */
async function openFilters(page: Page, phone: boolean) {
  if (phone) {
    await page.getByRole("button", { name: /^Фильтры/ }).click();
    return page.getByRole("dialog", { name: "Фильтры" });
  }
  await page.getByText("Все фильтры").click();
  return page.getByRole("form", { name: "Фильтры новостроек" });
}

interface Detail {
  data: { id: number; url: string; price: number };
  price_history: { price: number; date: string }[];
}

/** An apartment on sale whose price has changed (the seed records every fifth one's history). */
async function apartmentWithHistory(page: Page): Promise<Detail> {
  const list = await apiJson<{ data: { id: number }[] }>(page, "/api/v1/living-objects/grid?per_page=40");
  for (const { id } of list.data) {
    const detail = await apiJson<Detail>(page, `/api/v1/living-objects/${id}`);
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

    test("sorts the catalogue by the price of a square metre", async ({ page }) => {
      await page.goto("/novostroyki/");
      await hydrated(page);
      const sort = page.getByLabel("Сортировка").filter({ visible: true });
      await sort.selectOption({ label: "Сначала дешевле за м²" });
      await expect(page).toHaveURL(/sort=price_m2(\+|%20)asc/);
      const api = await grid(page, "per_page=3&sort=price_m2+asc");
      const titles = page.locator(".listing-card__title");
      for (const [i, c] of api.data.entries()) await expect(titles.nth(i)).toContainText(c.name);
      await expect(sort).toHaveValue("price_m2 asc");
      await screenshot(page, `decide-sort-m2-${name}`);
    });

    test("sets «Платёж до 80 000 ₽/мес» in the calculator and lands on matching complexes", async ({
      page,
    }) => {
      await page.goto("/mortgage/");
      await hydrated(page);
      const budget = page.getByLabel("Платёж до, в месяц");
      await budget.fill("80 000");
      await page.getByRole("button", { name: "Подобрать квартиры под этот платёж" }).click();
      await expect(page).toHaveURL(/\/novostroyki\/\?max_payment=80000$/);
      const api = await grid(page, "per_page=3&search[payment][max]=80000");
      expect(api.total).toBeGreaterThan(0);
      await expect(page.locator(".listing__count")).toContainText(String(api.total));
      for (const [i, c] of api.data.entries())
        await expect(page.locator(".listing-card__title").nth(i)).toContainText(c.name);
      // The form shows the payment bound, formatted, and every card's payment fits it.
      const form = await openFilters(page, size === PHONE);
      await expect(form.getByPlaceholder("до, ₽/мес")).toHaveValue("80\u00a0000");
      if (size === PHONE) await page.keyboard.press("Escape");
      const payments = await page.locator(".listing-card .pay-from__link").allInnerTexts();
      expect(payments.length).toBeGreaterThan(0);
      for (const p of payments) expect(Number(p.replace(/\D/g, ""))).toBeLessThanOrEqual(80_000);
      await screenshot(page, `decide-payment-80000-${name}`);
    });

    test("picks a station by typing «сокол»", async ({ page }) => {
      await page.goto("/novostroyki/");
      await hydrated(page);
      const form = await openFilters(page, size === PHONE);
      const station = form.getByRole("combobox", { name: "Метро, МЦК, МЦД" });
      await station.pressSequentially("сокол", { delay: 60 });
      const option = form.getByRole("option", { name: "Сокол", exact: true });
      await expect(option).toBeVisible();
      // Each suggestion carries its line: Сокол is on the green line 2.
      await expect(form.getByRole("option", { name: /Сокольники/ })).toBeVisible();
      await screenshot(page, `decide-station-typeahead-${name}`);
      await option.click();
      await expect(form.getByRole("checkbox", { name: /Сокол$/ })).toBeChecked();
      const sokol = await apiJson<{ subway_stations: { id: number; name: string; line: string }[] }>(
        page,
        "/api/v1/search/entities-by-word?keyword=сокол",
      );
      const id = sokol.subway_stations.find((s) => s.name === "Сокол")?.id;
      expect(sokol.subway_stations.find((s) => s.name === "Сокол")?.line).toBe("2");
      // The form counts the complexes near the station as the API does: the seed puts some by Сокол at every
      // scale, so the count is never zero.
      const total = (await grid(page, `per_page=1&search[subway_stations]=${id}`)).total;
      expect(total).toBeGreaterThan(0);
      const submit = form.getByRole("button", { name: new RegExp(`^Показать ${total}\\b`) });
      await expect(submit).toBeVisible();
      await screenshot(page, `decide-station-picked-${name}`);
      await submit.click();
      await expect(page).toHaveURL(new RegExp(`subway_stations=${id}\\b`));
      await expect(page.locator(".listing__count")).toContainText(String(total));
      // Every complex listed names Сокол among its nearest stations, with the walking minutes.
      const cards = page.locator(".listing-card");
      await expect(cards).toHaveCount(total);
      for (const card of await cards.all())
        await expect(
          card.locator(".listing-card__station").filter({ hasText: /Сокол(?![а-яё])/ }),
        ).toContainText(/мин пешком/);
      await screenshot(page, `decide-station-list-${name}`);
      // A link with the station chosen names it too (looked up by its id), not by its number.
      await page.goto(`/novostroyki/?subway_stations=${id}&rooms=1`);
      await hydrated(page);
      const linked = await openFilters(page, size === PHONE);
      await expect(linked.getByRole("checkbox", { name: /Сокол$/ })).toBeChecked();
    });

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
        .getByRole("button", { name: /^Сравнить:/ })
        .click();
      await cards
        .nth(1)
        .getByRole("button", { name: /^Сравнить:/ })
        .click();
      await expect(cards.nth(0).getByRole("button", { name: /^В сравнении:/ })).toHaveAttribute(
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
      // A link: it works before the page's scripts have run, and without them.
      await page
        .getByRole("link", { name: /^Убрать .+ из сравнения$/ })
        .first()
        .click();
      await expect(page.getByRole("table").getByRole("columnheader")).toHaveCount(1);

      await page.goto("/izbrannoe/");
      await hydrated(page);
      const flats = page.locator("section", { has: page.getByRole("heading", { name: "Квартиры" }) });
      await expect(flats.locator(".apt-card")).toHaveCount(1);
      await expect(flats.locator(".apt-card__link")).toHaveText(titles[1] ?? "?");
    });
  });
}
