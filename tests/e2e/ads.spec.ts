import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import { axeViolations } from "./axe";
import { DESKTOP, hydrated, layoutShift, PHONE, SCREENSHOT_DIR, screenshot } from "./helpers";

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
      // The filter's banner is the eleventh, beside the bar on a wide screen, in the filter sheet on a phone.
      await expect(page.locator(".ad .ad-badge__button")).toHaveCount(11);
      const filterAd = page.locator(".filter-area .ad--filter");
      if (viewport === DESKTOP) {
        await expect(filterAd).toBeVisible();
        const bar = await page.locator(".filter-bar").boundingBox();
        const card = await filterAd.boundingBox();
        if (!bar || !card) throw new Error("no filter bar or its banner");
        expect(card.x).toBeGreaterThan(bar.x + bar.width);
        expect(card.y).toBe(bar.y);
        expect(card.height).toBeLessThanOrEqual(bar.height);
      } else await expect(filterAd).toBeHidden();
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
      const shift = await layoutShift(page);
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

    test("the disclaimer opens when the pointer moves over its label, not when the page scrolls a label under it", async ({
      browser,
    }) => {
      const { context, page, errors } = await open(browser, viewport, "/novostroyki/");
      const badge = page.locator(".ad-row .ad-badge").nth(1);
      const button = badge.locator(".ad-badge__button");
      // The ad row hydrates after the page's root (its own part): before, no handler sees the pointer.
      await expect
        .poll(() => button.evaluate((el) => Object.keys(el).some((k) => k.startsWith("__reactProps"))))
        .toBe(true);
      // The pointer rests at the middle of the screen, on the line the label will come to, the label below it.
      const middle = Math.round(viewport.height / 2);
      await scrollBadgeTo(badge, middle + 200);
      const at = await button.boundingBox();
      if (!at) throw new Error("no label");
      const x = at.x + at.width / 2;
      // Moves are dispatched with the next frame: the page scrolls once this one has come.
      type Moved = { moved?: Promise<void> };
      await page.evaluate(() => {
        (window as Moved).moved = new Promise((resolve) =>
          addEventListener("mousemove", () => resolve(), { once: true }),
        );
      });
      await page.mouse.move(x, middle + at.height / 2);
      await page.evaluate(() => (window as Moved).moved);
      await expect(page.locator(".ad-badge--open")).toHaveCount(0);
      // The page scrolls the label under the pointer: the browser says the pointer is over it (mouseover)…
      const over = button.evaluate(
        (el) =>
          new Promise<void>((resolve) => el.addEventListener("mouseover", () => resolve(), { once: true })),
      );
      await scrollBadgeTo(badge, middle);
      await over;
      // …and the next frames show no popup: nobody hovered it.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      await expect(button).toHaveAttribute("aria-expanded", "false");
      await expect(page.locator(".ad-popup")).toHaveCount(0);
      // A move of the pointer over it opens it.
      await page.mouse.move(x + 2, middle + at.height / 2);
      await expectPopupVisible(page, button, badge.locator(".ad-popup"), "moved over");
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

test("the menu's banner loads when the desktop dropdown opens, and its label opens the disclaimer", async ({
  browser,
}) => {
  const { context, page, errors } = await open(browser, DESKTOP, "/journal/");
  const requested: string[] = [];
  page.on("request", (r) => requested.push(new URL(r.url()).pathname));
  const dropdown = page.locator("#header-dropdown");
  const banner = dropdown.locator(".ad--menu");
  // Neither its data nor its code before the menu opens (the page has no ads of its own).
  await page.waitForLoadState("networkidle");
  expect(requested.filter((p) => p.startsWith("/api/v1/adverts"))).toEqual([]);
  await expect(page.locator(".ad")).toHaveCount(0);

  await page.getByRole("button", { name: "Новостройки" }).hover();
  await expect(dropdown).toBeVisible();
  await expect(banner.locator(".ad__link")).toHaveAttribute(
    "href",
    /^\/novostroyki\/[a-z0-9-]+-\d+\/\?erid=\w+$/,
  );
  await expect(banner.locator(".ad__title")).toHaveText(/^ЖК «.+»$/);
  await expect(banner.locator(".ad__text")).toHaveText(/^[А-ЯЁ].+\.$/);
  await expect(banner.locator(".monogram")).toBeVisible();
  expect(requested.filter((p) => p.startsWith("/api/v1/adverts"))).toEqual(["/api/v1/adverts"]);
  // Its box: beside the dropdown's footer link, inside the dropdown.
  const box = await banner.boundingBox();
  const menu = await dropdown.boundingBox();
  if (!box || !menu) throw new Error("no banner or dropdown");
  expect(box.x + box.width).toBeLessThanOrEqual(menu.x + menu.width);
  expect(box.y + box.height).toBeLessThanOrEqual(menu.y + menu.height);

  const badge = banner.locator(".ad-badge__button");
  const popup = banner.locator(".ad-popup");
  await badge.hover();
  await expectPopupVisible(page, badge, popup, "menu, hover");
  await expect(dropdown).toBeVisible();
  await expect(popup).toContainText(/Застройщик.+Рекламодатель.+, ИНН\s\d{10}/);
  await expect(popup).toContainText(/erid: \w+/);
  await expect(popup.getByRole("link", { name: "Подробнее о рекламе на сайте" })).toHaveAttribute(
    "href",
    "/ad/",
  );
  await screenshot(page, "ads-menu-1440");
  expect(await axeViolations(page)).toEqual([]);

  // Leaving the menu closes both; the banner's link opens its complex with the erid, and the next page's
  // dropdown shows the same draw without another call.
  await page.mouse.move(700, 800);
  await expect(popup).toBeHidden();
  await expect(dropdown).toBeHidden();
  await page.getByRole("button", { name: "Новостройки" }).hover();
  const href = (await banner.locator(".ad__link").getAttribute("href")) ?? "";
  await banner.locator(".ad__link").click();
  await expect(page).toHaveURL(href);
  await expect(page.locator("h1")).toBeVisible();
  await page.getByRole("button", { name: "Новостройки" }).hover();
  await expect(banner.locator(".ad__link")).toHaveAttribute("href", href);
  expect(requested.filter((p) => p.startsWith("/api/v1/adverts"))).toHaveLength(1);
  expect(errors).toEqual([]);
  await context.close();
});

test("on a page with ads the menu's banner takes the page's draw, without a call of its own", async ({
  browser,
}) => {
  const { context, page } = await open(browser, DESKTOP, "/novostroyki/");
  const requested: string[] = [];
  page.on("request", (r) => requested.push(new URL(r.url()).pathname));
  await page.getByRole("button", { name: "Новостройки" }).hover();
  await expect(page.locator("#header-dropdown .ad--menu .ad__link")).toBeVisible();
  expect(requested.filter((p) => p.startsWith("/api/v1/adverts"))).toEqual([]);
  await context.close();
});

test("the filter's banner is at the end of the phone's filter sheet", async ({ browser }) => {
  const { context, page, errors } = await open(browser, PHONE, "/novostroyki/");
  await page.getByRole("button", { name: /^Фильтры/ }).click();
  const sheet = page.getByRole("dialog", { name: "Фильтры" });
  const banner = sheet.locator(".ad--filter");
  await banner.scrollIntoViewIfNeeded();
  await expect(banner).toBeVisible();
  await expect(banner.locator(".ad__link")).toHaveAttribute(
    "href",
    /^\/novostroyki\/[a-z0-9-]+-\d+\/\?erid=\w+$/,
  );
  await expect(banner.locator(".ad__description")).toHaveText(/^Квартиры от\s[\d,]+\sмлн\s₽/);
  await expect(banner.locator(".ad__logo .monogram")).toBeVisible();
  // The sheet's buttons stay over its bottom: what is scrolled to (or focused) there is brought above them, not
  // left under them. Scrolled so that the banner's lower half is under the buttons (where a part's later layout
  // once left it: its bottom at 821 px under the buttons at 776), then asked into view.
  await sheet.locator(".modal__dialog").evaluate((box) => {
    const card = box.querySelector(".ad--filter")?.getBoundingClientRect();
    const actions = box.querySelector(".filter-sheet__actions")?.getBoundingClientRect();
    if (card && actions) box.scrollTop -= actions.top + card.height / 2 - card.bottom;
  });
  // After the last of the fields, before the sheet's buttons; as wide as the fields. Measured again until the
  // sheet's layout has settled: the fields' type-ahead comes as a part of its own and can push the banner down
  // after it was scrolled to (a full run saw the banner's bottom at 1031 px under the buttons at 776).
  await expect(async () => {
    await banner.scrollIntoViewIfNeeded();
    const last = await sheet.locator(".filter-distance").boundingBox();
    const card = await banner.boundingBox();
    const actions = await sheet.locator(".filter-sheet__actions").boundingBox();
    if (!last || !card || !actions) throw new Error("no fields, banner or buttons");
    expect(card.y).toBeGreaterThan(last.y + last.height);
    expect(card.y + card.height).toBeLessThanOrEqual(actions.y);
    expect(card.width).toBeCloseTo(last.width, 0);
  }).toPass();

  const badge = banner.locator(".ad-badge__button");
  await badge.click();
  const popup = banner.locator(".ad-popup");
  await expectPopupVisible(page, badge, popup, "filter sheet, click");
  await expect(popup).toContainText(/Рекламодатель.+, ИНН\s\d{10}/);
  await screenshot(page, "ads-filter-sheet-390");
  expect(await axeViolations(page)).toEqual([]);
  await popup.getByRole("button", { name: "Закрыть" }).click();
  await expect(popup).toBeHidden();
  await expect(sheet).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
});

for (const viewport of [PHONE, DESKTOP]) {
  test(`an article has its content banner between two sections at ${viewport.width} px`, async ({
    browser,
  }) => {
    const { context, page, errors } = await open(browser, viewport, "/journal/");
    const href = (await page.locator(".article-card__link").first().getAttribute("href")) ?? "";
    await page.goto(href);
    await hydrated(page);
    const banner = page.locator(".article-body > .ad--content");
    await expect(banner).toHaveCount(1);
    await expect(banner.locator(".ad__link")).toHaveAttribute(
      "href",
      /^\/novostroyki\/[a-z0-9-]+-\d+\/\?erid=\w+$/,
    );
    await expect(banner.locator(".ad__art img")).toBeVisible();
    // A section's heading follows it, and two blocks of text at least come before it.
    expect(await banner.evaluate((el) => el.nextElementSibling?.tagName)).toBe("H2");
    expect(
      await banner.evaluate((el) => {
        let n = 0;
        for (let e = el.previousElementSibling; e; e = e.previousElementSibling) if (e.tagName !== "H2") n++;
        return n;
      }),
    ).toBeGreaterThanOrEqual(2);
    await banner.scrollIntoViewIfNeeded();
    await banner.locator(".ad-badge__button").hover();
    await expectPopupVisible(
      page,
      banner.locator(".ad-badge__button"),
      banner.locator(".ad-popup"),
      "article",
    );
    const shift = await layoutShift(page);
    expect(shift).toBeLessThan(0.05);
    await screenshot(page, `ads-article-${viewport.width}`);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
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
  for (const hidden of [".quick-search", ".sitemap", ".footer", ".header__burger", ".ad--filter"])
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
  // Nor in the menu or an article.
  await page.getByRole("button", { name: "Новостройки" }).hover();
  await expect(page.locator("#header-dropdown")).toBeVisible();
  // Time for a banner that should not come.
  await page.waitForTimeout(500);
  await expect(page.locator(".ad, .ad-badge, iframe")).toHaveCount(0);
  await page.goto("/journal/");
  await page.goto((await page.locator(".article-card__link").first().getAttribute("href")) ?? "");
  await hydrated(page);
  await expect(page.locator(".article-body > h2").first()).toBeVisible();
  await expect(page.locator(".ad, .ad-badge, iframe")).toHaveCount(0);
  expect(requested.filter((p) => p.startsWith("/banners/") || p.startsWith("/api/v1/adverts"))).toEqual([]);
  await context.close();
});
