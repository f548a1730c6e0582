import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { QUIZ_STEPS } from "../../shared/quiz";
import type { QuizzesResponse } from "../../shared/schemas/quizzes";
import { getJson, HUMAN_UA } from "./helpers";

const SUBMIT = "http://localhost/api/v1/quizzes/submit";
const ORIGIN = "http://localhost";

let lastIp = 0;
/** Each test posts from its own client IP, so the rate limits of one test do not reach another. */
const freshIp = () => `198.51.100.${++lastIp}`;

function post(body: unknown, init: { ip: string; headers?: Record<string, string> }) {
  return SELF.fetch(SUBMIT, {
    method: "POST",
    headers: {
      "User-Agent": HUMAN_UA,
      "Content-Type": "application/json",
      Origin: ORIGIN,
      "CF-Connecting-IP": init.ip,
      ...init.headers,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

const valid = () => ({
  quiz_id: 1,
  idempotency_key: crypto.randomUUID(),
  answers: {
    budget: "8000000-14000000",
    rooms: ["1", "2"],
    area: "moskva",
    deadline: "2027",
    otdelka: "3",
    mortgage: "family",
  },
  name: "Анна Смирнова",
  phone: "8 (916) 123-45-67",
  consent: true,
});

async function rowsWithKey(key: string) {
  const { results } = await env.DB.prepare(
    "SELECT id, quiz_id, name, phone, ip, answers FROM quiz_submissions WHERE idempotency_key = ?1",
  )
    .bind(key)
    .all<{ id: number; quiz_id: number; name: string; phone: string; ip: string; answers: string }>();
  return results;
}

describe("GET /api/v1/quizzes", () => {
  it("answers the quiz with its steps from D1", async () => {
    const { status, body } = await getJson<QuizzesResponse>("/api/v1/quizzes");
    expect(status).toBe(200);
    expect(body.data).toHaveLength(1);
    const quiz = body.data[0];
    expect(quiz).toMatchObject({ id: 1, slug: "podbor-kvartiry", title: "Подберём квартиру за 1 минуту" });
    expect(quiz?.steps.map((s) => s.id)).toEqual([
      "budget",
      "rooms",
      "area",
      "deadline",
      "otdelka",
      "mortgage",
      "contact",
    ]);
    expect(quiz?.steps).toEqual(QUIZ_STEPS);
  });
});

describe("POST /api/v1/quizzes/submit", () => {
  it("stores the submission before answering 201, with the phone normalised", async () => {
    const body = valid();
    const ip = freshIp();
    const res = await post(body, { ip });
    expect(res.status).toBe(201);
    const answer = await res.json<{ id: number; created: boolean }>();
    expect(answer.created).toBe(true);
    const rows = await rowsWithKey(body.idempotency_key);
    expect(rows).toEqual([
      {
        id: answer.id,
        quiz_id: 1,
        name: "Анна Смирнова",
        phone: "+79161234567",
        ip,
        answers: JSON.stringify(body.answers),
      },
    ]);
  });

  it("stores a retry with the same idempotency key once and answers 200 with the same id", async () => {
    const body = valid();
    const ip = freshIp();
    const first = await post(body, { ip });
    const second = await post(body, { ip });
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    const a = await first.json<{ id: number }>();
    const b = await second.json<{ id: number; created: boolean }>();
    expect(b).toEqual({ id: a.id, created: false });
    expect(await rowsWithKey(body.idempotency_key)).toHaveLength(1);
  });

  it("refuses a foreign Origin with 403 in Russian and stores nothing", async () => {
    const body = valid();
    for (const origin of ["https://evil.example", "null", "http://localhost:8080"]) {
      const res = await post(body, { ip: freshIp(), headers: { Origin: origin } });
      expect(res.status, origin).toBe(403);
      expect((await res.json<{ error: string }>()).error).toBe(
        "Запрос отклонён: заявку можно отправить только со страниц нашего сайта",
      );
    }
    expect(await rowsWithKey(body.idempotency_key)).toHaveLength(0);
  });

  it("accepts no Origin only when the browser marks the request same-origin", async () => {
    const withoutOrigin = (headers: Record<string, string>) =>
      SELF.fetch(SUBMIT, {
        method: "POST",
        headers: { "Content-Type": "application/json", "CF-Connecting-IP": freshIp(), ...headers },
        body: JSON.stringify(valid()),
      });
    expect((await withoutOrigin({ "Sec-Fetch-Site": "same-origin" })).status).toBe(201);
    expect((await withoutOrigin({ "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
    expect((await withoutOrigin({})).status).toBe(403);
  });

  it.each([
    ["name", { name: "" }, "name: Укажите имя — хотя бы две буквы"],
    ["name", { name: "<script>" }, "name: В имени допустимы только буквы, пробел, дефис и апостроф"],
    [
      "phone",
      { phone: "+1 212 555-01-23" },
      "phone: Укажите российский номер телефона: +7 и 10 цифр, например +7 999 123-45-67",
    ],
    ["consent", { consent: false }, "consent: Подтвердите согласие на обработку персональных данных"],
    ["idempotency_key", { idempotency_key: "retry-1" }, "idempotency_key: Ключ повтора заявки — UUID"],
    ["quiz_id", { quiz_id: "1" }, "quiz_id: Не указан опрос (quiz_id)"],
    ["quiz_id", { quiz_id: 999 }, "quiz_id: Такого опроса нет"],
    ["answers", { answers: undefined }, "answers: Ответьте на вопросы опроса"],
  ])("answers 400 naming the field %s", async (_field, patch, message) => {
    const body = { ...valid(), ...patch };
    const res = await post(body, { ip: freshIp() });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: message });
    expect(await rowsWithKey(body.idempotency_key)).toHaveLength(0);
  });

  it.each([
    ["answers.rooms", { rooms: [] }, "answers.rooms: Выберите количество комнат"],
    ["answers.rooms", { rooms: ["2", "2"] }, "answers.rooms: Варианты количества комнат повторяются"],
    ["answers.budget", { budget: "1-2" }, "answers.budget: Выберите бюджет"],
    ["answers.otdelka", { otdelka: undefined }, "answers.otdelka: Выберите, нужна ли отделка"],
  ])("answers 400 naming the answer %s", async (_field, patch, message) => {
    const body = valid();
    const res = await post({ ...body, answers: { ...body.answers, ...patch } }, { ip: freshIp() });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: message });
  });

  it("answers 400 to a body that is not JSON", async () => {
    const res = await post("name=Анна&phone=89161234567", { ip: freshIp() });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "Тело запроса должно быть в формате JSON" });
  });

  it("accepts the common notations of a Russian phone", async () => {
    const ip = freshIp();
    for (const phone of ["+7 916 123 45 67", "9161234567"]) {
      const body = { ...valid(), phone };
      const res = await post(body, { ip });
      expect(res.status, phone).toBe(201);
      expect((await rowsWithKey(body.idempotency_key))[0]?.phone).toBe("+79161234567");
    }
  });

  it("limits a client IP to 5 submissions a minute with 429 in Russian", async () => {
    const ip = freshIp();
    // The limit counts fixed one-minute windows, so the posts may straddle two of them: eleven posts put at
    // least six into one window, and every post after the fifth of a window must be refused.
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await post(valid(), { ip });
      statuses.push(res.status);
      if (res.status === 429) {
        expect(res.headers.get("Retry-After")).toBe("60");
        expect(await res.json()).toEqual({
          error: "Слишком много запросов. Подождите немного и попробуйте снова.",
        });
      } else await res.arrayBuffer();
    }
    expect(statuses.slice(0, 5)).toEqual([201, 201, 201, 201, 201]);
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s === 201).length).toBeLessThanOrEqual(10);
    const other = await post(valid(), { ip: freshIp() });
    expect(other.status).toBe(201);
  });
});
