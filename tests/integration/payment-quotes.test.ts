/**
 * Every monthly payment the site states is a payment quote (shared/mortgage-payment.ts): the numbers of its
 * sentence reproduce each other, the programme it names allows them, and a flat's card and page give the same
 * payment. Walks every apartment of the seed.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { mortgageLine } from "../../client/components/apartment/text";
import { calculateMortgage, PROGRAM_IDS, PROGRAMS, paymentQuote } from "../../shared/mortgage";
import { get } from "./helpers";

interface Row {
  id: number;
  price: number;
  status: number;
}

/** Every apartment of the seed, whatever its status: each has a page. */
async function apartments(): Promise<Row[]> {
  const { results } = await env.DB.prepare(
    "SELECT id, price, status FROM living_objects ORDER BY id",
  ).all<Row>();
  return results;
}

const num = (s: string | undefined) => Number((s ?? "").replace(/[\s\u00a0]/g, "").replace(",", "."));
const plain = (s: string) => s.replace(/\u00a0/g, " ");

const LINE =
  /^Квартира стоит ([\d ]+) ₽\. Платёж — ([\d ]+) ₽ в месяц (по [^ ]+ ипотеке|по IT-ипотеке) под ([\d,]+) %: взнос ([\d ]+) ₽ \(([\d,]+) %\), срок (\d+) (?:год|года|лет)\.$/;

/** The sentence's numbers, read back from its text alone. */
function readLine(text: string) {
  const m = LINE.exec(plain(text));
  if (!m) return null;
  return {
    price: num(m[1]),
    payment: num(m[2]),
    program: PROGRAM_IDS.find((id) => PROGRAMS[id].byName === m[3]),
    rate: num(m[4]),
    down: num(m[5]),
    share: num(m[6]),
    term: num(m[7]),
  };
}

/** The calculator's own schedule for the numbers a sentence states: its first payment, whole roubles. */
function calculatorPayment(price: number, down: number, rate: number, termYears: number): number {
  const calc = calculateMortgage({ price, down, rate, termYears, type: "annuity" });
  if (!calc.ok) throw new Error(calc.errors.map((e) => e.message).join("; "));
  return Math.round(calc.result.firstPayment);
}

describe("every apartment's payment sentence", () => {
  it("states numbers that reproduce each other, within its programme's limits", async () => {
    const rows = await apartments();
    expect(rows.length).toBeGreaterThan(100);
    expect(
      rows.some((r) => r.price > 15_000_000),
      "the seed has flats above the family loan cap",
    ).toBe(true);
    const wrong: string[] = [];
    for (const a of rows) {
      const text = mortgageLine(a.price);
      const s = readLine(text);
      if (!s?.program) {
        wrong.push(`${a.id}: unreadable «${text}»`);
        continue;
      }
      const p = PROGRAMS[s.program];
      const problems = [
        s.price !== a.price && "price",
        s.rate !== p.rate && "rate is not the programme's",
        p.maxRate !== null && s.rate > p.maxRate && "rate above the programme's ceiling",
        s.payment !== calculatorPayment(a.price, s.down, s.rate, s.term) && "payment ≠ annuity(price − down)",
        s.share !== Math.round((s.down / a.price) * 1000) / 10 && "down % ≠ down / price",
        s.down < a.price * p.minDownShare - 1e-6 && "down below the programme's share",
        p.maxLoan !== null && a.price - s.down > p.maxLoan && "loan above the programme's limit",
        s.term > p.maxTermYears && "term above the programme's",
      ].filter(Boolean);
      if (problems.length) wrong.push(`${a.id}: ${problems.join(", ")} in «${text}»`);
    }
    expect(wrong.slice(0, 10), `${wrong.length} of ${rows.length} sentences`).toEqual([]);
  });

  it("every programme's quote the mortgage block lists is within the programme's limits", async () => {
    const wrong: string[] = [];
    for (const a of await apartments()) {
      for (const id of PROGRAM_IDS) {
        const q = paymentQuote(id, a.price);
        const p = PROGRAMS[id];
        if (
          q.payment !== calculatorPayment(a.price, q.down, q.rate, q.termYears) ||
          q.loan !== a.price - q.down ||
          (p.maxLoan !== null && q.loan > p.maxLoan) ||
          q.down < a.price * p.minDownShare - 1e-6 ||
          q.down < Math.round(a.price * 0.2)
        )
          wrong.push(`${a.id} ${id}: ${JSON.stringify({ ...q, program: id })}`);
      }
    }
    expect(wrong.slice(0, 10), `${wrong.length} quotes`).toEqual([]);
  });
});

/** The visible text of a piece of HTML. */
const textOf = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/[\s\u00a0]+/g, " ")
    .trim();

describe("a flat's card and its page", () => {
  it("give the same payment, with the sentence the page prints, from the cheapest flat to the dearest", async () => {
    // Those on sale: the lists show them.
    const rows = (await apartments()).filter((r) => r.status === 1).sort((a, b) => a.price - b.price);
    // The ends, the family programme's loan cap (12 млн ₽ at 20 % down: 15 млн ₽) on both sides, and a spread.
    const cap = rows.findIndex((r) => r.price > 15_000_000);
    const picks = new Set([0, 1, cap - 1, cap, rows.length - 2, rows.length - 1]);
    for (let i = 0; i < rows.length; i += Math.ceil(rows.length / 8)) picks.add(i);
    for (const i of picks) {
      const a = rows[i];
      if (!a) continue;
      const page = await (await get(`/kvartiry/kvartira-${a.id}/`)).text();
      const section = /<section[^>]*aria-labelledby="ipoteka"[\s\S]*?<\/section>/.exec(page)?.[0] ?? "";
      const about = /<p class="mortgage-snippet__about">([\s\S]*?)<\/p>/.exec(section)?.[1] ?? "";
      const line = readLine(textOf(about));
      expect(line, `${a.id}: «${textOf(about)}»`).not.toBeNull();
      expect(line?.price).toBe(a.price);
      // The programme's own offer below states the same payment, down payment and term.
      const offers = [...textOf(section).matchAll(/([\d ]+) ₽ в месяц Взнос ([\d ]+) ₽/g)].map((m) => ({
        payment: num(m[1]),
        down: num(m[2]),
      }));
      expect(offers, `${a.id}`).toContainEqual({ payment: line?.payment, down: line?.down });
      // The card of that flat in the apartments list.
      const list = await (await get(`/kvartiry/?min_price=${a.price}&max_price=${a.price}`)).text();
      const cards = list.split('<article class="apt-card">').slice(1);
      const card = cards.find((c) => c.includes(`href="/kvartiry/kvartira-${a.id}/"`));
      expect(card, `${a.id}: no card in the list`).toBeDefined();
      const shown = /от ([\d\s\u00a0]+) ₽\/мес/.exec(textOf(card ?? ""));
      expect(num(shown?.[1]), `${a.id}`).toBe(line?.payment);
    }
  }, 120_000);
});

describe("a complex's card and its page", () => {
  it("give the market programme's payment for the complex's cheapest flat, the same on both", async () => {
    const list = await (await get("/novostroyki/")).text();
    const cards = list.split('<article class="listing-card">').slice(1);
    expect(cards.length).toBeGreaterThan(5);
    for (const card of cards) {
      const url =
        /<a[^>]*href="(\/novostroyki\/[^"]+\/)"[^>]*class="listing-card__link"|class="listing-card__link"[^>]*href="(\/novostroyki\/[^"]+\/)"/.exec(
          card,
        );
      const path = url?.[1] ?? url?.[2];
      expect(path, card.slice(0, 300)).toBeDefined();
      const shown = num(/от ([\d\s\u00a0]+) ₽\/мес/.exec(textOf(card))?.[1]);
      expect(shown, path).toBeGreaterThan(0);
      const page = await (await get(path ?? "/")).text();
      const section = /<section[^>]*aria-labelledby="ipoteka"[\s\S]*?<\/section>/.exec(page)?.[0] ?? "";
      const market = /Рыночная ипотека 20 % годовых ([\d ]+) ₽ в месяц/.exec(textOf(section));
      expect(num(market?.[1]), `${path}: «${textOf(section).slice(0, 200)}»`).toBe(shown);
    }
  }, 120_000);
});
