/**
 * The chat in a real browser against the e2e server: a visitor and the consultant in two browser contexts,
 * live delivery both ways, history after a reload, reconnection after a dropped socket, no chat for bots
 * and none of its code in the first-load JavaScript.
 */
import { readdirSync, readFileSync } from "node:fs";
import { type Browser, expect, type Page, test, type WebSocketRoute } from "@playwright/test";
import { apiGet, DESKTOP, hydrated, operatorToken, PHONE, screenshot, watchErrors } from "./helpers";

const GOOGLEBOT_UA = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
/** Class names and paths that only the chat's own code contains (its launcher is in the first load). */
const CHAT_MARKERS = ["/chat/ws/", "chat-composer", "chat-log", "chat-panel"];
const ASSETS = "dist/client/assets";

async function visitorPage(browser: Browser, viewport = DESKTOP, path = "/contacts/") {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(path);
  await hydrated(page);
  return { context, page, errors };
}

async function openChat(page: Page) {
  await page.getByRole("button", { name: "Чат с консультантом" }).click();
  const panel = page.getByRole("dialog", { name: "Консультант" });
  await expect(panel).toBeVisible();
  await expect(panel.getByText("На связи")).toBeVisible();
  return panel;
}

async function send(scope: ReturnType<Page["getByRole"]>, text: string) {
  const box = scope.getByRole("textbox", { name: "Сообщение" });
  await box.fill(text);
  await box.press("Enter");
  await expect(box).toHaveValue("");
  // Stored and acknowledged: no longer «отправляется…».
  const sent = scope.locator(".chat-msg--mine", { hasText: text });
  await expect(sent).toBeVisible();
  await expect(sent).not.toContainText("отправляется");
}

async function operatorPage(browser: Browser, viewport = DESKTOP) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto("/operator/");
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "Вход для консультанта" })).toBeVisible();
  await page.getByLabel("Ключ доступа").fill(operatorToken());
  await page.getByRole("button", { name: "Войти" }).click();
  await expect(page.getByRole("heading", { name: "Консоль консультанта" })).toBeVisible();
  await expect(page.locator(".console__status")).toHaveText("На связи");
  return { context, page, errors };
}

test.describe("chat with a consultant", () => {
  test("a visitor writes, the consultant answers live, and the history survives a reload", async ({
    browser,
  }) => {
    const visitor = await visitorPage(browser);
    const panel = await openChat(visitor.page);
    await expect(panel.getByText(/Здравствуйте! Спросите о ЖК/)).toBeVisible();
    const question = "Здравствуйте! Есть ли двухкомнатные квартиры с отделкой до 12 млн ₽?";
    await send(panel, question);

    const operator = await operatorPage(browser);
    const console_ = operator.page;
    const item = console_
      .getByRole("navigation", { name: "Диалоги" })
      .getByRole("button", { name: /Посетитель/ });
    await expect(item).toHaveCount(1);
    await expect(item).toContainText(question);
    await expect(item).toContainText("/contacts/");
    await expect(item.locator(".chat-badge")).toContainText("1");
    await item.click();
    const thread = console_.locator(".console__thread");
    await expect(thread.getByText(question)).toBeVisible();
    await expect(thread.getByRole("link", { name: "/contacts/" })).toHaveAttribute("href", "/contacts/");
    // Opening the conversation reads it.
    await expect(item.locator(".chat-badge")).toHaveCount(0);

    const answer = "Добрый день! Да, есть несколько вариантов — сейчас пришлю подборку.";
    await send(thread, answer);
    await expect(panel.getByText(answer)).toBeVisible();
    await expect(panel.locator(".chat-msg", { hasText: answer }).locator(".chat-msg__author")).toHaveText(
      "Консультант",
    );

    // The visitor answers back; the consultant sees it without reloading.
    await send(panel, "Спасибо, жду!");
    await expect(thread.getByText("Спасибо, жду!")).toBeVisible();
    await visitor.page.screenshot({ path: "tests/screenshots/chat-widget-1440.png" });
    await screenshot(console_, "chat-console-1440");

    // After a reload the widget comes back by itself, and the history is there, each message once.
    await visitor.page.reload();
    await hydrated(visitor.page);
    const again = await openChat(visitor.page);
    for (const text of [question, answer, "Спасибо, жду!"]) {
      await expect(again.locator(".chat-msg__text", { hasText: text })).toHaveCount(1);
    }
    expect(visitor.errors).toEqual([]);
    expect(operator.errors).toEqual([]);
    await visitor.context.close();
    await operator.context.close();
  });

  test("after a dropped connection the widget reconnects and nothing is lost or doubled", async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const sockets: WebSocketRoute[] = [];
    // The page's socket goes through Playwright to the real server, so that the test can cut it.
    await page.routeWebSocket(/\/chat\/ws\//, (ws) => {
      ws.connectToServer();
      sockets.push(ws);
    });
    await page.goto("/");
    await hydrated(page);
    const panel = await openChat(page);
    await send(panel, "Первое сообщение");
    expect(sockets).toHaveLength(1);

    await sockets[0]?.close({ code: 4000, reason: "обрыв связи" });
    await expect.poll(() => sockets.length).toBe(2);
    await expect(panel.getByText("На связи")).toBeVisible();

    // The consultant answers; the visitor gets it over the new socket.
    const operator = await operatorPage(browser);
    await operator.page.getByRole("button", { name: /Первое сообщение/ }).click();
    await send(operator.page.locator(".console__thread"), "Ответ после обрыва");
    await expect(panel.getByText("Ответ после обрыва")).toBeVisible();
    await send(panel, "Второе сообщение");
    for (const text of ["Первое сообщение", "Ответ после обрыва", "Второе сообщение"]) {
      await expect(panel.locator(".chat-msg__text", { hasText: text })).toHaveCount(1);
    }
    await context.close();
    await operator.context.close();
  });

  test("phone: the chat is a full-screen sheet and the console shows one pane at a time", async ({
    browser,
  }) => {
    const visitor = await visitorPage(browser, PHONE, "/");
    await expect(visitor.page.getByRole("button", { name: "Чат с консультантом" })).toBeVisible();
    await visitor.page.screenshot({ path: "tests/screenshots/chat-launcher-390.png" });
    const panel = await openChat(visitor.page);
    const box = await panel.boundingBox();
    expect(box).toEqual({ x: 0, y: 0, width: PHONE.width, height: PHONE.height });
    await send(panel, "Можно ли купить квартиру в ипотеку без первого взноса?");
    await visitor.page.screenshot({ path: "tests/screenshots/chat-widget-390.png" });
    await panel.getByRole("button", { name: "Свернуть чат" }).click();
    await expect(panel).toBeHidden();
    await expect(visitor.page.getByRole("button", { name: "Чат с консультантом" })).toBeFocused();

    const operator = await operatorPage(browser, PHONE);
    const list = operator.page.getByRole("navigation", { name: "Диалоги" });
    await expect(list.getByRole("button", { name: /без первого взноса/ })).toBeVisible();
    await screenshot(operator.page, "chat-console-list-390");
    await list.getByRole("button", { name: /без первого взноса/ }).click();
    await expect(list).toBeHidden();
    const thread = operator.page.locator(".console__thread");
    await send(thread, "Можно, расскажу об условиях.");
    await screenshot(operator.page, "chat-console-390");
    await expect(
      visitor.page.getByRole("button", { name: "Чат с консультантом, 1 новое сообщение" }),
    ).toBeVisible();
    await thread.getByRole("button", { name: "← Все диалоги" }).click();
    await expect(list).toBeVisible();
    expect(visitor.errors).toEqual([]);
    expect(operator.errors).toEqual([]);
    await visitor.context.close();
    await operator.context.close();
  });

  test("the console and its API stay closed without the token", async ({ page }) => {
    await page.goto("/operator/");
    await hydrated(page);
    await page.getByLabel("Ключ доступа").fill("не тот ключ");
    await page.getByRole("button", { name: "Войти" }).click();
    await expect(page.getByRole("alert")).toHaveText("Неверный ключ доступа");
    await expect(page.getByRole("heading", { name: "Консоль консультанта" })).toHaveCount(0);
    const api = await apiGet(page, "/api/v1/chat/operator/conversations");
    expect(api.status()).toBe(401);
    expect(await api.json()).toEqual({ error: "Только для консультантов: войдите с ключом доступа." });
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  });
});

test.describe("what the chat costs", () => {
  /** Resolves after an idle callback queued after the load event, i.e. after the chat slot's own one. */
  const afterIdle = (page: Page) =>
    page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const idle = () => requestIdleCallback(() => resolve());
          if (document.readyState === "complete") idle();
          else addEventListener("load", idle, { once: true });
        }),
    );

  const chatFiles = () =>
    readdirSync(ASSETS).filter((f) => {
      const text = readFileSync(`${ASSETS}/${f}`, "utf8");
      return f.endsWith(".js") && CHAT_MARKERS.some((m) => text.includes(m));
    });

  test("none of the chat's code is in the first-load JavaScript", () => {
    const manifest = JSON.parse(readFileSync("worker/ssr/manifest.generated.json", "utf8")) as {
      entry: string;
      preload: string[];
    };
    const firstLoad = [manifest.entry, ...manifest.preload].map((url) => url.replace("/assets/", ""));
    for (const file of firstLoad) {
      const text = readFileSync(`${ASSETS}/${file}`, "utf8");
      for (const marker of CHAT_MARKERS) expect(text.includes(marker), `${marker} in ${file}`).toBe(false);
    }
    // The markers do find the chat: its code is in lazy chunks of its own.
    expect(chatFiles().length).toBeGreaterThan(0);
    expect(chatFiles().filter((f) => firstLoad.includes(f))).toEqual([]);
  });

  /** The home page hydrated and idle in a new context; which of the chat's files it has asked for so far. */
  async function homeAfterIdle(browser: Browser, options: Parameters<Browser["newContext"]>[0]) {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const requested: string[] = [];
    page.on("request", (r) => requested.push(new URL(r.url()).pathname.replace("/assets/", "")));
    await page.goto("/");
    await hydrated(page);
    await afterIdle(page);
    const chat = chatFiles();
    return { context, page, errors, chatRequested: () => requested.filter((f) => chat.includes(f)) };
  }

  test("a visitor gets the launcher at once and the chat's code only on reaching for it", async ({
    browser,
  }) => {
    const { context, page, errors, chatRequested } = await homeAfterIdle(browser, { viewport: DESKTOP });
    const launcher = page.getByRole("button", { name: "Чат с консультантом" });
    await expect(launcher).toBeVisible();
    expect(chatRequested()).toEqual([]);
    // The pointer comes to the launcher: the code comes before the click.
    await launcher.hover();
    await expect.poll(() => chatRequested().length).toBeGreaterThan(0);
    await openChat(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  test("a phone offline: the launcher says the chat did not open, and opens it once the line is back", async ({
    browser,
  }) => {
    const { context, page } = await homeAfterIdle(browser, {
      viewport: PHONE,
      hasTouch: true,
      isMobile: true,
    });
    const chat = new RegExp(`/assets/(${chatFiles().join("|").replaceAll(".", "\\.")})$`);
    await page.route(chat, (route) => route.abort("internetdisconnected"));
    const launcher = page.getByRole("button", { name: "Чат с консультантом" });
    await launcher.tap();
    await expect(page.getByRole("alert")).toHaveText(
      "Не удалось открыть чат. Проверьте соединение и нажмите ещё раз.",
    );
    await expect(launcher).not.toHaveAttribute("aria-busy", "true");
    await expect(page.getByRole("dialog", { name: "Консультант" })).toHaveCount(0);
    await screenshot(page, "chat-offline-390");
    await page.unroute(chat);
    await launcher.tap();
    await expect(page.getByRole("dialog", { name: "Консультант" })).toBeVisible();
    await expect(page.getByText("Не удалось открыть чат")).toHaveCount(0);
    await context.close();
  });

  test("without JavaScript there is no launcher that could not open", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator(".chat-launcher")).toHaveCount(0);
    await context.close();
  });

  test("Googlebot gets no chat", async ({ browser }) => {
    const { context, page, errors, chatRequested } = await homeAfterIdle(browser, {
      userAgent: GOOGLEBOT_UA,
    });
    await expect(page.getByRole("button", { name: "Чат с консультантом" })).toHaveCount(0);
    expect(chatRequested()).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
