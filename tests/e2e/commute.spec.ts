/**
 * «Время в пути» (issue 32) in a browser: choosing «Охотный Ряд, до 45 минут» in the filter (the bar at 1440 px,
 * the sheet at 390 px) lists the complexes within it, each card with its time and parts, and a complex's page
 * then shows its way there, and the map is coloured by the time with its legend; without JavaScript the method
 * page's plain form and the listing's own form do the same, and the server's map is coloured too.
 */
import { expect, type Page, test } from "@playwright/test";
import { commuteBand, commuteBandColor } from "../../shared/transit/bands";
import { axeViolations } from "./axe";
import { complexTotal, DESKTOP, hydrated, mapDrawn, PHONE, watchErrors } from "./helpers";

const SHOTS = "/work/wt/shots/dest";

/**
 * The map of a commute's query: the legend names the destination, and every marker (a point or a cluster) is
 * filled with its band's colour, its label saying the minutes; within 45 minutes, bands up to «31–45 мин».
 */
async function expectColouredMap(page: Page, query: string) {
  await page.goto(`/novostroyki/na-karte/?${query}`);
  const legend = page.getByRole("region", { name: "Время в пути до м. Охотный Ряд" });
  await expect(legend).toBeVisible();
  await expect(legend.getByRole("listitem")).toHaveText([
    /^до 15/,
    /^16–30/,
    /^31–45/,
    /^46–60/,
    /^61–75/,
    /^76–90/,
    /^неизвестно/,
    /Охотный Ряд$/,
  ]);
  const markers = page.locator(".cmap__markers [data-commute]");
  await expect(markers.first()).toBeVisible();
  // Read again until every marker read is in the document: a marker the map draws anew between the query and the
  // read (the view's answer arriving) has no computed style.
  const read = () =>
    markers.evaluateAll((els) =>
      els.map((el) => ({
        minutes: Number(el.getAttribute("data-commute")),
        fill: getComputedStyle((el.querySelector(".cmap__dot") ?? el.querySelector("circle")) as Element)
          .fill,
        label: el.getAttribute("aria-label") ?? "",
      })),
    );
  let seen: Awaited<ReturnType<typeof read>> = [];
  await expect
    .poll(async () => {
      seen = await read();
      return seen.length > 0 && seen.every((m) => m.fill !== "");
    })
    .toBe(true);
  for (const m of seen) {
    expect(m.minutes).toBeGreaterThan(0);
    expect(m.minutes).toBeLessThanOrEqual(45);
    const hex = commuteBandColor(commuteBand(m.minutes));
    const rgb = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(", ");
    expect(m.fill).toBe(`rgb(${rgb})`);
    expect(m.label).toMatch(new RegExp(`≈\\s${m.minutes}\\sмин до м\\.\\sОхотный Ряд`));
  }
  await page.locator(".cmap").scrollIntoViewIfNeeded();
}

/** «≈ 20 мин» of a card's «≈ 20 мин до …». */
const minutesOf = (text: string) => /^≈\s\d+\sмин/.exec(text)?.[0] ?? text;

/** The first card's commute line says the estimate to the station and its parts. */
async function expectCardTimes(page: Page) {
  const line = page.locator(".listing-card__commute").first();
  await expect(line).toContainText(/^≈\s\d+\sмин до м\.\sОхотный Ряд/);
  await expect(line).toContainText(/\d+\sмин пешком/);
  const count = await page.locator(".listing-card").count();
  await expect(page.locator(".listing-card__commute")).toHaveCount(count);
}

for (const viewport of [DESKTOP, PHONE])
  test(`choose «Охотный Ряд, до 45 минут» at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto("/novostroyki/");
    await hydrated(page);
    let form = page.getByRole("form", { name: "Фильтры новостроек" });
    if (viewport === PHONE) {
      await page.getByRole("button", { name: /^Фильтры/ }).click();
      form = page.getByRole("dialog", { name: "Фильтры" });
    } else await form.getByText("Все фильтры").click();
    await form.getByRole("combobox", { name: "Куда ехать" }).fill("Охотный");
    await form
      .getByRole("option", { name: /Охотный Ряд/ })
      .first()
      .click();
    await expect(form.getByRole("checkbox", { name: /Охотный Ряд/ })).toBeChecked();
    await form.getByLabel("Время в пути").selectOption({ label: "до 45 минут" });
    await form.getByRole("button", { name: /^Показать \d/ }).click();
    await expect(page).toHaveURL(/commute_to=\d+&commute_max=45$/);
    const query = new URL(page.url()).search.slice(1);
    const total = await complexTotal(page, query);
    expect(total).toBeGreaterThan(0);
    await expect(page.locator(".listing__count")).toContainText(String(total));
    await expectCardTimes(page);
    // On a phone the sheet's button counts the commute as a choice.
    if (viewport === PHONE) await expect(page.getByRole("button", { name: "Фильтры (1)" })).toBeVisible();
    await page.locator(".listing-card").nth(1).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/listing-${viewport.width}.png` });

    // The map of the same choice, coloured by the time.
    const listing = page.url();
    const errors = watchErrors(page);
    await expectColouredMap(page, query);
    await hydrated(page);
    // The same colours after hydration (a mismatch is a console error), and no axe violations.
    expect(errors).toEqual([]);
    expect(
      (await axeViolations(page)).map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(" ")}`),
    ).toEqual([]);
    await page.locator(".map-page").screenshot({ path: `${SHOTS}/map-${viewport.width}.png` });
    await page.goto(listing);
    await hydrated(page);

    // The complex's page shows its way to the destination this browser chose.
    const first = page.locator(".listing-card").first();
    const minutes = (await first.locator(".listing-card__commute strong").textContent()) ?? "";
    await first.locator(".listing-card__link").click();
    await hydrated(page);
    const route = page.locator(".cx-commute");
    await route.scrollIntoViewIfNeeded();
    // One way per station it walks to, the quickest first: the card's time.
    await expect(route.locator(".cx-commute__route .listing-card__commute strong").first()).toHaveText(
      minutesOf(minutes),
    );
    await expect(route.getByRole("link", { name: "Все ЖК в пределах 45 минут" })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/complex-route-${viewport.width}.png` });
  });

test("without JavaScript: the method page's form, then the listing's own form", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
  const page = await context.newPage();
  await page.goto("/vremya-v-puti/");
  await page.screenshot({ path: `${SHOTS}/method-390.png`, fullPage: true });
  await page.getByLabel("Станция").selectOption({ label: "Охотный Ряд" });
  await page.getByRole("button", { name: "Показать новостройки" }).click();
  await expect(page).toHaveURL(/\/novostroyki\/\?commute_to=\d+&commute_max=45$/);
  await expectCardTimes(page);
  await page.screenshot({ path: `${SHOTS}/no-js-listing-390.png` });
  const to = new URL(page.url()).searchParams.get("commute_to");
  // The listing's form keeps the station and changes the limit.
  await page.getByText("Все фильтры").click();
  await page.getByLabel("Время в пути").selectOption({ label: "до 30 минут" });
  await page
    .getByRole("button", { name: /Показать/ })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`commute_to=${to}&commute_max=30$`));
  const total = await complexTotal(page, `commute_to=${to}&commute_max=30`);
  await expect(page.locator(".listing__count")).toContainText(String(total));
  // The server's map is coloured too.
  await expectColouredMap(page, `commute_to=${to}&commute_max=45`);
  await page.locator(".map-page").screenshot({ path: `${SHOTS}/no-js-map-390.png` });
  await context.close();
});

test("a destination named as a place on the method page, with JavaScript", async ({ page }) => {
  const errors = watchErrors(page);
  await page.setViewportSize(DESKTOP);
  await page.goto("/vremya-v-puti/");
  await hydrated(page);
  const place = page.getByLabel("Или место назначения");
  // A town outside Moscow and the region: said so, the words kept to correct.
  await place.fill("Тверь");
  await page.getByRole("button", { name: "Найти станцию" }).click();
  await expect(page.getByRole("alert")).toContainText(
    "«Тверь» нет среди станций, районов Москвы и городов Подмосковья",
  );
  await expect(place).toHaveValue("Тверь");
  await expect(place).toHaveAttribute("aria-invalid", "true");
  // A district: the station nearest its centre, and the list there within the chosen limit.
  await place.fill("Арбат");
  await page.getByLabel("Время в пути").nth(1).selectOption({ label: "до 60 минут" });
  await page.getByRole("button", { name: "Найти станцию" }).click();
  await expect(page.getByRole("status")).toContainText(/Ближайшая к центру Арбата станция — м\.\s\S+/);
  await page.screenshot({ path: `${SHOTS}/method-place-1440.png` });
  // The list to the district's centre as a point: the walk from its station counts.
  await page.getByRole("link", { name: "Показать новостройки до центра Арбата" }).click();
  await expect(page).toHaveURL(/\/novostroyki\/\?commute_at=\d{2}\.\d{4},\d{2}\.\d{4}&commute_max=60$/);
  const lines = page.locator(".listing-card__commute");
  await expect(lines.first()).toContainText(/^≈\s\d+\sмин до точки на карте/);
  await expect(lines.first()).toContainText(/,\sот\s\S+\s[^,]+\s\d+\sмин пешком$/);
  await expect(lines).toHaveCount(await page.locator(".listing-card").count());
  expect(errors).toEqual([]);
});

/**
 * A point picked on the map: «Указать точку на карте», a tap on the map; the URL takes the point, a pin shows
 * where it was tapped, the map is coloured by the time to it and its count is the list's, each card's time
 * counts the walk from the station («до точки на карте: …, от м. … N мин пешком»), and a complex's page shows
 * its way from each station.
 */
for (const viewport of [DESKTOP, PHONE])
  test(`a point picked on the map at ${viewport.width} px`, async ({ page }) => {
    const errors = watchErrors(page);
    await page.setViewportSize(viewport);
    await page.goto("/novostroyki/na-karte/?commute_max=60");
    await hydrated(page);
    const frame = page.locator(".cmap__frame");
    await frame.scrollIntoViewIfNeeded();
    await page.getByRole("button", { name: "Указать точку на карте" }).click();
    // As a visitor does: the tap once the hint says so, on the map drawn at its size.
    await expect(page.getByRole("status").filter({ hasText: "Нажмите на карту" })).toBeVisible();
    await mapDrawn(page);
    const box = await frame.boundingBox();
    if (!box) throw new Error("no map");
    // A little off the centre (Moscow's), where stations are near.
    const tap = { x: box.width * 0.55, y: box.height * 0.45 };
    await page.mouse.click(box.x + tap.x, box.y + tap.y);
    await expect(page).toHaveURL(/[?&]commute_at=\d{2}\.\d{4},\d{2}\.\d{4}/);
    const query = new URL(page.url()).search.slice(1);
    // The pin's tip is where the map was tapped (the projection there and back; the point kept to 4 decimals,
    // ~11 m, is a few pixels at Moscow's zoom), and the page stays at the map.
    const pin = page.locator(".cmap-point__pin path");
    await expect(pin).toBeVisible();
    await expect(frame).toBeInViewport();
    const tip = await pin.boundingBox();
    const now = await frame.boundingBox();
    expect(Math.abs((tip?.x ?? 0) + (tip?.width ?? 0) / 2 - (now?.x ?? 0) - tap.x)).toBeLessThan(6);
    expect(Math.abs((tip?.y ?? 0) + (tip?.height ?? 0) - (now?.y ?? 0) - tap.y)).toBeLessThan(6);
    await expect(page.getByRole("region", { name: "Время в пути до точки на карте" })).toBeVisible();
    // The map's count, the list's and the API's agree.
    const total = await complexTotal(page, query.replace(/&?view=[^&]*/, ""));
    expect(total).toBeGreaterThan(0);
    await expect(page.locator(".map-page__count")).toHaveText(new RegExp(`На карте ${total}\\s`));
    await expect(page.locator(".listing__count")).toContainText(String(total));
    const markers = page.locator(".cmap__markers [data-commute]");
    await expect(markers.first()).toBeVisible();
    for (const label of await markers.evaluateAll((els) =>
      els.map((el) => el.getAttribute("aria-label") ?? ""),
    ))
      expect(label).toMatch(/≈\s\d+\sмин до точки на карте/);
    await page.locator(".map-page").screenshot({ path: `${SHOTS}/point-map-${viewport.width}.png` });
    const line = page.locator(".listing-card__commute").first();
    await expect(line).toContainText(/^≈\s\d+\sмин до точки на карте/);
    await expect(line).toContainText(/,\sот\s\S+\s[^,]+\s\d+\sмин пешком$/);
    await page.locator(".listing-card").first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/point-listing-${viewport.width}.png` });

    // The complex's page: a way from each of its stations, the first the card's time.
    const first = page.locator(".listing-card").first();
    const minutes = (await first.locator(".listing-card__commute strong").textContent()) ?? "";
    await first.locator(".listing-card__link").click();
    await hydrated(page);
    const route = page.locator(".cx-commute");
    await route.scrollIntoViewIfNeeded();
    await expect(route.getByRole("heading", { name: "Время в пути до точки на карте" })).toBeVisible();
    await expect(route.locator(".cx-commute__route .listing-card__commute strong").first()).toHaveText(
      minutesOf(minutes),
    );
    await page.screenshot({ path: `${SHOTS}/point-complex-${viewport.width}.png` });

    // The listing's form keeps the point, and lets it go.
    if (viewport === DESKTOP) {
      await page.goto(`/novostroyki/?${query.replace(/&?view=[^&]*/, "")}`);
      await hydrated(page);
      const form = page.getByRole("form", { name: "Фильтры новостроек" });
      await form.getByText("Все фильтры").click();
      const commute = form.locator(".filter-commute");
      await expect(commute).toContainText("Куда: точка на карте");
      await commute.screenshot({ path: `${SHOTS}/point-filter-1440.png` });
      await commute.getByRole("button", { name: "убрать точку" }).click();
      await expect(form.getByRole("combobox", { name: "Куда ехать" })).toBeVisible();
    }
    expect(errors).toEqual([]);
  });
