import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import { axeViolations } from "./axe";
import { DESKTOP, hydrated, PHONE, SCREENSHOT_DIR, screenshot } from "./helpers";

const HEADER = 69;
const GOOGLEBOT_UA = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

async function open(browser: Browser, viewport: { width: number; height: number }, path: string) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(path);
  await hydrated(page);
  return { context, page, errors };
}

/** Scrolls so that the badge's top is at `y` in the viewport. */
async function scrollBadgeTo(badge: Locator, y: number) {
  await badge.evaluate((el, to) => {
    window.scrollBy(0, el.getBoundingClientRect().top - to);
  }, y);
}

/**
 * The popup is wholly on screen, under the sticky header (at 69 px once the page has scrolled, lower while the
 * top banner is in view), and leaves the badge uncovered.
 */
async function expectPopupVisible(page: Page, badge: Locator, popup: Locator, what: string) {
  await expect(popup, what).toBeVisible();
  await expect(popup, what).toHaveAttribute("class", /ad-popup--(top|bottom|left|right)/);
  const box = await popup.boundingBox();
  const anchor = await badge.boundingBox();
  const header = await page.locator(".header").boundingBox();
  const viewport = page.viewportSize();
  if (!box || !anchor || !header || !viewport) throw new Error(`${what}: no box`);
  expect(header.height, what).toBe(HEADER);
  expect(box.x, what).toBeGreaterThanOrEqual(0);
  expect(box.y, what).toBeGreaterThanOrEqual(header.y + header.height);
  expect(box.x + box.width, what).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height, what).toBeLessThanOrEqual(viewport.height);
  const apart =
    box.y >= anchor.y + anchor.height ||
    box.y + box.height <= anchor.y ||
    box.x >= anchor.x + anchor.width ||
    box.x + box.width <= anchor.x;
  expect(apart, `${what}: the popup covers its badge`).toBe(true);
}

for (const viewport of [PHONE, DESKTOP]) {
  test.describe(`ads at ${viewport.width} px`, () => {
    test("the listing has labelled ads in their slots, without layout shift", async ({ browser }) => {
      const { context, page, errors } = await open(browser, viewport, "/novostroyki/");
      await expect(page.locator(".ad--wide")).toHaveCount(1);
      await expect(page.locator(".ad-row .ad--tgb")).toHaveCount(4);
      await expect(page.locator(".ad-sidebar .ad--tgb")).toHaveCount(3);
      await expect(page.locator(".ad-sidebar .ad--card")).toHaveCount(2);
      await expect(page.locator(".ad .ad-badge__button")).toHaveCount(10);
      for (const label of await page.locator(".ad-badge__button").allInnerTexts())
        expect(label).toMatch(/^Реклама/);
      const frame = page.locator(".top-banner__frame");
      await expect(frame).toHaveAttribute("title", "Рекламный баннер");
      await expect(page.frameLocator(".top-banner__frame").locator("summary")).toContainText("Реклама");
      // The sidebar sits beside the list on a wide screen, after it on a phone.
      const list = await page.locator(".listing__main").boundingBox();
      const side = await page.locator(".ad-sidebar").boundingBox();
      if (!list || !side) throw new Error("no list or sidebar");
      if (viewport === DESKTOP) expect(side.x).toBeGreaterThan(list.x + list.width);
      else expect(side.y).toBeGreaterThanOrEqual(list.y + list.height);
      await page.mouse.wheel(0, 3000);
      const shift = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            let sum = 0;
            new PerformanceObserver((l) => {
              for (const e of l.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
                if (!e.hadRecentInput) sum += e.value;
            }).observe({ type: "layout-shift", buffered: true });
            requestAnimationFrame(() => requestAnimationFrame(() => resolve(sum)));
          }),
      );
      expect(shift).toBeLessThan(0.05);
      await screenshot(page, `ads-listing-${viewport.width}`);
      expect(errors).toEqual([]);
      await context.close();
    });

    test("the disclaimer opens by hover and by click near every edge and stays on screen", async ({
      browser,
    }) => {
      const { context, page, errors } = await open(browser, viewport, "/novostroyki/");
      // No ad puts its label at the left edge of the screen: the test moves one there.
      await page.addStyleTag({
        content: ".ad-row .ad:first-child .ad-badge { left: 8px; right: auto; }",
      });
      const rightmost = page
        .locator(viewport === DESKTOP ? ".ad-sidebar .ad-badge" : ".ad-row .ad-badge")
        .nth(1);
      const cases: [edge: string, badge: Locator, y: number][] = [
        ["top", page.locator(".ad-row .ad-badge").nth(2), HEADER + 4],
        ["bottom", page.locator(".ad-row .ad-badge").nth(3), viewport.height - 30],
        ["left", page.locator(".ad-row .ad-badge").first(), viewport.height / 2],
        ["right", rightmost, viewport.height / 2],
      ];
      for (const [edge, badge, y] of cases) {
        const button = badge.locator(".ad-badge__button");
        const popup = badge.locator(".ad-popup");
        await scrollBadgeTo(badge, y);
        const at = await button.boundingBox();
        if (edge === "left") expect(at?.x).toBeLessThan(246);
        if (edge === "right") expect(viewport.width - ((at?.x ?? 0) + (at?.width ?? 0))).toBeLessThan(246);

        // Hover opens it, leaving closes it.
        await button.hover();
        await expectPopupVisible(page, button, popup, `${edge}, hover`);
        await expect(popup).toContainText("Рекламодатель");
        await expect(popup).toContainText(/ИНН\s\d{10}/);
        await expect(popup).toContainText(/erid: \w+/);
        await expect(popup.getByRole("link", { name: "Подробнее о рекламе на сайте" })).toHaveAttribute(
          "href",
          "/ad/",
        );
        await page.mouse.move(viewport.width / 2, 2);
        await expect(popup).toBeHidden();

        // A click (a tap) opens it; the close button closes it.
        await button.click();
        await expectPopupVisible(page, button, popup, `${edge}, click`);
        await page.screenshot({ path: `${SCREENSHOT_DIR}/ads-popup-${edge}-${viewport.width}.png` });
        await popup.getByRole("button", { name: "Закрыть" }).click();
        await expect(popup).toBeHidden();
        await expect(button).toBeFocused();
      }
      expect(errors).toEqual([]);
      await context.close();
    });

    test("the disclaimer works from the keyboard, and a page with it open has no axe violations", async ({
      browser,
    }) => {
      const { context, page } = await open(browser, viewport, "/");
      const badge = page.locator(".ad--hero .ad-badge");
      const button = badge.getByRole("button", { name: "Реклама — кто рекламодатель" });
      await button.focus();
      await page.keyboard.press("Enter");
      const popup = page.getByRole("dialog");
      await expect(popup).toBeVisible();
      await expect(button).toHaveAttribute("aria-expanded", "true");
      await page.keyboard.press("Escape");
      await expect(popup).toBeHidden();
      await expect(button).toBeFocused();

      await page.keyboard.press("Enter");
      await expectPopupVisible(page, button, popup, "keyboard");
      expect(await axeViolations(page)).toEqual([]);
      // Tab goes into the popup; leaving it with Tab closes it.
      await page.keyboard.press("Tab");
      await expect(popup.getByRole("button", { name: "Закрыть" })).toBeFocused();
      await page.keyboard.press("Tab");
      await expect(popup.getByRole("link", { name: "Подробнее о рекламе на сайте" })).toBeFocused();
      await page.keyboard.press("Tab");
      await expect(popup).toBeHidden();
      await context.close();
    });
  });
}

test("the top banner's disclaimer opens inside its frame", async ({ browser }) => {
  const { context, page } = await open(browser, PHONE, "/");
  const frame = page.frameLocator(".top-banner__frame");
  await frame.locator("summary").click();
  await expect(frame.getByText(/Рекламодатель: .+, ИНН\s\d{10}\. erid: \w+/)).toBeVisible();
  await expect(frame.getByRole("link", { name: "Подробнее о рекламе на сайте" })).toBeVisible();
  const box = await page.locator(".top-banner").boundingBox();
  expect(box?.height).toBe(72);
  await context.close();
});

test("an advertising visit gets the reduced page, and keeps it while it navigates", async ({ browser }) => {
  const { context, page, errors } = await open(browser, PHONE, "/novostroyki/?utm_source=yandex&fp=1");
  for (const hidden of [".quick-search", ".sitemap", ".footer", ".header__burger"])
    await expect(page.locator(hidden), hidden).toHaveCount(0);
  await expect(page.locator(".ad--tgb").first()).toBeVisible();
  await page.locator(".listing-card__link").first().click();
  await expect(page).toHaveURL(/\/novostroyki\/[a-z0-9-]+-\d+\/$/);
  await expect(page.locator("h1")).toBeVisible();
  for (const hidden of [".sitemap", ".footer", ".header__burger"])
    await expect(page.locator(hidden), hidden).toHaveCount(0);
  await screenshot(page, "ads-reduced-390");
  expect(errors).toEqual([]);
  await context.close();
});

test("Googlebot gets the catalogue without ads, banners or their requests", async ({ browser }) => {
  const context = await browser.newContext({ viewport: DESKTOP, userAgent: GOOGLEBOT_UA });
  const page = await context.newPage();
  const requested: string[] = [];
  page.on("request", (r) => requested.push(new URL(r.url()).pathname));
  await page.goto("/novostroyki/");
  await hydrated(page);
  await expect(page.locator(".listing-card").first()).toBeVisible();
  await expect(page.locator(".ad, .ad-badge, iframe")).toHaveCount(0);
  expect(requested.filter((p) => p.startsWith("/banners/") || p.startsWith("/api/v1/adverts"))).toEqual([]);
  await context.close();
});
