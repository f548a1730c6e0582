import { expect, type Page, test } from "@playwright/test";
import { formatMoney } from "../../shared/format";
import { calculateMortgage } from "../../shared/mortgage";
import { DESKTOP, hydrated, localD1, PHONE, SCREENSHOT_DIR, screenshot } from "./helpers";

/** The quiz's stored submissions for a phone, read from the e2e server's D1. */
async function countSubmissions(phone: string): Promise<number> {
  const [row] = await localD1<{ n: number }>(
    `SELECT count(*) AS n FROM quiz_submissions WHERE phone = '${phone}'`,
  );
  return row?.n ?? -1;
}

/** The viewport at both widths, for the modal steps (a full-page shot would cut the fixed overlay). */
async function shootBoth(page: Page, name: string): Promise<void> {
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-${size.width}.png` });
  }
  await page.setViewportSize(PHONE);
}

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

test("mortgage: change the price and the term, read the payment and the schedule, reload from the URL", async ({
  page,
}) => {
  const errors = collectErrors(page);
  await page.setViewportSize(DESKTOP);
  await page.goto("/mortgage/");
  await hydrated(page);

  const price = page.getByLabel("Стоимость квартиры", { exact: true });
  const term = page.getByLabel("Срок кредита", { exact: true });
  const payment = page.locator("output.mortgage__payment");
  await price.fill("10 000 000");
  await term.fill("25");
  await term.blur();

  // The default down payment is 20 % and it keeps its share as the price changes; the market rate is 20 %.
  const expected = calculateMortgage({
    price: 10_000_000,
    down: 2_000_000,
    termYears: 25,
    rate: 20,
    type: "annuity",
  });
  if (!expected.ok) throw new Error("the expected calculation is invalid");
  await expect(page.getByLabel("Первоначальный взнос", { exact: true })).toHaveValue("2\u00a0000\u00a0000");
  await expect(payment).toHaveText(formatMoney(expected.result.firstPayment));
  await expect(page).toHaveURL(/\?price=10000000&down=2000000&term=25&rate=20&program=market&type=annuity/);

  const years = page.locator("tr.mortgage-schedule__year");
  await expect(years).toHaveCount(25);
  await expect(page.locator(".mortgage-chart__svg--wide rect.mortgage-chart__interest")).toHaveCount(25);
  await page.getByRole("button", { name: "1-й год", exact: true }).click();
  const months = page.locator("tr.mortgage-schedule__month");
  await expect(months).toHaveCount(12);
  await expect(months.first().locator("td").first()).toHaveText(formatMoney(expected.result.firstPayment));
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, "mortgage-1440");

  await page.reload();
  await hydrated(page);
  await expect(price).toHaveValue("10\u00a0000\u00a0000");
  await expect(term).toHaveValue("25");
  await expect(payment).toHaveText(formatMoney(expected.result.firstPayment));
  await page.setViewportSize(PHONE);
  await screenshot(page, "mortgage-390");

  // A programme sets its rate and checks its limits.
  await page.getByLabel(/Семейная ипотека/).check();
  await expect(page.getByLabel("Ставка", { exact: true })).toHaveValue("6");
  await price.fill("20 000 000");
  await expect(page.getByText("Условия программы «Семейная ипотека» не выполнены")).toBeVisible();
  await expect(page).toHaveURL(/program=family/);
  expect(errors).toEqual([]);
});

test("quiz: the answers survive a reload, a failed send keeps them, the retry is stored once", async ({
  page,
  context,
}) => {
  const errors = collectErrors(page);
  // A number of this run's own (--repeat-each, a retry), so that the count below is this run's; and the quiz's
  // limit of sends per visitor starts afresh (every run here is the same visitor, the loopback).
  await localD1("DELETE FROM rate_limits WHERE key LIKE 'quiz-%'");
  const run = test.info().repeatEachIndex * 10 + test.info().retry;
  const last = String(1234 + run);
  const [ab, cd] = [last.slice(0, 2), last.slice(2)];
  const phone = `+7926555${ab}${cd}`;
  await page.setViewportSize(PHONE);
  await page.goto("/mortgage/");
  await hydrated(page);

  const launcher = page.getByRole("button", { name: "Подобрать квартиру за 1 минуту" });
  const dialog = page.getByRole("dialog", { name: "Подбор квартиры" });
  const next = dialog.getByRole("button", { name: "Далее" });
  await launcher.click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Какой бюджет на покупку?")).toBeVisible();
  await next.click();
  await expect(dialog.getByRole("alert")).toHaveText("Выберите один из вариантов");
  await shootBoth(page, "quiz-budget");
  await dialog.getByLabel("8–14 млн ₽").check();
  await next.click();
  await dialog.getByLabel("1 комната").check();
  await dialog.getByLabel("2 комнаты").check();
  await shootBoth(page, "quiz-rooms");
  await next.click();
  await expect(dialog.getByText("Где хотите жить?")).toBeVisible();

  // A reload loses nothing: the quiz opens where it was left, with the answers given.
  await page.reload();
  await hydrated(page);
  await expect(page.getByText("Ваши ответы сохранены — продолжите с того же места.")).toBeVisible();
  await launcher.click();
  await expect(dialog.getByText("Где хотите жить?")).toBeVisible();
  await dialog.getByRole("button", { name: "Назад" }).click();
  await expect(dialog.getByLabel("2 комнаты")).toBeChecked();
  await next.click();
  await dialog.getByLabel("Москва", { exact: true }).check();
  await next.click();
  await dialog.getByLabel("До конца 2027 года").check();
  await next.click();
  await dialog.getByLabel("С отделкой — сразу заехать").check();
  await next.click();
  await dialog.getByLabel("Да, семейную").check();
  await next.click();

  await expect(dialog.getByText("Куда прислать подборку?")).toBeVisible();
  const send = dialog.getByRole("button", { name: "Отправить заявку" });
  await send.click();
  await expect(dialog.getByText("Укажите имя — хотя бы две буквы")).toBeVisible();
  await expect(dialog.getByText("Подтвердите согласие на обработку персональных данных")).toBeVisible();
  await dialog.getByLabel("Имя").fill("Марина");
  await expect(dialog.getByText("Укажите имя — хотя бы две буквы")).toBeHidden();
  await dialog.getByLabel("Телефон").fill(`8 (926) 555-${ab}-${cd}`);
  await dialog.getByLabel("Даю согласие на обработку персональных данных").check();
  await expect(dialog.getByRole("link", { name: "обработку персональных данных" })).toHaveAttribute(
    "href",
    "/data-processing-agreement/",
  );
  await shootBoth(page, "quiz-contact");

  // Offline: a notice, and nothing is sent until the connection is back.
  await context.setOffline(true);
  await expect(dialog.getByText(/Нет подключения к интернету\. Ответы сохраняются/)).toBeVisible();
  await expect(send).toBeDisabled();
  await context.setOffline(false);
  await expect(send).toBeEnabled();

  // The first send reaches the server and is stored, but its answer is lost on the way back.
  let posts = 0;
  let firstStatus = 0;
  await page.route("**/api/v1/quizzes/submit", async (route) => {
    posts += 1;
    if (posts === 1) {
      firstStatus = (await route.fetch()).status();
      await route.abort("connectionreset");
    } else await route.continue();
  });
  await send.click();
  await expect(dialog.getByText(/Не удалось отправить заявку: нет связи с сервером\./)).toBeVisible();
  expect(firstStatus).toBe(201);
  // The phone is written as the site writes numbers as soon as it is typed (the request forms share the field).
  await expect(dialog.getByLabel("Телефон")).toHaveValue(`+7 926 555-${ab}-${cd}`);
  await shootBoth(page, "quiz-failed");

  await dialog.getByRole("button", { name: "Отправить ещё раз" }).click();
  await expect(dialog.getByRole("heading", { name: "Спасибо, Марина! Заявка принята" })).toBeVisible();
  await expect(
    dialog.getByText(`Консультант позвонит на +7 926 555-${ab}-${cd}`, { exact: false }),
  ).toBeVisible();
  // The matching complexes or, if the catalogue cannot answer, the promise to send them by phone.
  await expect(dialog.getByText("Подбираем жилые комплексы по вашим ответам…")).toBeHidden();
  await expect(dialog.locator(".quiz-matches, .quiz-matches__note").first()).toBeVisible();
  await shootBoth(page, "quiz-done");
  expect(posts).toBe(2);
  expect(await countSubmissions(phone)).toBe(1);

  // The draft is gone after the send: the next quiz starts afresh.
  await dialog.getByRole("button", { name: "Готово" }).click();
  await expect(page.getByText("Ваши ответы сохранены")).toBeHidden();
  expect(errors).toEqual([]);
});

const STATIC_PAGES: [path: string, h1: string][] = [
  ["/contacts/", "Контакты"],
  ["/policy/", "Политика конфиденциальности"],
  ["/terms-of-service/", "Пользовательское соглашение"],
  ["/data-processing-agreement/", "Согласие на обработку персональных данных"],
  ["/ad/", "Реклама на сайте"],
];

test("static pages: heading, breadcrumbs and the table of contents at both widths", async ({ page }) => {
  for (const [path, h1] of STATIC_PAGES) {
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1);
      const crumbs = page.getByRole("navigation", { name: "Хлебные крошки" });
      await expect(crumbs.getByRole("link", { name: "Главная" })).toBeVisible();
      await expect(crumbs.getByText(h1)).toBeVisible();
      await screenshot(page, `${path.replaceAll("/", "") || "home"}-${size.width}`);
    }
  }
  await page.goto("/policy/");
  await hydrated(page);
  await page
    .getByRole("navigation", { name: "Содержание" })
    .getByRole("link", { name: "Ваши права" })
    .click();
  await expect(page).toHaveURL(/\/policy\/#rights$/);
  await expect(page.getByRole("heading", { name: "7. Ваши права" })).toBeInViewport();
});
