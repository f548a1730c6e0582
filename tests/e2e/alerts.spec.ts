/**
 * A saved search from the listing, at 390 and 1440 px, with JavaScript (the dialog) and without (the form's
 * page): the request is stored, its confirmation letter goes through the queue to the local send_email binding,
 * and the link in the letter the outbox kept confirms it; the header's bell leads to «Мои подписки».
 */
import { execFileSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { DESKTOP, hydrated, PHONE, watchErrors } from "./helpers";

const PERSIST_TO = `.wrangler/e2e-state-${process.env.E2E_PORT ?? "8788"}`;

/** The outbox's letters to an address, read with wrangler as a person would. */
function letters(email: string): { status: string; text: string }[] {
  const out = execFileSync(
    "npx",
    [
      "wrangler",
      "d1",
      "execute",
      "DB",
      "--local",
      "--persist-to",
      PERSIST_TO,
      "--json",
      "--command",
      `SELECT l.status, l.text FROM letters l JOIN subscribers s ON s.id = l.subscriber_id
       WHERE s.email = '${email}' ORDER BY l.id`,
    ],
    { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] },
  );
  const [result] = JSON.parse(out) as { results: { status: string; text: string }[] }[];
  return result?.results ?? [];
}

/** The confirmation link's path, once the queue's consumer has sent the letter. */
async function confirmationPath(email: string): Promise<string> {
  let path = "";
  await expect
    .poll(
      () => {
        const sent = letters(email).find((l) => l.status === "sent");
        path = /\/podpiski\/podtverdit\/\?t=[\w-]+/.exec(sent?.text ?? "")?.[0] ?? "";
        return path;
      },
      { timeout: 60_000 },
    )
    .not.toBe("");
  return path;
}

for (const size of [PHONE, DESKTOP]) {
  test(`a search saved from the listing with JavaScript is confirmed from its letter (${size.width} px)`, async ({
    page,
  }) => {
    const errors = watchErrors(page);
    const email = `e2e-${size.width}-${Date.now()}@example.ru`;
    await page.setViewportSize(size);
    await page.goto("/novostroyki/?rooms=2&max_price=15000000");
    await hydrated(page);
    await page.getByRole("link", { name: "Сохранить поиск" }).click();
    const dialog = page.getByRole("dialog", { name: "Сохранить поиск" });
    await dialog.getByLabel("Электронная почта").fill(email);
    await dialog.getByRole("button", { name: "Подписаться" }).click();
    await expect(dialog.getByText("Подтвердите согласие")).toBeVisible();
    await dialog.getByRole("checkbox").check();
    await dialog.getByRole("button", { name: "Подписаться" }).click();
    await expect(dialog.getByRole("status")).toContainText(`Мы отправили письмо на ${email}`);
    await page.goto(await confirmationPath(email));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Подписка подтверждена");
    await page.getByRole("link", { name: "Мои подписки" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Мои подписки");
    await expect(page.getByRole("link", { name: /^Новостройки, 2-комн\., до 15\sмлн/ })).toBeVisible();
    expect(errors).toEqual([]);
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("«Сохранить поиск» leads to the form's page, which subscribes", async ({ page }) => {
    const email = `e2e-nojs-${Date.now()}@example.ru`;
    await page.setViewportSize(PHONE);
    await page.goto("/novostroyki/?rooms=1");
    await page.getByRole("link", { name: "Сохранить поиск" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Подписка на изменения");
    await page.getByLabel("Электронная почта").fill(email);
    await page.getByLabel("Название поиска").fill("Однушки");
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Подписаться" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Проверьте почту");
    await page.goto(await confirmationPath(email));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Подписка подтверждена");
  });

  test("the header's bell leads to «Мои подписки»", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto("/");
    await page.getByRole("link", { name: "Подписаться: мои подписки" }).click();
    await expect(page).toHaveURL(/\/podpiski\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Мои подписки");
  });
});
