/**
 * A buyer's request to the seller, in a real browser against the e2e server (its queue included): from a complex
 * page, with JavaScript (the dialog, no reload) and without it (the request page and a plain POST), at phone and
 * desktop widths; then the consultant finds the request at /operator/leads/ and marks it handled.
 */
import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { axeViolations } from "./axe";
import {
  DESKTOP,
  firstComplexUrl,
  hydrated,
  PHONE,
  screenshot,
  signInAsOperator,
  watchErrors,
} from "./helpers";

const LETTERS = "абвгдежзиклмнопрстуфхцчшэюя";
/** A name no other run has used: the operator's list is searched by it. */
const uniqueName = () =>
  `Анна ${Array.from(crypto.getRandomValues(new Uint8Array(6)), (b) => LETTERS[b % LETTERS.length]).join("")}`;

/** The request buttons a visitor sees: the bar at the bottom on a phone, the price card's buttons on a desktop. */
function viewingButton(page: Page, width: number) {
  const scope =
    width < 768
      ? page.getByRole("navigation", { name: "Связаться с отделом продаж" })
      : page.locator(".lead-actions__buttons");
  return scope.getByRole("link", { name: "Записаться на просмотр" });
}

/** The consultant's list shows the request with what was asked; «Отметить обработанной» marks it. */
async function handleAtOperator(context: BrowserContext, name: string, shot: string) {
  await signInAsOperator(context);
  const page = await context.newPage();
  await page.goto("/operator/leads/");
  const row = page.locator("tr", { hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Записаться на просмотр");
  await expect(row).toContainText("+7 916 123-45-67");
  await expect(row).toContainText("Вечером, 17:00–21:00");
  await expect(row).toContainText(/в очереди на отправку|у застройщика нет вебхука|доставлена/);
  await screenshot(page, `${shot}-operator`);
  await row.getByRole("button", { name: "Отметить обработанной" }).click();
  await expect(page).toHaveURL(/\/operator\/leads\/#lead-\d+$/);
  const handled = page.locator("tr", { hasText: name });
  await expect(handled).toContainText(/обработана \d{2}\.\d{2}\.\d{4}/);
  await expect(handled.getByRole("button", { name: "Отметить обработанной" })).toHaveCount(0);
  await screenshot(page, `${shot}-operator-handled`);
  await page.close();
}

async function newContext(
  browser: Browser,
  viewport: { width: number; height: number },
  javaScriptEnabled = true,
) {
  return browser.newContext({ viewport, javaScriptEnabled });
}

for (const viewport of [PHONE, DESKTOP]) {
  const w = viewport.width;

  test(`${w} px: a viewing request from a complex page in the dialog (kept over a reload, sent without one), then handled`, async ({
    browser,
  }) => {
    const context = await newContext(browser, viewport);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(await firstComplexUrl(page));
    await hydrated(page);
    await expect(page.locator(".lead-actions__phone a")).toHaveAttribute("href", /^tel:\+7\d{10}$/);
    await screenshot(page, `leads-complex-${w}`, false);
    await viewingButton(page, w).click();
    let dialog = page.getByRole("dialog", { name: "Записаться на просмотр" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("radio", { name: "Записаться на просмотр" })).toBeChecked();

    // Sent empty: the messages, in Russian, nothing sent.
    await dialog.getByRole("button", { name: "Отправить заявку" }).click();
    await expect(dialog.getByText("Укажите имя", { exact: false })).toBeVisible();
    await expect(dialog.getByText("Подтвердите согласие на обработку персональных данных")).toBeVisible();
    // The page with the dialog and its messages open: no accessibility violations (axe's default rules).
    expect(await axeViolations(page)).toEqual([]);

    const name = uniqueName();
    await dialog.getByLabel("Имя").fill(name);
    const phone = dialog.getByLabel("Телефон");
    await phone.pressSequentially("89161234567");
    await expect(phone).toHaveValue("+7 916 123-45-67");
    await dialog.getByLabel("Когда позвонить").selectOption("evening");

    // What is typed is kept on this device until it is sent: a reload loses nothing.
    await page.reload();
    await hydrated(page);
    // A mark on the document from here on: a reload would lose it.
    await page.evaluate(() => {
      (window as unknown as { leadsMark: number }).leadsMark = 1;
    });
    await viewingButton(page, w).click();
    dialog = page.getByRole("dialog", { name: "Записаться на просмотр" });
    await expect(dialog.getByLabel("Имя")).toHaveValue(name);
    await expect(dialog.getByLabel("Телефон")).toHaveValue("+7 916 123-45-67");
    await expect(dialog.getByLabel("Когда позвонить")).toHaveValue("evening");
    await dialog.getByRole("checkbox", { name: /согласие на обработку персональных данных/ }).check();
    await expect(dialog.getByRole("link", { name: "обработку персональных данных" })).toHaveAttribute(
      "href",
      "/data-processing-agreement/",
    );
    await screenshot(page, `leads-dialog-${w}`, false);
    await dialog.getByRole("button", { name: "Отправить заявку" }).click();
    await expect(dialog.getByRole("heading", { name: /Заявка принята/ })).toBeVisible();
    await expect(dialog).toContainText("+7 916 123-45-67");
    await screenshot(page, `leads-dialog-sent-${w}`, false);
    expect(await page.evaluate(() => (window as unknown as { leadsMark?: number }).leadsMark)).toBe(1);
    // Sent: the draft kept on this device until then is gone.
    expect(
      await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("lead-draft:"))),
    ).toEqual([]);
    await dialog.getByRole("button", { name: "Готово" }).click();
    await expect(dialog).toBeHidden();
    expect(errors).toEqual([]);

    await handleAtOperator(context, name, `leads-js-${w}`);
    await context.close();
  });

  test(`${w} px: the same request without JavaScript, through the request page, then handled`, async ({
    browser,
  }) => {
    const context = await newContext(browser, viewport, false);
    const page = await context.newPage();
    await page.goto(await firstComplexUrl(page));
    await screenshot(page, `leads-complex-nojs-${w}`, false);
    await viewingButton(page, w).click();
    await expect(page).toHaveURL(/\/zayavka\/\?complex=\d+&kind=viewing$/);
    await expect(page.getByRole("heading", { level: 1, name: "Заявка в отдел продаж" })).toBeVisible();

    const name = uniqueName();
    await page.getByLabel("Имя").fill(name);
    // Every visitor of this file posts from one IP (the loopback), and the site takes five requests a minute
    // from an IP: the round trip of a wrong form is shown once, at the phone's width.
    if (w === PHONE.width) {
      await page.getByLabel("Телефон").fill("8 916 123");
      await page.getByRole("button", { name: "Отправить заявку" }).click();
      // The server's answer: the form again, with what was typed and the messages.
      await expect(page.getByText("Укажите российский номер телефона")).toBeVisible();
      await expect(page.getByText("Подтвердите согласие на обработку персональных данных")).toBeVisible();
      await expect(page.getByLabel("Имя")).toHaveValue(name);
      await screenshot(page, `leads-nojs-errors-${w}`);
    }
    await page.getByLabel("Телефон").fill("8 916 123-45-67");
    await page.getByLabel("Когда позвонить").selectOption("evening");
    await page.getByRole("checkbox", { name: /согласие на обработку персональных данных/ }).check();
    await page.getByRole("button", { name: "Отправить заявку" }).click();
    await expect(page.getByRole("heading", { name: /Заявка принята/ })).toBeVisible();
    await expect(page.getByText("+7 916 123-45-67")).toBeVisible();
    await screenshot(page, `leads-nojs-sent-${w}`);

    await handleAtOperator(context, name, `leads-nojs-${w}`);
    await context.close();
  });
}
