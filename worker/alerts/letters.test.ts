import { describe, expect, it } from "vitest";
import { encodePlan, generatePlan } from "../../shared/plan";
import { random } from "../../shared/random";
import type { PendingChangeRow } from "../db/queries/alerts";
import { changesLetter } from "./letters";

const change = (i: number): PendingChangeRow => ({
  subscription_id: 1,
  subscriber_id: 1,
  frequency: "daily",
  subscription_name: "2-комн. до 15 млн",
  subscription_kind: "search",
  target: "/novostroyki/?rooms=2",
  event_id: 100 - i,
  event_kind: "price",
  old_value: 12_000_000,
  new_value: 11_500_000 - i,
  at: "2026-11-28T09:00:00.000Z",
  complex_id: 7,
  complex_name: "Ладожский парк",
  complex_slug: "ladozhskiy-park-7",
  house_name: "Корпус 1",
  living_object_id: 1000 + i,
  rooms: 2,
  area_total: 54.3,
  floor: 7,
  plan: null,
  price: 11_500_000 - i,
});

const links = {
  origin: "https://novostroyki.example",
  manageUrl: "https://novostroyki.example/podpiski/?k=1.1.x",
  unsubscribeUrl: "https://novostroyki.example/podpiski/otpiska/?k=1.1.y",
};

describe("a letter of changes", () => {
  const groups = [
    {
      name: "2-комн. до 15 млн",
      searchUrl: `${links.origin}/novostroyki/?rooms=2`,
      changes: [] as PendingChangeRow[],
    },
  ];

  it("has the same changes in its HTML and its text, the unsubscribe headers and links, no image", () => {
    const letter = changesLetter({
      digest: true,
      groups: [{ ...groups[0]!, changes: [change(0), change(1)] }],
      links,
    });
    expect(letter.subject).toBe("Подборка: 2\u00a0изменения по вашим подпискам");
    expect(letter.headers).toEqual({
      "List-Unsubscribe": `<${links.unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    for (const part of [letter.text, letter.html]) {
      expect(part).toContain("Цена снижена: 2-комн., 54,3");
      expect(part).toContain("/kvartiry/kvartira-1001/");
      expect(part).toContain(links.manageUrl.replace(/&/g, "&amp;"));
      expect(part).toContain(links.unsubscribeUrl);
    }
    expect(letter.text).toMatch(/11\s500\s000\s₽ \(было 12\s000\s000\s₽\)/);
    expect(letter.html).not.toContain("<img");
  });

  it("shows a long group's newest 20 changes and how many more there are", () => {
    const letter = changesLetter({
      digest: false,
      groups: [{ ...groups[0]!, changes: Array.from({ length: 25 }, (_, i) => change(i)) }],
      links,
    });
    expect(letter.text.match(/^- /gm)).toHaveLength(20);
    expect(letter.text).toContain(
      "И ещё 5\u00a0изменений — все в поиске на сайте: https://novostroyki.example/novostroyki/?rooms=2",
    );
    expect(letter.html).toContain("И ещё 5\u00a0изменений");
    expect(letter.subject).toBe("«2-комн. до 15 млн»: 25\u00a0изменений");
  });
});

describe("a flat's plan in a letter", () => {
  it("is a table whose cells are the rooms, spanning the grid exactly, with no image", () => {
    for (let seed = 1; seed <= 40; seed++) {
      const rand = random(seed);
      const plan = generatePlan(seed % 4, 30 + seed * 2, rand);
      const letter = changesLetter({
        digest: false,
        groups: [{ name: "Квартира", searchUrl: null, changes: [{ ...change(0), plan: encodePlan(plan) }] }],
        links,
      });
      const table =
        /<table role="img" aria-label="Планировка: Цена снижена: 2-комн\.[^"]*"[^>]*>(.*?)<\/table>/.exec(
          letter.html,
        )?.[1];
      expect(table, `seed ${seed}`).toBeDefined();
      const cells = [...(table ?? "").matchAll(/<td([^>]*)>/g)].map((m) => m[1] ?? "");
      const rooms = cells.filter((a) => a.includes("background"));
      expect(rooms).toHaveLength(plan.rooms.length);
      // Every cell of the grid is one room's or an empty one: the spans add up to the grid.
      const cm = (m: number) => Math.round(m * 100);
      const cuts = (vs: number[]) => new Set(vs.map(cm)).size - 1;
      const columns = cuts([0, plan.width, ...plan.rooms.flatMap((r) => [r.x, r.x + r.w])]);
      const rows = cuts([0, plan.depth, ...plan.rooms.flatMap((r) => [r.y, r.y + r.h])]);
      const span = (a: string, name: string) => Number(new RegExp(`${name}="(\\d+)"`, "i").exec(a)?.[1] ?? 1);
      const covered = cells.reduce((n, a) => n + span(a, "colspan") * span(a, "rowspan"), 0);
      expect(covered, `seed ${seed}`).toBe(columns * rows);
      expect(letter.html).not.toContain("<img");
      expect(letter.html).not.toContain("<svg");
    }
  });

  it("is left out when the flat has no plan or it cannot be read", () => {
    for (const plan of [null, "garbage"]) {
      const letter = changesLetter({
        digest: false,
        groups: [{ name: "Квартира", searchUrl: null, changes: [{ ...change(0), plan }] }],
        links,
      });
      expect(letter.html).not.toContain("Планировка");
    }
  });
});
