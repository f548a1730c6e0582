import { describe, expect, it } from "vitest";
import type { QuizAnswers } from "../../../shared/schemas/quizzes";
import { matchesKey } from "./matches";

const answers: QuizAnswers = {
  budget: "8000000-14000000",
  rooms: ["1", "2"],
  area: "moskva",
  deadline: "2027",
  otdelka: "3",
  mortgage: "family",
};

const query = (key: string) => Object.fromEntries(new URL(key, "http://x").searchParams);

describe("matchesKey", () => {
  it("turns the answers into the catalogue's filter, cheapest first", () => {
    const key = matchesKey(answers, 2026);
    expect(key.startsWith("/api/v1/residential-complexes/grid?")).toBe(true);
    expect(query(key)).toEqual({
      per_page: "6",
      sort: "price asc",
      "search[price][min]": "8000000",
      "search[price][max]": "14000000",
      "search[rooms]": "1,2",
      "search[regions]": "1",
      "search[deadline]": "0,2026,2027",
      "search[otdelka]": "3",
    });
  });

  it("omits what the visitor left open", () => {
    const q = query(
      matchesKey(
        {
          ...answers,
          budget: "0-8000000",
          area: "any",
          deadline: "later",
          otdelka: "any",
          rooms: ["0", "4"],
        },
        2026,
      ),
    );
    expect(q).toEqual({
      per_page: "6",
      sort: "price asc",
      "search[price][max]": "8000000",
      "search[rooms]": "0,4,5",
    });
  });

  it("reads an open-ended budget and a finished house", () => {
    const q = query(
      matchesKey({ ...answers, budget: "25000000-", deadline: "ready", area: "moskovskaya-oblast" }, 2026),
    );
    expect(q["search[price][min]"]).toBe("25000000");
    expect(q["search[price][max]"]).toBeUndefined();
    expect(q["search[deadline]"]).toBe("0");
    expect(q["search[regions]"]).toBe("3");
  });
});
