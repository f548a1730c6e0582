import type { Context } from "hono";
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { QuizSubmitSchema } from "../../shared/schemas/quizzes";
import type { AppEnv } from "../env";
import { depsOf } from "../loaders/deps";
import { loadQuizzes, submitQuiz } from "../loaders/quizzes";
import { enforceRateLimit, type Limit } from "../rate-limit";
import { parse } from "./validate";

const PER_MINUTE: Limit = { name: "quiz-minute", max: 5, windowSeconds: 60 };
const PER_DAY: Limit = { name: "quiz-day", max: 30, windowSeconds: 86_400 };
const MAX_BODY_CHARS = 10_000;

/**
 * Same-origin check for POSTs (CSRF). Browsers send Origin with every POST, same-origin fetches included,
 * so a request whose Origin is not this site's — or is «null» (sandboxed frames, some redirects) — is refused.
 * Without an Origin header we accept only what the browser itself marks as same-origin in Sec-Fetch-Site
 * (older engines that omit Origin on same-origin requests); a request with neither header is refused too:
 * our own client always sends Origin, and a script that is not a browser has no business posting leads.
 */
function assertSameOrigin(c: Context<AppEnv>): void {
  const origin = c.req.header("Origin");
  const ok =
    origin === undefined
      ? c.req.header("Sec-Fetch-Site") === "same-origin"
      : origin === new URL(c.req.url).origin;
  if (!ok) {
    throw new HTTPException(403, {
      message: "Запрос отклонён: заявку можно отправить только со страниц нашего сайта",
    });
  }
}

async function readJson(c: Context<AppEnv>): Promise<unknown> {
  const text = await c.req.text();
  if (text.length > MAX_BODY_CHARS) throw new HTTPException(413, { message: "Слишком большой запрос" });
  try {
    return JSON.parse(text);
  } catch {
    throw new HTTPException(400, { message: "Тело запроса должно быть в формате JSON" });
  }
}

export const quizzes = new Hono<AppEnv>()
  .get("/", async (c) => c.json(await loadQuizzes(depsOf(c.env))))
  .post("/submit", async (c) => {
    assertSameOrigin(c);
    await enforceRateLimit(c, PER_MINUTE);
    await enforceRateLimit(c, PER_DAY);
    const input = parse(QuizSubmitSchema, await readJson(c));
    const result = await submitQuiz(depsOf(c.env), input, c.get("ip"));
    return c.json(result, result.created ? 201 : 200);
  });
