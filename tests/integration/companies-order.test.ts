import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { companySortName } from "../../shared/companies";
import type { CompaniesGrid } from "../../shared/schemas/companies";
import { getJson, rows } from "./helpers";

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

  it("follows every change of who is listed: a developer's complexes withdrawn and published, a company's type", async () => {
    const [developer] = await rows<{ id: number; name: string }>(
      `SELECT c.id, c.name FROM companies c WHERE c.type = 'developer'
         AND EXISTS (SELECT 1 FROM residential_complexes WHERE developer_id = c.id AND is_published = 1)
       ORDER BY c.id LIMIT 1`,
    );
    if (!developer) throw new Error("no developer with a published complex");
    const all = await names();
    const developers = await names("&search[type]=developer");
    const agencies = await names("&search[type]=agency");
    const totalOf = async (query: string) => (await getJson<CompaniesGrid>(`${GRID}${query}`)).body.total;
    const [total, developersTotal] = [await totalOf(""), await totalOf("&search[type]=developer")];
    // Every company on the one page read, so that «not in the list» means not in the list.
    expect(all).toHaveLength(total);
    const published = await rows<{ id: number }>(
      "SELECT id FROM residential_complexes WHERE developer_id = ?1 AND is_published = 1",
      developer.id,
    );
    const setPublished = (value: number) =>
      env.DB.prepare(
        "UPDATE residential_complexes SET is_published = ?2 WHERE id IN (SELECT value FROM json_each(?1))",
      )
        .bind(JSON.stringify(published.map((r) => r.id)), value)
        .run();
    // Withdrawn: nothing on sale, so neither list offers it, and the totals say one fewer.
    await setPublished(0);
    try {
      expect((await names()).map(([id]) => id)).not.toContain(developer.id);
      expect((await names("&search[type]=developer")).map(([id]) => id)).not.toContain(developer.id);
      expect(await totalOf("")).toBe(total - 1);
      expect(await totalOf("&search[type]=developer")).toBe(developersTotal - 1);
    } finally {
      await setPublished(1);
    }
    // Published again: back where it was.
    expect(await names()).toEqual(all);
    expect(await names("&search[type]=developer")).toEqual(developers);
    // Its type changed: it moves from one type's list to the other's.
    const setType = (type: string) =>
      env.DB.prepare("UPDATE companies SET type = ?2 WHERE id = ?1").bind(developer.id, type).run();
    await setType("agency");
    try {
      expect((await names("&search[type]=developer")).map(([id]) => id)).not.toContain(developer.id);
      expect((await names("&search[type]=agency")).map(([id]) => id)).toContain(developer.id);
    } finally {
      await setType("developer");
    }
    expect(await names("&search[type]=agency")).toEqual(agencies);
    expect(await names("&search[type]=developer")).toEqual(developers);
  });
});
