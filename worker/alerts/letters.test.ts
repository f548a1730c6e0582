import { describe, expect, it } from "vitest";
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
