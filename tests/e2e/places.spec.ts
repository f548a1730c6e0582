import { expect, type Page, test } from "@playwright/test";
import { apiJson, DESKTOP, hydrated, PHONE, screenshot } from "./helpers";

interface Place {
  name: string;
  slug: string;
  rc_count: number;
  name_in: string | null;
}

async function places(page: Page, path: string): Promise<Place[]> {
  return (await apiJson<{ data: Place[] }>(page, path)).data;
}

test.describe("places", () => {
  for (const [label, size] of [
    ["390", PHONE],
    ["1440", DESKTOP],
  ] as const) {
    test(`${label}: a station with nothing on sale says so, with links onward, and is noindex`, async ({
      page,
    }) => {
      await page.setViewportSize(size);
      const station = (await places(page, "/api/v1/locations/subways/grid?kind=metro")).find(
        (p) => p.rc_count === 0,
      );
      if (!station) throw new Error("every metro station has complexes in this seed");
      await page.goto(`/po-metro/${station.slug}/`);
      await hydrated(page);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Новостройки у метро ${station.name}`);
      await expect(
        page.getByRole("heading", { name: "Сейчас здесь нет новостроек в продаже" }),
      ).toBeVisible();
      await expect(page.getByText("Найдено 0")).toHaveCount(0);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, follow");
      await expect(page.getByRole("link", { name: "Все новостройки Москвы и Подмосковья" })).toBeVisible();
      await screenshot(page, `places-empty-station-${label}`);
    });

    test(`${label}: a district's page names it as the geography declines it`, async ({ page }) => {
      await page.setViewportSize(size);
      const districts = await places(page, "/api/v1/locations/districts/grid");
      const place =
        districts.find((d) => d.slug === "pokrovskoe-streshnevo" && d.rc_count > 0) ??
        districts.find((d) => d.rc_count > 0 && d.name.includes("-") && d.name_in);
      if (!place?.name_in) throw new Error("no district with complexes and a compound name");
      await page.goto(`/po-rajonam/${place.slug}/`);
      await hydrated(page);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Новостройки ${place.name_in}`);
      await expect(page).toHaveTitle(new RegExp(`^Новостройки ${place.name_in} — цены от застройщиков`));
      await screenshot(page, `places-declined-${label}`, false);
    });
  }
});
