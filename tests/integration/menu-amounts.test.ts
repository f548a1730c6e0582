import { describe, expect, it } from "vitest";
import { apartmentKeys } from "../../shared/apartment-keys";
import { apiKeys } from "../../shared/api-keys";
import { filterKeys } from "../../shared/filter-keys";
import { formatNumber } from "../../shared/format";
import { COUNTED_LINKS, DROPDOWN_COLUMNS, type MenuAmounts } from "../../shared/menu";
import { getJson, visit } from "./helpers";

/** The total the listing's own API answers for a link's count, asked the way its page asks. */
async function totalOf(link: (typeof COUNTED_LINKS)[number]): Promise<number> {
  const key =
    "complexes" in link.count
      ? filterKeys.complexes({ filter: link.count.complexes, page: 1, perPage: 1, sort: "price desc" })
      : apartmentKeys.apartments({ filter: link.count.apartments, page: 1, perPage: 1, sort: "price asc" });
  const { status, body } = await getJson<{ total: number }>(key);
  expect(status, key).toBe(200);
  return body.total;
}

describe("the header dropdown's amounts (SPEC §3)", () => {
  it("count every link's complexes or apartments as its listing does", async () => {
    const { status, body } = await getJson<MenuAmounts>(apiKeys.menuAmounts());
    expect(status).toBe(200);
    expect(Object.keys(body.data).sort()).toEqual(COUNTED_LINKS.map((l) => l.to).sort());
    for (const link of COUNTED_LINKS) {
      expect(body.data[link.to], link.to).toBe(await totalOf(link));
    }
    // The seed has complexes in Moscow and apartments on sale: the numbers are not all zero.
    expect(Object.values(body.data).filter((n) => n > 0).length).toBeGreaterThan(COUNTED_LINKS.length / 2);
  });

  it("are shown beside each link of the server-rendered dropdown", async () => {
    const { body } = await getJson<MenuAmounts>(apiKeys.menuAmounts());
    const { res, html } = await visit("/journal/");
    expect(res.status).toBe(200);
    for (const link of DROPDOWN_COLUMNS.flatMap((c) => c.links)) {
      const amount = formatNumber(body.data[link.to] ?? -1);
      const anchor = new RegExp(
        `<a href="${link.to.replace(/[?]/g, "\\?")}"[^>]*>${link.label}(<!-- -->)? <span class="dropdown__amount">${amount}</span></a>`,
      );
      expect(html, link.label).toMatch(anchor);
    }
  });
});
