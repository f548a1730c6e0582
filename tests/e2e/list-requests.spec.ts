/**
 * SPEC §4: a new list request cancels the one in flight. The first filter's list is held back by the test, the
 * visitor applies a second filter meanwhile: the browser aborts the first request, and the list shows the
 * second filter's complexes (never the first's, whatever arrives late).
 */
import { expect, test } from "@playwright/test";
import { complexTotal, DESKTOP, hydrated } from "./helpers";

/** The listing's own list requests (the form's count requests ask for one complex). */
const isListRequest = (url: URL) =>
  url.pathname === "/api/v1/residential-complexes/grid" && url.searchParams.get("per_page") !== "1";

test("a new list request cancels the one in flight", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto("/novostroyki/");
  await hydrated(page);
  const form = page.getByRole("form", { name: "Фильтры новостроек" });

  // The studios' list is held back until the page gives up on it.
  const held: string[] = [];
  await page.route(
    (url) => isListRequest(url) && url.searchParams.get("search[rooms]") === "0",
    (route) => {
      held.push(route.request().url());
    },
  );
  const aborted: string[] = [];
  page.on("requestfailed", (req) => {
    if (isListRequest(new URL(req.url()))) aborted.push(req.url());
  });

  const studios = await complexTotal(page, "search[rooms]=0");
  await form.getByRole("checkbox", { name: "Студия", exact: true }).check();
  await form.getByRole("button", { name: new RegExp(`Показать ${studios}`) }).click();
  await expect(page).toHaveURL(/rooms=0/);
  await expect.poll(() => held.length).toBe(1);

  // The second filter while the first list is still on its way.
  const both = await complexTotal(page, "search[rooms]=0,1");
  await form.getByRole("checkbox", { name: "1-комн.", exact: true }).check();
  await form.getByRole("button", { name: new RegExp(`Показать ${both}`) }).click();
  await expect(page).toHaveURL(/rooms=0%2C1|rooms=0,1/);
  await expect(page.locator(".listing__count")).toContainText(String(both));
  await expect.poll(() => aborted).toEqual(held);
});

test("a list that fails says so instead of keeping the previous one", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto("/novostroyki/");
  await hydrated(page);
  await expect(page.locator(".listing__count")).toContainText("Найдено");
  await page.route(
    (url) => isListRequest(url) && url.searchParams.get("search[rooms]") === "0",
    (route) => route.fulfill({ status: 500, json: { error: "Внутренняя ошибка сервера" } }),
  );
  const form = page.getByRole("form", { name: "Фильтры новостроек" });
  const studios = await complexTotal(page, "search[rooms]=0");
  await form.getByRole("checkbox", { name: "Студия", exact: true }).check();
  await form.getByRole("button", { name: new RegExp(`Показать ${studios}`) }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Не удалось загрузить список. Проверьте соединение и попробуйте ещё раз.",
  );
  await expect(page.locator(".listing__count")).not.toContainText("Найдено");
  await expect(page.locator(".listing__main article")).toHaveCount(0);
});
