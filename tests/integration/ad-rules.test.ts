/**
 * Every advert and banner of the seed keeps the site's own ad rules (/ad/, shared/ads-rules.ts): marked, within
 * the block's limits, no unprovable claims, the developer and its declaration's site named, and a mortgage
 * advert names its bank with all its conditions.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { type AdCopy, adRuleViolations } from "../../shared/ads-rules";
import { get } from "./helpers";

type Row = AdCopy & { id: number; mortgage_banks: string | null };

const COLUMNS =
  "ad.title, ad.text, ad.developer, ad.advertiser, ad.advertiser_inn, ad.erid, ad.disclaimer_text, c.mortgage_banks";

async function seeded(): Promise<Row[]> {
  const adverts = await env.DB.prepare(
    `SELECT ad.id, ad.type AS kind, NULL AS description, ${COLUMNS}
     FROM adverts ad JOIN residential_complexes c ON c.id = ad.complex_id`,
  ).all<Row>();
  const banners = await env.DB.prepare(
    `SELECT ad.id, ad.kind, ad.description, ${COLUMNS}
     FROM banners ad JOIN residential_complexes c ON c.id = ad.complex_id`,
  ).all<Row>();
  return [...adverts.results, ...banners.results];
}

const banksOf = (r: Row) => JSON.parse(r.mortgage_banks ?? "[]") as string[];

describe("the site's ad rules", () => {
  it("every seeded advert and banner keeps them", async () => {
    const rows = await seeded();
    expect(rows.filter((r) => r.kind === "top")).toHaveLength(1);
    expect(rows.length).toBeGreaterThan(20);
    const wrong = rows.flatMap((r) =>
      adRuleViolations(r, banksOf(r)).map((v) => `${r.kind} ${r.id} «${r.title}. ${r.text}»: ${v}`),
    );
    expect(wrong).toEqual([]);
  });

  it("the top banner's frame shows the bank and the loan's conditions it advertises", async () => {
    const top = (await seeded()).find((r) => r.kind === "top");
    if (!top) throw new Error("no top banner in the seed");
    const html = (await (await get("/banners/top/")).text()).replace(/<!-- -->/g, "");
    const title = /<span class="tb__title">([^<]*)<\/span>/.exec(html)?.[1] ?? "";
    const lead = /<span class="tb__lead">([^<]*)<\/span>/.exec(html)?.[1] ?? "";
    expect(lead).toBe(top.text);
    expect(adRuleViolations({ ...top, title, text: lead }, banksOf(top))).toEqual([]);
  });
});
