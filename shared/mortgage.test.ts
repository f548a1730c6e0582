import { describe, expect, it } from "vitest";
import {
  CARD_TERM_YEARS,
  calculateMortgage,
  calculatorQuery,
  cardPayment,
  cardPaymentState,
  checkCalculator,
  checkProgram,
  earlyRepayment,
  type MortgageInput,
  type MortgageResult,
  minimumDown,
  mortgageQuery,
  PROGRAMS,
  parseMortgageQuery,
  priceForPayment,
  yearlySchedule,
} from "./mortgage";

const BASE: MortgageInput = { price: 10_000_000, down: 0, termYears: 20, rate: 10, type: "annuity" };

function calc(input: Partial<MortgageInput>): MortgageResult {
  const c = calculateMortgage({ ...BASE, ...input });
  if (!c.ok) throw new Error(c.errors.map((e) => e.message).join("; "));
  return c.result;
}

const sum = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) * 100) / 100;

describe("annuity", () => {
  const r = calc({});

  it("10 000 000 ₽ at 10 % for 20 years is 96 502,16 ₽ a month", () => {
    expect(r.loan).toBe(10_000_000);
    expect(r.firstPayment).toBe(96_502.16);
    expect(r.schedule).toHaveLength(240);
    expect(r.schedule.slice(0, -1).every((p) => p.payment === 96_502.16)).toBe(true);
  });

  it("splits the first payment into 83 333,33 ₽ of interest and 13 168,83 ₽ of principal", () => {
    expect(r.schedule[0]).toEqual({
      month: 1,
      payment: 96_502.16,
      principal: 13_168.83,
      interest: 83_333.33,
      balance: 9_986_831.17,
    });
  });

  it("ends at zero, with the last payment absorbing the rounding of the payment to kopecks", () => {
    expect(r.schedule.at(-1)?.balance).toBe(0);
    // 96 502,1623… is paid as 96 502,16: the 0,23 kopeck a month, with interest on it, is due at the end.
    expect(r.lastPayment).toBe(96_505.71);
    expect(sum(r.schedule.map((p) => p.principal))).toBe(10_000_000);
  });

  it("overpays the interest: 96 502,16 × 240 − 10 000 000 ≈ 13 160 519 ₽", () => {
    expect(r.overpayment).toBeCloseTo(96_502.16 * 240 - 10_000_000, -1);
    expect(r.overpayment).toBe(sum(r.schedule.map((p) => p.interest)));
    expect(r.total).toBe(Math.round((r.loan + r.overpayment) * 100) / 100);
    expect(r.total).toBe(sum(r.schedule.map((p) => p.payment)));
  });

  it("pays the principal off slowly at first: it passes the interest only in the 158th month", () => {
    const first = r.schedule.findIndex((p) => p.principal > p.interest) + 1;
    expect(first).toBe(158);
  });
});

describe("differentiated", () => {
  const r = calc({ type: "differentiated" });

  it("starts at 125 000 ₽ and ends at 42 013,89 ₽", () => {
    expect(r.firstPayment).toBe(125_000);
    expect(r.lastPayment).toBe(42_013.89);
    expect(r.schedule.every((p, i, all) => i === 0 || p.payment <= (all[i - 1]?.payment ?? 0))).toBe(true);
  });

  it("repays an equal share of the principal each month", () => {
    const principals = new Set(r.schedule.map((p) => p.principal));
    expect([...principals].every((p) => p === 41_666.67 || p === 41_666.66)).toBe(true);
    expect(sum(r.schedule.map((p) => p.principal))).toBe(10_000_000);
  });

  it("overpays P·r·(n+1)/2 ≈ 10 041 666,67 ₽, less than the annuity", () => {
    expect(r.overpayment).toBeCloseTo((10_000_000 * (0.1 / 12) * 241) / 2, 0);
    expect(r.overpayment).toBeLessThan(calc({}).overpayment);
  });
});

describe("edge cases", () => {
  it("divides the loan evenly at a zero rate, with no overpayment, for both schedules", () => {
    for (const type of ["annuity", "differentiated"] as const) {
      const r = calc({ price: 1_500_000, down: 300_000, termYears: 1, rate: 0, type });
      expect(r.loan).toBe(1_200_000);
      expect(r.schedule.map((p) => p.payment)).toEqual(Array(12).fill(100_000));
      expect(r.overpayment).toBe(0);
      expect(r.total).toBe(1_200_000);
    }
  });

  it("keeps the kopecks exact when the loan does not divide evenly", () => {
    const r = calc({ price: 1_000_000, down: 0, termYears: 3, rate: 0 });
    expect(sum(r.schedule.map((p) => p.payment))).toBe(1_000_000);
    expect(r.schedule.at(-1)?.balance).toBe(0);
  });

  it("refuses a down payment equal to or above the price, with a Russian message", () => {
    for (const down of [10_000_000, 12_000_000]) {
      const c = calculateMortgage({ ...BASE, down });
      expect(c.ok).toBe(false);
      if (!c.ok) {
        expect(c.errors).toEqual([
          {
            field: "down",
            message: "Первоначальный взнос должен быть меньше стоимости квартиры — иначе кредит не нужен",
          },
        ]);
      }
    }
  });

  it("names every field that is out of range", () => {
    const c = calculateMortgage({ price: 50_000, down: -1, termYears: 31, rate: 60, type: "annuity" });
    expect(c.ok).toBe(false);
    if (!c.ok) {
      expect(c.errors.map((e) => e.field)).toEqual(["price", "down", "termYears", "rate"]);
      expect(c.errors[0]?.message).toBe(
        "Стоимость квартиры — от 100\u00a0000\u00a0₽ до 1\u00a0000\u00a0000\u00a0000\u00a0₽",
      );
      expect(c.errors[2]?.message).toBe("Срок кредита — целое число лет от 1 до 30");
    }
    const fractional = calculateMortgage({ ...BASE, termYears: 12.5 });
    expect(fractional.ok).toBe(false);
  });

  it("groups the schedule by year with the totals of its months", () => {
    const r = calc({ termYears: 2 });
    const years = yearlySchedule(r.schedule);
    expect(years.map((y) => y.months.length)).toEqual([12, 12]);
    expect(years[0]?.interest).toBe(sum(r.schedule.slice(0, 12).map((p) => p.interest)));
    expect(years[0]?.balance).toBe(r.schedule[11]?.balance);
    expect(years[1]?.balance).toBe(0);
    expect(sum(years.map((y) => y.principal))).toBe(10_000_000);
  });
});

describe("programme limits", () => {
  const family = PROGRAMS.family;
  const it_ = PROGRAMS.it;
  const input = (price: number, down: number, rate = 6): MortgageInput => ({
    price,
    down,
    termYears: 30,
    rate,
    type: "annuity",
  });

  it("accepts the family mortgage within 12 млн ₽ and from 20 % down", () => {
    expect(checkProgram(family, input(15_000_000, 3_000_000), "msk")).toEqual([]);
  });

  it("asks for a larger down payment when the loan is above the family limit", () => {
    expect(minimumDown(family, 20_000_000)).toBe(8_000_000);
    const issues = checkProgram(family, input(20_000_000, 4_000_000), "msk");
    expect(issues).toHaveLength(1);
    expect(issues[0]).toContain("больше лимита программы 12\u00a0000\u00a0000\u00a0₽");
    expect(issues[0]).toContain("до 8\u00a0000\u00a0000\u00a0₽");
  });

  it("asks for 20 % down when the loan is within the limit", () => {
    expect(minimumDown(family, 12_000_000)).toBe(2_400_000);
    expect(checkProgram(family, input(12_000_000, 2_399_999), "mo")).toEqual([
      "По программе «Семейная ипотека» первоначальный взнос — от 20\u00a0%, то есть от 2\u00a0400\u00a0000\u00a0₽.",
    ]);
    expect(checkProgram(family, input(12_000_000, 2_400_000), "mo")).toEqual([]);
  });

  it("refuses a rate above the programme's ceiling and allows a subsidised lower one", () => {
    expect(checkProgram(family, input(10_000_000, 2_000_000, 8), "msk")).toEqual([
      "По программе «Семейная ипотека» ставка не выше 6\u00a0%.",
    ]);
    expect(checkProgram(family, input(10_000_000, 2_000_000, 3.5), "msk")).toEqual([]);
  });

  it("offers the IT mortgage only outside Moscow and within 9 млн ₽", () => {
    expect(checkProgram(it_, input(11_250_000, 2_250_000), "mo")).toEqual([]);
    expect(checkProgram(it_, input(11_250_000, 2_250_000), "msk")[0]).toContain("не действует");
    expect(checkProgram(it_, input(14_000_000, 2_800_000), "mo")[0]).toContain(
      "до 5\u00a0000\u00a0000\u00a0₽",
    );
  });

  it("has no limits for a market loan", () => {
    expect(checkProgram(PROGRAMS.market, input(50_000_000, 0, 21), "msk")).toEqual([]);
  });
});

describe("the URL", () => {
  it("round-trips the state", () => {
    const state = parseMortgageQuery(
      new URLSearchParams(
        "price=12500000&down=3000000&term=25&rate=5.5&program=family&type=differentiated&region=mo",
      ),
    );
    expect(state).toEqual({
      price: 12_500_000,
      down: 3_000_000,
      termYears: 25,
      rate: 5.5,
      program: "family",
      type: "differentiated",
      region: "mo",
      rates: { market: 20, family: 5.5, it: 6 },
      matcap: 0,
      extra: 0,
    });
    expect(parseMortgageQuery(new URLSearchParams(mortgageQuery(state)))).toEqual(state);
    expect(parseMortgageQuery(new URLSearchParams(calculatorQuery(state)))).toEqual(state);
  });

  it("keeps each programme's own rate, maternity capital and the early payment", () => {
    const state = parseMortgageQuery(
      new URLSearchParams(
        "program=family&rate=5&rates=market:18.5,it:4,bogus:1,family:x&matcap=690266&extra=20000",
      ),
    );
    expect(state.rates).toEqual({ market: 18.5, family: 5, it: 4 });
    expect(state.rate).toBe(5);
    expect([state.matcap, state.extra]).toEqual([690_266, 20_000]);
    const again = parseMortgageQuery(new URLSearchParams(calculatorQuery(state)));
    expect(again).toEqual(state);
    expect(calculatorQuery(again)).toContain("rates=market%3A18.5%2Cit%3A4");
  });

  it("fills the defaults: 20 % down of the given price and the programme's rate", () => {
    expect(parseMortgageQuery(new URLSearchParams("price=12500000"))).toEqual({
      price: 12_500_000,
      down: 2_500_000,
      termYears: 20,
      rate: 20,
      program: "market",
      type: "annuity",
      region: "msk",
      rates: { market: 20, family: 6, it: 6 },
      matcap: 0,
      extra: 0,
    });
    expect(parseMortgageQuery(new URLSearchParams("program=it")).rate).toBe(6);
  });

  it("ignores unreadable values and keeps readable ones out of range for the calculator to explain", () => {
    const state = parseMortgageQuery(new URLSearchParams("price=abc&term=-5&rate=7,5&type=weekly&down=1e9"));
    expect(state.price).toBe(12_000_000);
    expect(state.termYears).toBe(20);
    expect(state.rate).toBe(7.5);
    expect(state.type).toBe("annuity");
    expect(state.down).toBe(2_400_000);
    expect(parseMortgageQuery(new URLSearchParams("term=45")).termYears).toBe(45);
  });
});

describe("the cards' monthly payment", () => {
  it("is the calculator's first payment for the market programme, 20 % down, 30 years", () => {
    for (const price of [3_500_000, 12_000_000, 87_654_320]) {
      const c = calculateMortgage(cardPaymentState(price));
      if (!c.ok) throw new Error("the card state must be valid");
      expect(c.result.loan).toBe(price * 0.8);
      expect(Math.abs(cardPayment(price) - c.result.firstPayment)).toBeLessThan(1);
      expect(cardPaymentState(price).termYears).toBe(CARD_TERM_YEARS);
    }
  });

  it("turns a payment into the highest price whose card payment fits it", () => {
    for (const payment of [80_000, 150_000, 333_333]) {
      const price = priceForPayment(payment);
      expect(cardPayment(price)).toBeLessThanOrEqual(payment);
      expect(cardPayment(price + 1)).toBeGreaterThan(payment);
    }
    // 80 000 ₽ a month at 20 % for 30 years repays a loan of about 4,8 million: a price of about 6 million.
    expect(priceForPayment(80_000)).toBeGreaterThan(5_900_000);
    expect(priceForPayment(80_000)).toBeLessThan(6_100_000);
  });
});

describe("maternity capital and early repayment", () => {
  it("takes the capital as a part of the down payment, never more than it", () => {
    const state = parseMortgageQuery(new URLSearchParams("price=10000000&down=2000000&matcap=690266"));
    expect(checkCalculator(state)).toEqual([]);
    const over = parseMortgageQuery(new URLSearchParams("price=10000000&down=500000&matcap=690266"));
    expect(checkCalculator(over).map((e) => e.field)).toEqual(["matcap"]);
  });

  it("closes the loan sooner and saves interest, the same as a schedule paid that way", () => {
    const base = calc({ price: 10_000_000, down: 2_000_000, termYears: 20, rate: 12 });
    const none = earlyRepayment({ ...BASE, price: 10_000_000, down: 2_000_000, rate: 12 }, base, 0);
    expect(none).toEqual({ months: 240, interest: base.overpayment, savedMonths: 0, savedInterest: 0 });
    const early = earlyRepayment({ ...BASE, price: 10_000_000, down: 2_000_000, rate: 12 }, base, 20_000);
    expect(early.months).toBeLessThan(240);
    expect(early.savedMonths).toBe(240 - early.months);
    expect(early.savedInterest).toBeGreaterThan(1_000_000);
    expect(early.interest + early.savedInterest).toBeCloseTo(base.overpayment, -1);
    // Paying the whole loan in the first month leaves one month and that month's interest.
    const all = earlyRepayment({ ...BASE, price: 10_000_000, down: 2_000_000, rate: 12 }, base, 8_000_000);
    expect(all.months).toBe(1);
    expect(all.interest).toBe(80_000);
  });
});
