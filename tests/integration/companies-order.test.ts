import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { companySortName } from "../../shared/companies";
import type { CompaniesGrid } from "../../shared/schemas/companies";
import { getJson } from "./helpers";

const GRID = "/api/v1/companies/grid?per_page=100";

const names = async (query = "") =>
  (await getJson<CompaniesGrid>(`${GRID}${query}`)).body.data.map((c) => [c.id, c.name] as const);

const rename = (id: number, name: string) =>
  env.DB.prepare("UPDATE companies SET name = ?2 WHERE id = ?1").bind(id, name).run();

describe("the companies' order, kept between requests", () => {
  it("follows every change of a name, for all companies and for each type", async () => {
    const before = await names();
    expect(before.length).toBeGreaterThan(3);
    const sorted = before.map(([, name]) => companySortName(name));
    expect(sorted).toEqual([...sorted].sort(new Intl.Collator("ru-RU").compare));
    const [lastId, lastName] = before.at(-1) ?? [0, ""];
    // The last one renamed to sort first: the next request has it first, in both lists it is in.
    await rename(lastId, "ООО «Ааааа»");
    try {
      expect((await names())[0]).toEqual([lastId, "ООО «Ааааа»"]);
      const { results } = await env.DB.prepare("SELECT type FROM companies WHERE id = ?1")
        .bind(lastId)
        .all<{ type: string }>();
      expect((await names(`&search[type]=${results[0]?.type}`))[0]?.[0]).toBe(lastId);
      // The search reads the new name too, and no longer the old one.
      expect(await names("&search[name]=ааааа")).toEqual([[lastId, "ООО «Ааааа»"]]);
      expect(
        (await names(`&search[name]=${encodeURIComponent(companySortName(lastName))}`)).map(([id]) => id),
      ).not.toContain(lastId);
    } finally {
      await rename(lastId, lastName);
    }
    expect(await names()).toEqual(before);
  });
});
