/**
 * The quiz launcher's first press opens the quiz whenever it comes: before the page's scripts have run, while
 * React hydrates the page on a slow processor, and once it has; and the launcher does not move under the
 * pointer as the page around it is laid out. A buyer presses as soon as the button shows; the
 * page's scripts wait for the first paint (client/entry-loader.ts), so on a slow phone that press comes first.
 */
import { type CDPSession, expect, type Page, type Route, test } from "@playwright/test";
import { DESKTOP, hydrated, PHONE } from "./helpers";

const LAUNCHER = "Подобрать квартиру за 1 минуту";

/** Holds every script the page asks for until `release` is called: the page is its server HTML till then. */
async function holdScripts(page: Page) {
  const held: Route[] = [];
  let released = false;
  await page.route(/\/assets\/[^/]+\.js$/, (route) => (released ? route.continue() : void held.push(route)));
  return {
    asked: () => held.length,
    async release() {
      released = true;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

/** The processor `rate` times slower (Chrome DevTools' throttling), as a cheap phone's. */
async function slowCpu(page: Page, rate: number): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate });
  return cdp;
}

/** The page's script errors. (Not the console's: the advertising frame's sandbox reports its blocked script there.) */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

/**
 * How long a press on a processor slowed 8× may take to open the quiz: the page loads, hydrates and fetches the
 * quiz's chunk at that speed. Here a press at the first bytes opened it 2.2–3.0 s later (2 workers, two
 * CPU-burning processes beside them); CI's machines have half this one's benchmark index, so Playwright's 5 s
 * failed a press that was kept (a clean-clone CI run, «never opened»). A lost press never opens, however long.
 */
const SLOW_CPU_OPEN_MS = 20_000;

async function expectQuizOpen(page: Page, timeout?: number) {
  const dialog = page.getByRole("dialog", { name: "Подбор квартиры" });
  await expect(dialog).toBeVisible({ timeout });
  await expect(dialog.getByText("Какой бюджет на покупку?")).toBeVisible({ timeout });
  // One dialog: the press is not opened twice (kept before hydration and seen by React as well).
  await expect(page.getByRole("dialog")).toHaveCount(1);
  return dialog;
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize(PHONE);
});

test("a press before the page's scripts have run opens the quiz once they have", async ({ page }) => {
  const errors = watchErrors(page);
  const scripts = await holdScripts(page);
  await page.goto("/mortgage/", { waitUntil: "domcontentloaded" });
  const launcher = page.getByRole("button", { name: LAUNCHER });
  // The loader asks for the scripts after the first paint: once it has, the press is certainly before them.
  await expect.poll(scripts.asked).toBeGreaterThan(0);
  await launcher.click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await scripts.release();
  const dialog = await expectQuizOpen(page);

  // Closed, it opens again on the next press (nothing of the early press is left over).
  await dialog.getByRole("button", { name: "Закрыть" }).click();
  await expect(dialog).toBeHidden();
  await expect(launcher).toBeFocused();
  await launcher.click();
  await expectQuizOpen(page);
  expect(errors).toEqual([]);
});

test("pressed as soon as it shows on a slow processor, the first press opens the quiz", async ({ page }) => {
  const errors = watchErrors(page);
  await slowCpu(page, 8);
  await page.goto("/mortgage/", { waitUntil: "commit" });
  await page.getByRole("button", { name: LAUNCHER }).click();
  await expectQuizOpen(page, SLOW_CPU_OPEN_MS);
  expect(errors).toEqual([]);
});

test("pressed right after the root has hydrated on a slow processor, the first press opens the quiz", async ({
  page,
}) => {
  // The page's own boundary hydrates after the root (React leaves every Suspense boundary for a later pass):
  // this press usually comes between the two.
  const errors = watchErrors(page);
  await slowCpu(page, 8);
  await page.goto("/mortgage/", { waitUntil: "commit" });
  await hydrated(page);
  await page.getByRole("button", { name: LAUNCHER }).click();
  await expectQuizOpen(page, SLOW_CPU_OPEN_MS);
  expect(errors).toEqual([]);
});

test("the launcher stays where it is as it is scrolled to: nothing above it is laid out late", async ({
  page,
}) => {
  // The defect this holds: a block above the launcher, laid out only when it came near the screen, grew from
  // its placeholder's height a few frames after the launcher was scrolled to, so a press made then was released
  // 39 px lower, on the card, and opened nothing (seen in 2 of 105 pressed pages on a slow processor).
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await page.goto("/mortgage/");
    const tops = await page.getByRole("button", { name: LAUNCHER }).evaluate(async (button) => {
      button.scrollIntoView({ block: "center" });
      const seen = [button.getBoundingClientRect().top];
      for (let frame = 0; frame < 6; frame++) {
        await new Promise((painted) => requestAnimationFrame(painted));
        seen.push(button.getBoundingClientRect().top);
      }
      return seen;
    });
    expect(new Set(tops).size, `${size.width} px: ${tops.join(", ")}`).toBe(1);
  }
});

test("without JavaScript the card offers the consultant's phone instead of a button that does nothing", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
  const page = await context.newPage();
  await page.goto("/mortgage/");
  const card = page.getByRole("region", { name: "Не знаете, с чего начать?" });
  await expect(card.getByRole("button", { name: LAUNCHER })).toBeHidden();
  await expect(card.getByRole("link", { name: /\+7 495 120-45-67/ })).toHaveAttribute(
    "href",
    "tel:+74951204567",
  );
  await context.close();
});
