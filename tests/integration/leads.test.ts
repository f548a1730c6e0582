import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { GOOGLEBOT_UA, HUMAN_UA, mainOf, operatorCookie } from "./helpers";

let ipSeq = 0;
/** Each test posts from an IP of its own, so the rate limit of one does not spill into another. */
const nextIp = () => `198.51.100.${++ipSeq}`;

let complexId = 0;
let otherApartment = 0;
beforeAll(async () => {
  const rc = await env.DB.prepare("SELECT id FROM residential_complexes ORDER BY id LIMIT 1").first<{
    id: number;
  }>();
  complexId = rc?.id ?? 0;
  const lo = await env.DB.prepare("SELECT id FROM living_objects WHERE complex_id != ?1 LIMIT 1")
    .bind(complexId)
    .first<{ id: number }>();
  otherApartment = lo?.id ?? 0;
});

function lead(overrides: Record<string, unknown> = {}) {
  return {
    idempotency_key: crypto.randomUUID(),
    kind: "viewing",
    complex_id: complexId,
    name: "Анна",
    phone: "8 (916) 123-45-67",
    call_time: "evening",
    consent: true,
    ...overrides,
  };
}

function post(body: unknown, init: { ip?: string; origin?: string | null; ua?: string } = {}) {
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    "User-Agent": init.ua ?? HUMAN_UA,
    "CF-Connecting-IP": init.ip ?? nextIp(),
  };
  if (init.origin !== null) headers.Origin = init.origin ?? "http://localhost";
  return SELF.fetch("http://localhost/api/v1/leads", { method: "POST", headers, body: JSON.stringify(body) });
}

async function stored(key: string) {
  return env.DB.prepare(
    "SELECT id, kind, name, phone, call_time, consent_version, consent_at, created_at FROM leads WHERE idempotency_key = ?1",
  )
    .bind(key)
    .all<{
      id: number;
      kind: string;
      name: string;
      phone: string;
      call_time: string;
      consent_version: string;
      consent_at: string;
      created_at: string;
    }>()
    .then((r) => r.results);
}

/** The refusal is JSON with a Russian message, and nothing of the request was stored. */
async function refused(res: Response, status: number, key: string, message: RegExp) {
  expect(res.status).toBe(status);
  expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
  const body = (await res.json()) as { error: string };
  expect(body.error).toMatch(message);
  expect(body.error).toMatch(/[а-яё]/i);
  expect(await stored(key)).toEqual([]);
}

describe("POST /api/v1/leads", () => {
  it("stores a request once however often it is retried, with the consent's version and time", async () => {
    const body = lead();
    const ip = nextIp();
    const first = await post(body, { ip });
    expect(first.status).toBe(201);
    const { id, created } = (await first.json()) as { id: number; created: boolean };
    expect(created).toBe(true);
    for (let i = 0; i < 3; i++) {
      const again = await post(body, { ip });
      expect(again.status).toBe(200);
      expect(await again.json()).toEqual({ id, created: false });
    }
    const rows = await stored(body.idempotency_key);
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row).toMatchObject({
      id,
      kind: "viewing",
      name: "Анна",
      phone: "+79161234567",
      call_time: "evening",
    });
    expect(row?.consent_version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(row?.consent_at).toBe(row?.created_at);
  });

  it("stores a request about one apartment of the complex", async () => {
    const apartment = await env.DB.prepare("SELECT id FROM living_objects WHERE complex_id = ?1 LIMIT 1")
      .bind(complexId)
      .first<{ id: number }>();
    const body = lead({ living_object_id: apartment?.id, kind: "discounts" });
    expect((await post(body)).status).toBe(201);
    expect(await stored(body.idempotency_key)).toHaveLength(1);
  });

  it("refuses a foreign Origin, and a POST with no Origin at all", async () => {
    const a = lead();
    await refused(
      await post(a, { origin: "https://evil.example" }),
      403,
      a.idempotency_key,
      /только со страниц/,
    );
    const b = lead();
    await refused(await post(b, { origin: null }), 403, b.idempotency_key, /только со страниц/);
  });

  it("refuses a bad phone, a missing consent, a missing name, an unknown complex, a foreign apartment", async () => {
    const phone = lead({ phone: "12345" });
    await refused(await post(phone), 400, phone.idempotency_key, /^phone: Укажите российский номер/);
    const consent = lead({ consent: false });
    await refused(await post(consent), 400, consent.idempotency_key, /^consent: Подтвердите согласие/);
    const { name: _, ...noName } = lead();
    await refused(await post(noName), 400, noName.idempotency_key, /^name: Укажите имя/);
    const complex = lead({ complex_id: 999_999_999 });
    await refused(await post(complex), 400, complex.idempotency_key, /Такого жилого комплекса нет/);
    const apartment = lead({ living_object_id: otherApartment });
    await refused(
      await post(apartment),
      400,
      apartment.idempotency_key,
      /Такой квартиры в этом жилом комплексе нет/,
    );
  });

  it("refuses past the rate limit", async () => {
    const ip = nextIp();
    // Five a minute: twelve posts cannot all fall into windows of five or fewer, even across a minute's turn.
    let res: Response | undefined;
    let body = lead();
    for (let i = 0; i < 12; i++) {
      body = lead();
      res = await post(body, { ip });
      if (res.status === 429) break;
      expect(res.status).toBe(201);
    }
    if (!res) throw new Error("no request was made");
    expect(res.headers.get("Retry-After")).toMatch(/^\d+$/);
    await refused(res, 429, body.idempotency_key, /Слишком много запросов/);
  });

  it("refuses a bot: nothing stored, nothing queued", async () => {
    const body = lead();
    await refused(await post(body, { ua: GOOGLEBOT_UA }), 403, body.idempotency_key, /только от посетителей/);
  });
});

describe("/operator/leads/", () => {
  const page = (cookie?: string) =>
    SELF.fetch("http://localhost/operator/leads/", { headers: cookie ? { Cookie: cookie } : {} });
  const markHandled = (id: number, headers: Record<string, string>) =>
    SELF.fetch(`http://localhost/operator/leads/${id}/handled/`, {
      method: "POST",
      redirect: "manual",
      headers,
    });
  const handledAt = async (id: number) =>
    (
      await env.DB.prepare("SELECT handled_at FROM leads WHERE id = ?1")
        .bind(id)
        .first<{ handled_at: string | null }>()
    )?.handled_at;

  it("refuses strangers: no request, no name, no phone", async () => {
    const body = lead({ name: "Секретная", phone: "+7 916 555-44-33" });
    const { id } = (await (await post(body)).json()) as { id: number };
    const anonymous = await page();
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("X-Robots-Tag")).toBe("noindex");
    const html = await anonymous.text();
    expect(html).toContain("Заявки покупателей видны только консультантам");
    expect(html).not.toContain("Секретная");
    expect(html).not.toContain("555-44-33");
    const forged = await page("chat_operator=99999999999999.forged");
    expect(forged.status).toBe(401);
    const stranger = await markHandled(id, { Origin: "http://localhost" });
    expect(stranger.status).toBe(401);
    expect(await handledAt(id)).toBeNull();
  });

  it("shows the operator every request with its delivery state, and marks one handled", async () => {
    const body = lead({ name: "Виктория", phone: "89161230099", kind: "callback", call_time: "morning" });
    const { id } = (await (await post(body)).json()) as { id: number };
    const cookie = await operatorCookie();
    const list = await page(cookie);
    expect(list.status).toBe(200);
    const html = await list.text();
    const row = new RegExp(`<tr id="lead-${id}">([\\s\\S]*?)</tr>`).exec(html)?.[1] ?? "";
    expect(row).toContain("Виктория");
    expect(row).toContain("+7 916 123-00-99");
    expect(row).toContain("Перезвоните мне");
    expect(row).toContain("Утром, 9:00–12:00");
    expect(row).toMatch(
      /дано \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}:\d{2}, текст в редакции от \d{1,2} [а-я]+ \d{4}/,
    );
    expect(row).toMatch(/в очереди на отправку|у застройщика нет вебхука|доставлена/);
    expect(row).toContain("Отметить обработанной");

    const foreign = await markHandled(id, { Cookie: cookie, Origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    expect(await handledAt(id)).toBeNull();

    const done = await markHandled(id, { Cookie: cookie, Origin: "http://localhost" });
    expect(done.status).toBe(303);
    expect(done.headers.get("Location")).toBe(`/operator/leads/#lead-${id}`);
    expect(await handledAt(id)).not.toBeNull();
    const after = await (await page(cookie)).text();
    const handledRow = new RegExp(`<tr id="lead-${id}">([\\s\\S]*?)</tr>`).exec(after)?.[1] ?? "";
    expect(handledRow).toMatch(/обработана \d{2}\.\d{2}\.\d{4}/);
    expect(handledRow).not.toContain("Отметить обработанной");

    const missing = await markHandled(999_999_999, { Cookie: cookie, Origin: "http://localhost" });
    expect(missing.status).toBe(404);
  });
});

describe("the request on the pages", () => {
  const complexPath = async () => {
    const rc = await env.DB.prepare("SELECT slug FROM residential_complexes WHERE id = ?1")
      .bind(complexId)
      .first<{ slug: string }>();
    return `/novostroyki/${rc?.slug}/`;
  };

  it("a complex page shows the site's phone and the three request links; a bot gets the phone only", async () => {
    const path = await complexPath();
    const human = await (
      await SELF.fetch(`http://localhost${path}?leads=human`, { headers: { "User-Agent": HUMAN_UA } })
    ).text();
    expect(human).toContain(`href="tel:${env.SITE_PHONE}"`);
    expect(human).toContain("+7 495 120-45-67");
    for (const kind of ["callback", "viewing", "discounts"]) {
      expect(human).toContain(`href="/zayavka/?complex=${complexId}&amp;kind=${kind}"`);
    }
    expect(human).toContain("Записаться на просмотр");
    const bot = await (
      await SELF.fetch(`http://localhost${path}?leads=bot`, { headers: { "User-Agent": GOOGLEBOT_UA } })
    ).text();
    expect(bot).toContain(`href="tel:${env.SITE_PHONE}"`);
    expect(bot).not.toContain("/zayavka/");
    expect(bot).not.toContain("Записаться на просмотр");
  });

  it("the header's phone icon calls the site's number", async () => {
    const html = await (
      await SELF.fetch("http://localhost/journal/", { headers: { "User-Agent": HUMAN_UA } })
    ).text();
    expect(html).toMatch(new RegExp(`<a href="tel:\\${env.SITE_PHONE}"[^>]*aria-label="Позвонить"`));
  });

  const formPage = (query: string, ua = HUMAN_UA) =>
    SELF.fetch(`http://localhost/zayavka/${query}`, { headers: { "User-Agent": ua } });
  const sendForm = (
    query: string,
    fields: Record<string, string>,
    init: { ip?: string; ua?: string; origin?: string } = {},
  ) =>
    SELF.fetch(`http://localhost/zayavka/${query}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: init.origin ?? "http://localhost",
        "User-Agent": init.ua ?? HUMAN_UA,
        "CF-Connecting-IP": init.ip ?? nextIp(),
      },
      body: new URLSearchParams(fields).toString(),
    });
  const hiddenKey = (html: string) => /name="idempotency_key" value="([0-9a-f-]{36})"/.exec(html)?.[1];

  it("an apartment page asks about that apartment; its request page knows the complex", async () => {
    const lo = await env.DB.prepare("SELECT id FROM living_objects WHERE complex_id = ?1 LIMIT 1")
      .bind(complexId)
      .first<{ id: number }>();
    const html = await (
      await SELF.fetch(`http://localhost/kvartiry/kvartira-${lo?.id}/`, {
        headers: { "User-Agent": HUMAN_UA },
      })
    ).text();
    expect(html).toContain(`href="tel:${env.SITE_PHONE}"`);
    expect(html).toContain(`href="/zayavka/?kvartira=${lo?.id}&amp;kind=discounts"`);
    const page = (await (await formPage(`?kvartira=${lo?.id}&kind=discounts`)).text()).replace(
      /<!-- -->/g,
      "",
    );
    expect(page).toMatch(/<p class="lead-page__subject">[^<]*квартира[^<]* в ЖК «/);
    expect(page).toContain(`name="complex_id" value="${complexId}"`);
    expect((await formPage("?kvartira=999999999")).status).toBe(404);

    const fields = { kind: "discounts", name: "Иван", phone: "9161234567", call_time: "day", consent: "yes" };
    // A form whose complex is not the apartment's: the form again with the message, nothing stored.
    const wrongKey = crypto.randomUUID();
    const wrong = await sendForm(`?kvartira=${lo?.id}`, {
      ...fields,
      idempotency_key: wrongKey,
      complex_id: String(complexId + 1),
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Такой квартиры в этом жилом комплексе нет");
    expect(await stored(wrongKey)).toEqual([]);
    const key = crypto.randomUUID();
    const ok = await sendForm(`?kvartira=${lo?.id}`, {
      ...fields,
      idempotency_key: key,
      complex_id: String(complexId),
    });
    expect(ok.status).toBe(201);
    const row = await env.DB.prepare(
      "SELECT complex_id, living_object_id FROM leads WHERE idempotency_key = ?1",
    )
      .bind(key)
      .first();
    expect(row).toEqual({ complex_id: complexId, living_object_id: lo?.id });
  });

  it("the request page without JavaScript: a form with its own key, noindex; a bot gets the phone and no form", async () => {
    const res = await formPage(`?complex=${complexId}&kind=viewing`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<meta name="robots" content="noindex');
    const form = /<form[^>]*>/.exec(mainOf(html))?.[0] ?? "";
    expect(form).toContain('method="post"');
    expect(form).toContain(`action="/zayavka/?complex=${complexId}&amp;kind=viewing"`);
    expect(hiddenKey(html)).toBeDefined();
    expect(html).toMatch(
      /<input[^>]*value="viewing"[^>]*checked=""|<input[^>]*checked=""[^>]*value="viewing"/,
    );
    expect(html).toContain('href="/data-processing-agreement/"');
    const bot = await (await formPage(`?complex=${complexId}&kind=viewing`, GOOGLEBOT_UA)).text();
    expect(bot).toContain(`tel:${env.SITE_PHONE}`);
    expect(mainOf(bot)).not.toContain("<form");
    expect((await formPage("?complex=999999999")).status).toBe(404);
    expect((await formPage("")).status).toBe(404);
  });

  it("a plain POST with a bad phone and no consent: the form again, what was typed, Russian messages, nothing stored", async () => {
    const key = crypto.randomUUID();
    const res = await sendForm(`?complex=${complexId}&kind=viewing`, {
      idempotency_key: key,
      kind: "viewing",
      name: "Иван",
      phone: "123",
      call_time: "evening",
    });
    const html = await res.text();
    expect(res.status).toBe(400);
    expect(html).toContain("Укажите российский номер телефона");
    expect(html).toContain("Подтвердите согласие на обработку персональных данных");
    expect(html).toContain('value="Иван"');
    expect(html).toContain('value="123"');
    expect(hiddenKey(html)).toBe(key);
    expect(await stored(key)).toEqual([]);
  });

  it("a plain POST that is right: the request received (once, however often the form is sent)", async () => {
    const key = crypto.randomUUID();
    const fields = {
      idempotency_key: key,
      kind: "viewing",
      name: "Иван",
      phone: "8 916 765-43-21",
      call_time: "evening",
      consent: "yes",
    };
    const ip = nextIp();
    const res = await sendForm(`?complex=${complexId}&kind=viewing`, fields, { ip });
    expect(res.status).toBe(201);
    // React's text separators (<!-- -->) out of the way.
    const html = (await res.text()).replace(/<!-- -->/g, "");
    expect(html).toContain("Спасибо, Иван! Заявка принята");
    expect(html).toContain("+7 916 765-43-21");
    expect(mainOf(html)).not.toContain("<form");
    expect((await sendForm(`?complex=${complexId}&kind=viewing`, fields, { ip })).status).toBe(200);
    const rows = await stored(key);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "viewing", phone: "+79167654321", call_time: "evening" });
  });

  it("a plain POST from a foreign site or a bot is refused with the page's message, nothing stored", async () => {
    const key = crypto.randomUUID();
    const fields = {
      idempotency_key: key,
      kind: "callback",
      name: "Иван",
      phone: "9161234567",
      call_time: "any",
      consent: "yes",
    };
    const foreign = await sendForm(`?complex=${complexId}`, fields, { origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    expect(await foreign.text()).toContain("только со страниц нашего сайта");
    const bot = await sendForm(`?complex=${complexId}`, fields, { ua: GOOGLEBOT_UA });
    expect(bot.status).toBe(403);
    expect(mainOf(await bot.text())).not.toContain("<form");
    expect(await stored(key)).toEqual([]);
  });
});
