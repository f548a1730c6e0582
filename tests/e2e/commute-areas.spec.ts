/**
 * The map's areas coloured by commute (issue 32) in a browser: with «Охотный Ряд» set, the map at 390 and
 * 1440 px is filled under its markers in the bands' colours, the legend says what the fill is, a closer view
 * brings its own finer cells, and the server's map without JavaScript is filled the same.
 */
import { expect, type Page, test } from "@playwright/test";
import { COMMUTE_BAND_COLORS } from "../../shared/transit/bands";
import { axeViolations } from "./axe";
import { apiJson, DESKTOP, hydrated, PHONE, watchErrors } from "./helpers";

const SHOTS = "/work/wt/shots/areas";
const MAP = "/novostroyki/na-karte/";

const rgb = (hex: string) =>
  `rgb(${[1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(", ")})`;
const BAND_FILLS = COMMUTE_BAND_COLORS.map(rgb);

async function okhotny(page: Page): Promise<number> {
  const { data } = await apiJson<{ data: { id: number; name: string }[] }>(
    page,
    "/api/v1/locations/subways/grid?kind=metro",
  );
  const station = data.find((s) => s.name === "Охотный Ряд");
  if (!station) throw new Error("Охотный Ряд is not among the stations");
  return station.id;
}

/** The map is filled: several bands' paths in their colours, under the markers, and the legend explains it. */
async function expectAreas(page: Page) {
  const legend = page.getByRole("region", { name: "Время в пути до м. Охотный Ряд" });
  await expect(legend).toContainText("Заливка показывает, сколько ехать из любого места карты");
  await expect(legend).toContainText("Где заливки нет");
  const paths = page.locator(".cmap__areas path");
  await expect(paths.first()).toBeAttached();
  const fills = await paths.evaluateAll((els) => els.map((el) => getComputedStyle(el).fill));
  expect(fills.length).toBeGreaterThan(1);
  for (const fill of fills) expect(BAND_FILLS).toContain(fill);
  // Semi-transparent, and drawn before (under) the markers.
  const layer = page.locator(".cmap__areas");
  expect(Number(await layer.evaluate((el) => getComputedStyle(el).opacity))).toBeLessThan(0.5);
  expect(
    await layer.evaluate((el) => {
      const markers = el.closest("svg")?.querySelector(".cmap__markers");
      return !!markers && !!(el.compareDocumentPosition(markers) & Node.DOCUMENT_POSITION_FOLLOWING);
    }),
  ).toBe(true);
  // The fill covers a real part of the frame (not a stray cell).
  const box = await layer.boundingBox();
  expect((box?.width ?? 0) * (box?.height ?? 0)).toBeGreaterThan(5_000);
}

for (const viewport of [PHONE, DESKTOP]) {
  test(`with «Охотный Ряд» the map at ${viewport.width} px is filled by commute under its markers`, async ({
    page,
  }) => {
    const errors = watchErrors(page);
    await page.setViewportSize(viewport);
    const to = await okhotny(page);
    await page.goto(`${MAP}?commute_to=${to}`);
    await hydrated(page);
    await expectAreas(page);
    // A marker still takes a press where it is drawn over the fill: the one nearest the frame's middle.
    await page.locator(".cmap").scrollIntoViewIfNeeded();
    const hit = await page.evaluate(() => {
      const frame = document.querySelector(".cmap__frame")?.getBoundingClientRect();
      if (!frame) return "no frame";
      const mx = frame.x + frame.width / 2;
      const my = frame.y + frame.height / 2;
      const centres = [...document.querySelectorAll(".cmap__markers [data-commute]")].map((el) => {
        const r = el.getBoundingClientRect();
        return { el, x: r.x + r.width / 2, y: r.y + r.height / 2 };
      });
      const near = centres.sort((a, b) => Math.hypot(a.x - mx, a.y - my) - Math.hypot(b.x - mx, b.y - my))[0];
      if (!near) return "no marker";
      const top = document.elementFromPoint(near.x, near.y);
      return top && near.el.contains(top) ? "marker" : (top?.getAttribute("class") ?? "nothing");
    });
    expect(hit).toBe("marker");
    await page.locator(".cmap").scrollIntoViewIfNeeded();
    await page.locator(".map-page").screenshot({ path: `${SHOTS}/map-${viewport.width}.png` });
    expect(
      (await axeViolations(page)).map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(" ")}`),
    ).toEqual([]);

    // Closer in, the view's own answer brings its cells (a box of the level's grid).
    const closer = page.waitForResponse(
      (r) => r.url().includes("/map-view?") && r.url().includes("bbox=") && r.status() === 200,
    );
    await page.getByRole("button", { name: "Приблизить", exact: true }).click();
    await page.getByRole("button", { name: "Приблизить", exact: true }).click();
    const body = (await (await closer).json()) as { areas?: [number, number, number, number, string] };
    expect(body.areas?.[0]).toBeLessThanOrEqual(1);
    await expect(page.locator(".cmap__loading")).toHaveCount(0);
    await expectAreas(page);
    await page.locator(".map-page").screenshot({ path: `${SHOTS}/map-closer-${viewport.width}.png` });
    expect(errors).toEqual([]);
  });
}

test("without JavaScript the server's map is filled by commute too, at 390 and 1440 px", async ({
  browser,
}) => {
  for (const viewport of [PHONE, DESKTOP]) {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport });
    const page = await context.newPage();
    await page.goto(`${MAP}?commute_to=${await okhotny(page)}`);
    await expectAreas(page);
    await page.locator(".cmap").scrollIntoViewIfNeeded();
    await page.locator(".map-page").screenshot({ path: `${SHOTS}/no-js-map-${viewport.width}.png` });
    await context.close();
  }
});
