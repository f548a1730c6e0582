import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { formatPrice } from "../../shared/format";
import type { LivingObject } from "../../shared/schemas/catalogue";
import { get, getJson } from "./helpers";

async function someApartments(n: number): Promise<number[]> {
  const { results } = await env.DB.prepare(
    "SELECT lo.id FROM living_objects lo JOIN residential_complexes rc ON rc.id = lo.complex_id WHERE rc.is_published = 1 ORDER BY lo.id LIMIT ?1",
  )
    .bind(n)
    .all<{ id: number }>();
  return results.map((r) => r.id);
}

describe("apartments by id (favourites and comparison)", () => {
  it("answers them in the asked order, whatever their status, leaving unknown ids out", async () => {
    const [a, b, c] = await someApartments(3);
    const { status, body } = await getJson<{ data: LivingObject[] }>(
      `/api/v1/living-objects/by-ids?ids=${c},999999999,${a},${b}`,
    );
    expect(status).toBe(200);
    expect(body.data.map((x) => x.id)).toEqual([c, a, b]);
  });

  it("refuses a missing, junk or too long list with a Russian 400", async () => {
    for (const q of [
      "",
      "?ids=",
      "?ids=abc",
      `?ids=${Array.from({ length: 101 }, (_, i) => i + 1).join(",")}`,
    ]) {
      const { status, body } = await getJson<{ message?: string; error?: string }>(
        `/api/v1/living-objects/by-ids${q}`,
      );
      expect(status, q).toBe(400);
      expect(JSON.stringify(body)).toMatch(/[а-я]/);
    }
  });
});

describe("/sravnenie/", () => {
  it("renders a comparison link's apartments on the server, at most four", async () => {
    const ids = await someApartments(5);
    const res = await get(`/sravnenie/?ids=${ids.join(",")}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Сравнение квартир");
    expect(html).toContain('<meta name="robots" content="noindex, follow"');
    const { body } = await getJson<{ data: LivingObject[] }>(
      `/api/v1/living-objects/by-ids?ids=${ids.slice(0, 4).join(",")}`,
    );
    for (const a of body.data) expect(html).toContain(formatPrice(a.price));
    expect(html.match(/<th scope="col"/g)).toHaveLength(4);
    expect(html).toContain("₽/мес");
  });

  it("answers the page without ids (the browser then reads its own list)", async () => {
    const res = await get("/sravnenie/");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Сравнение квартир");
  });
});
