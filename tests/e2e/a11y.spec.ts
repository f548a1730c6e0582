import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { type AxeViolation, axeViolations } from "./axe";
import { apiJson, DESKTOP, hydrated, PHONE } from "./helpers";

const FIXED_PAGES: Record<string, string> = {
  home: "/",
  listing: "/novostroyki/",
  "location type": "/po-metro/",
  journal: "/journal/",
  developers: "/companies/developers/",
  special: "/special/",
  mortgage: "/mortgage/",
  contacts: "/contacts/",
  policy: "/policy/",
  "risk method": "/riski-perenosa/",
  "404": "/net-takoy-stranicy/",
};

/** Pages whose URL comes from the data: the first complex, article and developer. */
async function dataPages(request: APIRequestContext): Promise<Record<string, string>> {
  const read = <T>(url: string): Promise<T> => apiJson<T>(request, url);
  const complexes = await read<{ data: { url: string }[] }>("/api/v1/residential-complexes/grid?per_page=1");
  const posts = await read<{ data: { slug: string; category: { slug: string } }[] }>(
    "/api/v1/media/posts/grid?per_page=1",
  );
  const companies = await read<{ data: { slug: string }[] }>(
    "/api/v1/companies/grid?search[type]=developer&per_page=1",
  );
  const post = posts.data[0];
  if (!complexes.data[0] || !post || !companies.data[0])
    throw new Error("the seed has no complex, article or developer");
  return {
    complex: complexes.data[0].url,
    article: `/journal/${post.category.slug}/${post.slug}/`,
    company: `/companies/developers/${companies.data[0].slug}/`,
  };
}

const describeViolations = (vs: AxeViolation[]) =>
  vs.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target}  ${n.html}`).join("\n")}`,
  );

/** Zero violations of axe's default rules (WCAG 2.x A and AA, best practices). */
async function expectAccessible(page: Page, name: string): Promise<void> {
  expect(describeViolations(await axeViolations(page)), name).toEqual([]);
}

for (const viewport of [PHONE, DESKTOP]) {
  test.describe(`axe at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const [name, path] of Object.entries(FIXED_PAGES)) {
      test(name, async ({ page }) => {
        const res = await page.goto(path);
        expect(res?.status()).toBe(name === "404" ? 404 : 200);
        await hydrated(page);
        await expectAccessible(page, name);
      });
    }

    for (const name of ["complex", "article", "company"]) {
      test(name, async ({ page, request }) => {
        const path = (await dataPages(request))[name] ?? "";
        expect((await page.goto(path))?.status()).toBe(200);
        await hydrated(page);
        await expectAccessible(page, name);
      });
    }
  });
}

test.describe("keyboard", () => {
  test("the header's «Новостройки» menu opens with Enter and closes with Esc", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto("/");
    await hydrated(page);
    const button = page.getByRole("button", { name: "Новостройки" });
    const dropdown = page.locator("#header-dropdown");
    // Tab from the top: the skip link, the top banner's frame (as many stops as its ad has links: one to three),
    // the logo. Five presses were too few for an ad of three.
    for (let i = 0; i < 12 && !(await button.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press("Tab");
    }
    await expect(button).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(dropdown).toBeVisible();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    await expect(dropdown.getByRole("link").first()).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dropdown).toBeHidden();
    await expect(button).toBeFocused();
  });

  test("the header's «Новостройки» menu closes when focus leaves it", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto("/");
    await hydrated(page);
    const button = page.getByRole("button", { name: "Новостройки" });
    const dropdown = page.locator("#header-dropdown");
    await button.focus();
    await page.keyboard.press("Enter");
    await expect(dropdown).toBeVisible();
    // Its links, and the menu's banner: its link and its «Реклама» label.
    await expect(dropdown.locator(".ad--menu .ad-badge__button")).toBeVisible();
    const stops = await dropdown.locator("a[href], button").count();
    for (let i = 0; i <= stops; i++) await page.keyboard.press("Tab");
    await expect(dropdown.locator(":focus")).toHaveCount(0);
    await expect(dropdown).toBeHidden();
  });

  /** Opens the /test-modal/ window by keyboard and waits until its opening transition is over. */
  async function openModal(page: Page) {
    await page.goto("/test-modal/");
    await hydrated(page);
    const opener = page.getByRole("button", { name: "Открыть окно" });
    await opener.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Заявка на консультацию" });
    await expect(page.getByTestId("modal-state")).toHaveAttribute("data-state", "entered");
    const inside = () => dialog.evaluate((el) => el.contains(document.activeElement));
    expect(await inside()).toBe(true);
    return { opener, dialog, inside };
  }

  test("the modal keeps Tab inside, closes with Esc and gives focus back", async ({ page }) => {
    const { opener, dialog, inside } = await openModal(page);
    for (const key of ["Tab", "Tab", "Tab", "Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab"]) {
      await page.keyboard.press(key);
      expect(await inside(), `focus after ${key}`).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("the modal keeps Shift+Tab inside right after opening", async ({ page }) => {
    const { inside } = await openModal(page);
    await page.keyboard.press("Shift+Tab");
    expect(await inside()).toBe(true);
  });
});
