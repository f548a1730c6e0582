/**
 * The consultant's feed report, /operator/feeds/, in a real browser at phone and desktop widths: refused without
 * the consultant's sign-in, then the report (the end-to-end seed registers no feed, so it says no import has run
 * yet, unless alerts.spec has imported its feed; the rows as cards on a phone are seen on the requests' list,
 * tests/e2e/leads.spec.ts), and the answers to
 * a malformed and an unknown import number.
 */
import { expect, test } from "@playwright/test";
import { DESKTOP, PHONE, screenshot, signInAsOperator } from "./helpers";

for (const viewport of [PHONE, DESKTOP]) {
  const w = viewport.width;

  test(`${w} px: the feed report behind the consultant's sign-in`, async ({ browser }) => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();

    const refused = await page.goto("/operator/feeds/");
    expect(refused?.status()).toBe(401);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Нужен вход консультанта");
    await expect(page.getByRole("link", { name: "Войдите с ключом доступа" })).toHaveAttribute(
      "href",
      "/operator/",
    );

    await signInAsOperator(context);

    const report = await page.goto("/operator/feeds/");
    expect(report?.status()).toBe(200);
    expect(report?.headers()["x-robots-tag"]).toBe("noindex");
    await expect(page).toHaveTitle("Фиды застройщиков");
    await expect(page.getByRole("heading", { level: 2 })).toHaveText(["Фиды", "Последние импорты"]);
    // Each list is its empty line or a table with rows: the end-to-end seed registers no feed, but
    // alerts.spec registers and imports one, maybe before this runs.
    for (const [heading, empty] of [
      ["Фиды", "Зарегистрированных фидов нет."],
      ["Последние импорты", "Импортов ещё не было."],
    ]) {
      const list = page.locator(`h2:text-is("${heading}") + *`);
      if ((await list.evaluate((e) => e.tagName)) === "P") await expect(list).toHaveText(empty ?? "");
      // (On a phone the rows are cards: their <tr> is not a box of its own.)
      else expect(await list.locator("tbody tr").count()).toBeGreaterThan(0);
    }
    await screenshot(page, `operator-feeds-${w}`);

    const malformed = await page.goto("/operator/feeds/?run=abc");
    expect(malformed?.status()).toBe(400);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Неверный запрос");

    const unknown = await page.goto("/operator/feeds/?run=999999999");
    expect(unknown?.status()).toBe(404);
    await expect(page.getByText("Импорта №999999999 нет.")).toBeVisible();
    await page.getByRole("link", { name: "Все импорты" }).click();
    await expect(page).toHaveURL(/\/operator\/feeds\/$/);
    await context.close();
  });
}
