import { describe, expect, it } from "vitest";
import { cardPayment, priceForPayment } from "../../shared/mortgage";
import type { ComplexList } from "../../shared/schemas/catalogue";
import { get, getJson } from "./helpers";

const grid = (query: string) =>
  getJson<ComplexList>(`/api/v1/residential-complexes/grid?per_page=100&${query}`).then((r) => r.body);

describe("«Платёж до N ₽/мес»", () => {
  it.each([80_000, 150_000, 400_000])(
    "%d ₽ a month finds exactly the complexes of the mortgage module's price bound",
    async (payment) => {
      const bound = priceForPayment(payment);
      const byPayment = await grid(`search[payment][max]=${payment}`);
      const byPrice = await grid(`search[price][max]=${bound}`);
      expect(byPayment.total).toBe(byPrice.total);
      expect(byPayment.data.map((c) => c.id)).toEqual(byPrice.data.map((c) => c.id));
      // Every complex found has an apartment whose card payment fits: its «от» price does.
      for (const c of byPayment.data) expect(cardPayment(c.min_price)).toBeLessThanOrEqual(payment);
      // The flat page name is the same filter.
      expect((await grid(`max_payment=${payment}`)).total).toBe(byPrice.total);
    },
  );

  it("answers a 400 in Russian for a payment that is not a number", async () => {
    const res = await getJson<{ message: string }>(
      "/api/v1/residential-complexes/grid?search[payment][max]=много",
    );
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toMatch(/ожидается число/);
  });

  it("lands the calculator's link on the listing of those complexes", async () => {
    const res = await get("/novostroyki/?max_payment=80000");
    expect(res.status).toBe(200);
    const html = await res.text();
    const byPrice = await grid(`search[price][max]=${priceForPayment(80_000)}`);
    expect(html).toContain(`Найдено ${byPrice.total}`);
  });
});

describe("prices and areas as people type them", () => {
  it.each([
    ["8 млн", 8_000_000],
    ["8,5 млн", 8_500_000],
    ["8 500 000", 8_500_000],
  ])("the API reads «%s» as %d ₽", async (text, value) => {
    const typed = await grid(`search[price][max]=${encodeURIComponent(text)}`);
    const digits = await grid(`search[price][max]=${value}`);
    expect(typed.total).toBe(digits.total);
  });

  it.each([["8 млн 5"], ["восемь"], ["8,5,5"], ["1e7"]])("the API refuses «%s» with a 400", async (text) => {
    const res = await getJson(
      `/api/v1/residential-complexes/grid?search[price][max]=${encodeURIComponent(text)}`,
    );
    expect(res.status).toBe(400);
  });

  it("a form sent without script with «8,5 млн» lands on the canonical URL in digits", async () => {
    const res = await get(
      `/novostroyki/?max_price=${encodeURIComponent("8,5 млн")}&min_area=${encodeURIComponent("40,5 м²")}`,
    );
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toMatch(/max_price=8500000/);
    expect(res.headers.get("location")).toMatch(/min_area=40\.5/);
  });
});
