/**
 * A saved search from the listing, at 390 and 1440 px, with JavaScript (the dialog) and without (the form's
 * page): the request is stored, its confirmation letter goes through the queue to the local send_email binding,
 * and the link in the letter the outbox kept confirms it; the header's bell leads to «Мои подписки».
 */
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, type Page, test } from "@playwright/test";
import {
  apiGet,
  DESKTOP,
  holdChunk,
  hydrated,
  localD1,
  PHONE,
  screenshot,
  sideDoor,
  watchErrors,
} from "./helpers";

/** The outbox's letters to an address. */
const letters = (email: string) =>
  localD1<{ status: string; kind: string; text: string }>(
    `SELECT l.status, l.kind, l.text FROM letters l JOIN subscribers s ON s.id = l.subscriber_id
     WHERE s.email = '${email}' ORDER BY l.id`,
  );

/** The confirmation link's path, once the queue's consumer has sent the letter. */
async function confirmationPath(email: string): Promise<string> {
  let path = "";
  await expect
    .poll(
      async () => {
        const sent = (await letters(email)).findLast((l) => l.kind === "confirm" && l.status === "sent");
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

test.describe("a feed's changes in one letter", () => {
  const ladoga = readFileSync("tests/fixtures/feeds/ladoga.xml", "utf8");
  const STUDIO = "<price><value>11754000</value>";
  let feed = ladoga;
  let server: Server;
  /** The developer's feed, served from here; the worker pulls it when the hourly cron runs. */
  test.beforeAll(async () => {
    server = createServer((_req, res) => {
      res.writeHead(200, { "Content-Type": "application/xml; charset=utf-8" });
      res.end(feed);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ladoga.xml`;
    await localD1(
      `INSERT INTO feeds (url, created_at) SELECT '${url}', '2026-11-20T00:00:00.000Z'
       WHERE NOT EXISTS (SELECT 1 FROM feeds WHERE url = '${url}')`,
    );
  });
  test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** The hourly cron (the feeds' pull, then the alerts), through the end-to-end server's trigger. */
  const runFeedsCron = async (page: Page) => {
    const res = await apiGet(page, `${sideDoor()}?cron=${encodeURIComponent("17 * * * *")}`);
    expect(res.ok(), await res.text()).toBe(true);
  };

  test("a new matching flat and a followed flat's lower price: one letter, the flat opened from it, one-click unsubscribe", async ({
    page,
  }) => {
    // Two feed imports, a confirmation and a letter through the queue: more than the suite's 60 s on a busy machine.
    test.setTimeout(180_000);
    const errors = watchErrors(page);
    const email = `e2e-feed-${Date.now()}@example.ru`;
    await page.setViewportSize(DESKTOP);
    // The feed's first pull puts its complexes and flats in the catalogue.
    await runFeedsCron(page);
    let studio = 0;
    await expect
      .poll(
        async () =>
          (studio =
            (
              await localD1<{ id: number }>("SELECT id FROM living_objects WHERE external_id = 'lad-p1-001'")
            )[0]?.id ?? 0),
        {
          timeout: 60_000,
        },
      )
      .toBeGreaterThan(0);
    // «Следить за ценой» on the studio, then the search saved, with one address; one confirmation.
    // Pressed before the dialog's own chunk has come (it is loaded on a press or hover): the dialog opens once
    // it is there, not the form's page without script.
    const chunk = await holdChunk(page, "FollowDialog");
    await page.goto(`/kvartiry/kvartira-${studio}/`);
    await hydrated(page);
    await page.getByRole("link", { name: "Следить за ценой" }).click();
    await expect.poll(chunk.asked).toBeGreaterThan(0);
    await expect(page).toHaveURL(/\/kvartiry\/kvartira-\d+\/$/);
    await chunk.release();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Электронная почта").fill(email);
    await dialog.getByRole("checkbox").check();
    await dialog.getByRole("button", { name: "Подписаться" }).click();
    await expect(dialog.getByRole("status")).toContainText(`Мы отправили письмо на ${email}`);
    await page.goto("/novostroyki/?rooms=2&max_price=15000000");
    await hydrated(page);
    await page.getByRole("link", { name: "Сохранить поиск" }).click();
    await dialog.getByLabel("Электронная почта").fill(email);
    await dialog.getByRole("checkbox").check();
    await dialog.getByRole("button", { name: "Подписаться" }).click();
    await expect(dialog.getByRole("status")).toContainText(`Мы отправили письмо на ${email}`);
    // This browser keeps the saved search with the newest change it has seen.
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem("novostroyki:saved-searches")))
      .toContain("/novostroyki/?rooms=2&max_price=15000000");
    await expect
      .poll(async () => (await letters(email)).filter((l) => l.status === "sent").length, { timeout: 60_000 })
      .toBe(2);
    await page.goto(await confirmationPath(email));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Подписка подтверждена");

    // The feed again: a new two-room flat at 14,5 млн and the studio 500 000 ₽ cheaper.
    const offer = /<offer internal-id="lad-p1-002">[\s\S]*?<\/offer>/.exec(ladoga)?.[0] ?? "";
    const added = offer
      .replace('internal-id="lad-p1-002"', 'internal-id="lad-p1-901"')
      .replace("<value>16616000</value>", "<value>14500000</value>")
      .replace("<value>42.1</value>", "<value>58.4</value>")
      .replace("<rooms>1</rooms>", "<rooms>2</rooms>");
    expect(added).toContain("lad-p1-901");
    feed = ladoga
      .replace(STUDIO, "<price><value>11254000</value>")
      .replace("</realty-feed>", `${added}\n</realty-feed>`);
    await runFeedsCron(page);
    let text = "";
    await expect
      .poll(
        async () => {
          const alerts = (await letters(email)).filter((l) => l.kind === "alert");
          text = alerts[0]?.status === "sent" ? alerts[0].text : "";
          return alerts.length === 1 && text !== "";
        },
        { timeout: 90_000 },
      )
      .toBe(true);
    expect(text).toMatch(/Цена снижена: Студия, 29,9.*\n.*11\s254\s000\s₽ \(было 11\s754\s000\s₽\)/);
    expect(text).toContain("В продаже: 2-комн.");
    expect((await letters(email)).filter((l) => l.kind === "alert")).toHaveLength(1);

    // Back on the saved search: the new flat is what is new since this browser's last visit; then it is seen.
    await page.goto("/novostroyki/?rooms=2&max_price=15000000");
    await hydrated(page);
    await expect(page.getByRole("status").filter({ hasText: "Новое с вашего прошлого визита" })).toHaveText(
      "Новое с вашего прошлого визита: 1",
    );
    await screenshot(page, "alerts-new-since-1440", false);
    await page.setViewportSize(PHONE);
    await screenshot(page, "alerts-new-since-390", false);
    await page.reload();
    await hydrated(page);
    await expect(page.getByRole("link", { name: "Сохранить поиск" })).toBeVisible();
    await expect(page.getByText("Новое с вашего прошлого визита")).toHaveCount(0);
    // The new flat from the letter's link.
    const [flatPath] = (
      await localD1<{ id: number }>("SELECT id FROM living_objects WHERE external_id = 'lad-p1-901'")
    ).map((r) => `/kvartiry/kvartira-${r.id}/`);
    expect(text).toContain(`${flatPath}`);
    await page.goto(flatPath ?? "/");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("2-комнатная квартира, 58,4");
    // The letter's visible one-click unsubscribe.
    const unsubscribe = /\/podpiski\/otpiska\/\?k=[\w.-]+/.exec(text)?.[0] ?? "";
    expect(unsubscribe).not.toBe("");
    await page.goto(unsubscribe);
    await page.getByRole("button", { name: "Отписаться" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Вы отписаны");
    expect(
      (
        await localD1<{ n: number }>(
          `SELECT count(*) AS n FROM subscriptions s JOIN subscribers u ON u.id = s.subscriber_id WHERE u.email = '${email}'`,
        )
      )[0]?.n,
    ).toBe(0);
    expect(errors).toEqual([]);
  });
});
