import { mkdirSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { apiJson, DESKTOP, hydrated, PHONE } from "./helpers";

/** Screenshots of this work, looked at by a person (not compared). */
const SHOTS = process.env.SHOTS_DIR ?? "tests/screenshots";

async function shoot(page: Page, name: string, selector?: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  const path = `${SHOTS}/${name}.png`;
  if (selector) await page.locator(selector).first().screenshot({ path });
  else await page.screenshot({ path, fullPage: false });
}

const num = (s: string) => Number(s.replace(/[^\d,]/g, "").replace(",", "."));

test.describe("text the buyer sees", () => {
  for (const size of [PHONE, DESKTOP]) {
    test(`a finished complex's header says «Сдан» once and when, at ${size.width} px`, async ({
      page,
      request,
    }) => {
      const grid = await apiJson<{ data: { url: string }[] }>(
        request,
        "/api/v1/residential-complexes/grid?completion_year=0&per_page=1",
      );
      const complex = grid.data[0];
      if (!complex) throw new Error("the seed has no finished complex");
      await page.setViewportSize(size);
      await page.goto(complex.url);
      await hydrated(page);
      const head = page.locator(".complex-head");
      const text = ((await head.textContent()) ?? "").replace(/\u00a0/g, " ");
      expect(text.match(/Сдан/g)).toHaveLength(1);
      expect(text).toMatch(/Срок сдачи: (I|II|III|IV) кв\. 20\d\d/);
      await shoot(page, `finished-complex-head-${size.width}`, ".complex-head");
      await shoot(page, `finished-complex-${size.width}`);
    });

    test(`a free-plan apartment's plan labels add up to its area, at ${size.width} px`, async ({
      page,
      request,
    }) => {
      const grid = await apiJson<{ data: { url: string; area_total: number }[] }>(
        request,
        "/api/v1/living-objects/grid?rooms=-1&per_page=1",
      );
      const apartment = grid.data[0];
      if (!apartment) throw new Error("the seed has no free-plan apartment on sale");
      await page.setViewportSize(size);
      await page.goto(apartment.url);
      await hydrated(page);
      // The drawing's rooms with their printed areas («…: жилая зона 30,5 м², санузел 4,2 м², лоджия 4 м²»).
      const label =
        (await page.locator(".apartment-top svg[role=img]").first().getAttribute("aria-label")) ?? "";
      const rooms = label.slice(label.lastIndexOf(": ") + 2).split(", ");
      expect(rooms.join(" ")).not.toContain("кухня-гостиная");
      const inside = rooms.filter((r) => !r.startsWith("лоджия")).map(num);
      expect(inside.length).toBeGreaterThan(1);
      expect(Math.round(inside.reduce((a, b) => a + b, 0) * 10)).toBe(Math.round(apartment.area_total * 10));
      await expect(page.getByText(/Платёж — [\d\s]+₽ в месяц по рыночной ипотеке под\s20/)).toBeVisible();
      await shoot(page, `free-plan-apartment-${size.width}`);
      await shoot(page, `free-plan-apartment-mortgage-${size.width}`, 'section[aria-labelledby="ipoteka"]');
    });
  }

  test("the header dropdown shows each link's amount beside it, at 1440 px", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto("/journal/");
    await hydrated(page);
    await page.getByRole("button", { name: "Новостройки" }).hover();
    const dropdown = page.locator("#header-dropdown");
    await expect(dropdown).toBeVisible();
    const amounts = await dropdown.locator(".dropdown__amount").allTextContents();
    // Nine listing links, three apartment links and three price links, each with a number.
    expect(amounts).toHaveLength(15);
    for (const a of amounts) expect(a).toMatch(/^\d[\d\u00a0]*$/);
    await shoot(page, "menu-amounts-1440", "#header-dropdown");
  });
});
