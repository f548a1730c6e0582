import { Hono } from "hono";
import { QuizSubmitSchema } from "../../shared/schemas/quizzes";
import type { AppEnv } from "../env";
import { depsOf } from "../loaders/deps";
import { enforceRateLimit, type Limit } from "../rate-limit";
import { LOADERS } from "./answers";
import { json } from "./json";
import { assertSameOrigin, readJson } from "./post";
import { parse } from "./validate";

const PER_MINUTE: Limit = { name: "quiz-minute", max: 5, windowSeconds: 60 };
const PER_DAY: Limit = { name: "quiz-day", max: 30, windowSeconds: 86_400 };

export const quizzes = new Hono<AppEnv>()
  .get("/", async (c) => json(c, await LOADERS.quizzes(depsOf(c.env))))
  .post("/submit", async (c) => {
    assertSameOrigin(c);
    await enforceRateLimit(c, PER_MINUTE);
    await enforceRateLimit(c, PER_DAY);
    const input = parse(QuizSubmitSchema, await readJson(c));
    const result = await LOADERS.quizSubmit(depsOf(c.env), input, c.get("ip"));
    return json(c, result, result.created ? 201 : 200);
  });
