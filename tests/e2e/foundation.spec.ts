import { expect, test } from "@playwright/test";
import { apiGet, DESKTOP, hydrated, PHONE, screenshot } from "./helpers";

test.describe("foundation", () => {
  test("desktop: the dropdown opens on hover and navigation is client-side", async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    await page.setViewportSize(DESKTOP);
    await page.goto("/");
    await hydrated(page);
    await expect(page.locator("html")).toHaveAttribute("lang", "ru");
    await screenshot(page, "home-1440");

    const dropdown = page.locator("#header-dropdown");
    await expect(dropdown).toBeHidden();
    await page.getByRole("button", { name: "Новостройки" }).hover();
    await expect(dropdown).toBeVisible();
    // Each link with its amount beside the label (SPEC §3): «Москва 812».
    await expect(dropdown.getByRole("link", { name: /^Москва \d[\d\s]*$/ })).toBeVisible();
    await expect(dropdown.getByRole("link", { name: /^3–8 млн ₽ \d/ })).toHaveAttribute(
      "href",
      "/novostroyki/?min_price=3000000&max_price=8100000",
    );
    await expect(dropdown.getByRole("link", { name: "Реклама на сайте" })).toBeVisible();
    await screenshot(page, "home-dropdown-1440");

    // A marker on window survives only a client-side navigation.
    await page.evaluate(() => {
      (window as unknown as { __marker: number }).__marker = 42;
    });
    await dropdown.getByRole("link", { name: "Реклама на сайте" }).click();
    await expect(page).toHaveURL(/\/ad\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Реклама на сайте");
    await expect(dropdown).toBeHidden();
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);

    await page.getByRole("link", { name: "Журнал" }).first().click();
    await expect(page).toHaveURL(/\/journal\/$/);
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);
    await page.goBack();
    await expect(page).toHaveURL(/\/ad\/$/);
    expect(errors).toEqual([]);
  });

  test("phone: the burger menu opens and closes, and closes on navigation", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/");
    await hydrated(page);
    await screenshot(page, "home-390");
    await expect(page.getByRole("navigation", { name: "Главное меню" })).toBeHidden();
    const burger = page.getByRole("button", { name: "Открыть меню" });
    await burger.click();
    const menu = page.getByRole("dialog", { name: "Меню" });
    await expect(menu).toBeVisible();
    await menu.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
    await page.screenshot({ path: "tests/screenshots/menu-390.png" });
    await page.getByRole("button", { name: "Закрыть меню" }).click();
    await expect(menu).toBeHidden();

    await burger.click();
    await expect(menu).toBeVisible();
    await menu.getByRole("link", { name: "Спецпредложения" }).click();
    await expect(page).toHaveURL(/\/special\/$/);
    await expect(menu).toBeHidden();
  });

  test("the bundle is served by the platform, immutable and not sniffed", async ({ page, request }) => {
    const scripts: string[] = [];
    page.on("response", (r) => r.url().includes("/assets/") && scripts.push(r.url()));
    await page.goto("/");
    await hydrated(page);
    expect(scripts.length).toBeGreaterThan(1);
    for (const url of scripts) {
      const res = await apiGet(request, url);
      expect(res.status(), url).toBe(200);
      expect(res.headers()["cache-control"], url).toBe("public, max-age=31536000, immutable");
      expect(res.headers()["x-content-type-options"], url).toBe("nosniff");
    }
    // A chunk that is not there (a deploy removed it) is the platform's 404; its name never comes back.
    expect((await apiGet(request, "/assets/chunk-REMOVED0.js")).status()).toBe(404);
  });

  test("scroll positions: another page opened in the tab starts at its top, a reload and back return", async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    const settled = async () => {
      await hydrated(page);
      // The restoration runs in the frame after the page's effects.
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      );
      return page.evaluate(() => window.scrollY);
    };
    await page.goto("/novostroyki/");
    await settled();
    await page.evaluate(() => window.scrollTo(0, 1500));
    // A page loaded afresh in the same tab (an address typed, a search result) is not sent to the last one's place.
    await page.goto("/kvartiry/");
    expect(await settled()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 900));
    await page.reload();
    expect(await settled()).toBe(900);
    // A link followed in the app starts at the top; back returns to where the visitor was.
    // (Pressed where it is: Playwright's click would first scroll it into view.)
    await page
      .locator("main a[href^='/kvartiry/kvartira-']")
      .first()
      .evaluate((a: HTMLElement) => a.click());
    await expect(page).toHaveURL(/\/kvartiry\/kvartira-/);
    expect(await settled()).toBe(0);
    await page.goBack();
    await expect(page).toHaveURL(/\/kvartiry\/$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(900);
  });

  test("the 404 page answers in Russian", async ({ page }) => {
    const res = await page.goto("/po-nowhere/");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("404. Страница не найдена");
    await page.setViewportSize(PHONE);
    await screenshot(page, "404-390");
  });

  test("the modal opens and closes with Esc and outside click, unless disabled", async ({ page }) => {
    await page.goto("/test-modal/");
    await hydrated(page);
    const state = page.getByTestId("modal-state");
    await page.getByRole("button", { name: "Открыть окно" }).click();
    const dialog = page.getByRole("dialog", { name: "Заявка на консультацию" });
    await expect(dialog).toBeVisible();
    await expect(state).toHaveAttribute("data-state", "entered");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(state).toHaveAttribute("data-state", "closed");

    await page.getByRole("button", { name: "Открыть окно" }).click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(5, 400);
    await expect(dialog).toBeHidden();

    await page.getByLabel("Закрывать только кнопкой").check();
    await page.getByRole("button", { name: "Открыть окно" }).click();
    await expect(state).toHaveAttribute("data-state", "entered");
    await page.keyboard.press("Escape");
    await page.mouse.click(5, 400);
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Понятно" }).click();
    await expect(dialog).toBeHidden();
  });
});
