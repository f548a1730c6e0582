import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { formatPrice } from "../../shared/format";
import type { ApartmentDetail, ComplexDetail } from "../../shared/schemas/catalogue";
import type { Company } from "../../shared/schemas/companies";
import { get, getJson } from "./helpers";

/** The developer's finished houses and the late ones, counted straight from the tables. */
async function recordOf(developerId: number) {
  const { results } = await env.DB.prepare(
    `SELECT h.deadline_year * 4 + h.deadline_quarter AS done,
            h.planned_deadline_year * 4 + h.planned_deadline_quarter AS promised
     FROM houses h JOIN residential_complexes rc ON rc.id = h.complex_id
     WHERE rc.developer_id = ?1 AND rc.is_published = 1 AND h.is_finished = 1`,
  )
    .bind(developerId)
    .all<{ done: number; promised: number | null }>();
  return {
    finished_houses: results.length,
    late_houses: results.filter((h) => h.promised !== null && h.done - h.promised > 1).length,
  };
}

describe("can a buyer trust the complex and its developer", () => {
  it("answers the seed's papers and the developer's record, the same on the complex and the company", async () => {
    const row = await env.DB.prepare(
      `SELECT rc.id, c.slug AS developer FROM residential_complexes rc JOIN companies c ON c.id = rc.developer_id
       WHERE rc.is_published = 1 AND EXISTS (SELECT 1 FROM houses h JOIN residential_complexes x ON x.id = h.complex_id
         WHERE x.developer_id = rc.developer_id AND h.is_finished = 1 AND h.planned_deadline_year IS NOT NULL)
       ORDER BY rc.id LIMIT 1`,
    ).first<{ id: number; developer: string }>();
    if (!row) throw new Error("the seed has no developer with a moved deadline");
    const { body: c } = await getJson<ComplexDetail>(`/api/v1/residential-complexes/${row.id}`);
    expect(c.trust.declaration?.number).toMatch(/^(77|50)-9\d{5}$/);
    expect(c.trust.declaration?.date).toMatch(/^20\d\d-\d\d-\d\d$/);
    expect(c.trust.declaration?.url).toContain(encodeURIComponent(c.trust.declaration?.number ?? "?"));
    expect(c.trust.building_permit).toMatch(/^(77|50)-\1-\d{6}-20\d\d$/);
    expect(c.trust.escrow_bank).toBeTruthy();
    expect(c.trust.mortgage_banks[0]).toBe(c.trust.escrow_bank);
    const record = await recordOf(c.developer.id);
    expect(record.finished_houses).toBeGreaterThan(0);
    expect(c.developer_record).toEqual(record);

    const { body: company } = await getJson<Company>(`/api/v1/companies/${row.developer}?type=developer`);
    expect(company.record).toEqual(record);

    const page = await get(c.url);
    const html = await page.text();
    expect(html).toContain("Документы и надёжность");
    expect(html).toContain(`№ ${c.trust.declaration?.number}`);
    expect(html).toContain("Проверить на наш.дом.рф");
  });

  it("says «нет данных» for a complex whose papers are not known", async () => {
    const row = await env.DB.prepare(
      "SELECT id FROM residential_complexes WHERE is_published = 1 ORDER BY id DESC LIMIT 1",
    ).first<{ id: number }>();
    if (!row) throw new Error("no complexes");
    await env.DB.prepare(
      "UPDATE residential_complexes SET declaration_number = NULL, escrow_bank = NULL, mortgage_banks = 'oops' WHERE id = ?1",
    )
      .bind(row.id)
      .run();
    const { body: c } = await getJson<ComplexDetail>(`/api/v1/residential-complexes/${row.id}`);
    expect(c.trust.declaration).toBeNull();
    expect(c.trust.escrow_bank).toBeNull();
    expect(c.trust.mortgage_banks).toEqual([]);
    expect(await (await get(c.url)).text()).toContain("Нет данных");
  });
});

describe("an apartment's price history", () => {
  it("answers the recorded prices oldest first, ending at the current one, and draws them on the page", async () => {
    const row = await env.DB.prepare(
      `SELECT lo.id FROM living_objects lo WHERE lo.status = 1
         AND (SELECT count(*) FROM change_events e WHERE e.living_object_id = lo.id) >= 3
       ORDER BY lo.id LIMIT 1`,
    ).first<{ id: number }>();
    if (!row) throw new Error("the seed wrote no price history");
    const { body } = await getJson<ApartmentDetail>(`/api/v1/living-objects/${row.id}`);
    const { results } = await env.DB.prepare(
      `SELECT new_value AS price, at AS date FROM change_events
       WHERE living_object_id = ?1 AND kind IN ('on_sale', 'price') ORDER BY at`,
    )
      .bind(row.id)
      .all<{ price: number; date: string }>();
    expect(body.price_history).toEqual(results);
    expect(body.price_history.at(-1)?.price).toBe(body.data.price);

    const html = await (await get(body.data.url)).text();
    expect(html).toContain("История цены");
    expect(html).toMatch(/<svg[^>]*class="price-history__chart"/);
    for (const p of body.price_history) expect(html).toContain(formatPrice(p.price));
  });

  it("shows no history block for an apartment without recorded changes", async () => {
    const row = await env.DB.prepare(
      `SELECT lo.id FROM living_objects lo WHERE lo.status = 1
         AND NOT EXISTS (SELECT 1 FROM change_events e WHERE e.living_object_id = lo.id)
       ORDER BY lo.id LIMIT 1`,
    ).first<{ id: number }>();
    if (!row) throw new Error("every apartment has a history");
    const { body } = await getJson<ApartmentDetail>(`/api/v1/living-objects/${row.id}`);
    expect(body.price_history).toEqual([]);
    expect(await (await get(body.data.url)).text()).not.toContain("История цены");
  });
});

describe("a house's deadline, wherever it is shown", () => {
  it("is the same on the complex and in the house's statistics, moved by a later planned deadline too", async () => {
    // A house whose feed moved its deadline a year later than first promised: moved, though not yet overdue.
    const house = await env.DB.prepare(
      `SELECT h.id, h.complex_id FROM houses h JOIN residential_complexes rc ON rc.id = h.complex_id
       WHERE rc.is_published = 1 AND h.is_finished = 0 ORDER BY h.id LIMIT 1`,
    ).first<{ id: number; complex_id: number }>();
    if (!house) throw new Error("the seed has no house under construction");
    await env.DB.prepare(
      `UPDATE houses SET deadline_year = 2040, deadline_quarter = 4, planned_deadline_year = 2039,
         planned_deadline_quarter = 4 WHERE id = ?1`,
    )
      .bind(house.id)
      .run();
    const complex = await getJson<ComplexDetail>(
      `/api/v1/residential-complexes/${house.complex_id}?h=${house.id}`,
    );
    const stats = await getJson<{ house: ComplexDetail["houses"][number] }>(
      `/api/v1/residential-complexes/${house.complex_id}/get-house-stats?house_id=${house.id}`,
    );
    const onComplex = complex.body.houses.find((h) => h.id === house.id);
    expect(onComplex?.deadline.moved).toBe(true);
    expect(stats.body.house).toEqual(onComplex);
  });
});
