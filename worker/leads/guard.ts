/** The checks a buyer's request passes before its body is read, for the API and for the form without JavaScript. */
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { assertSameOrigin } from "../api/post";
import type { AppEnv } from "../env";
import { enforceRateLimit, type Limit } from "../rate-limit";

const PER_MINUTE: Limit = { name: "lead-minute", max: 5, windowSeconds: 60 };
const PER_DAY: Limit = { name: "lead-day", max: 30, windowSeconds: 86_400 };

/** Bots see the phone number, never the form: a request from one is refused and reaches no queue. */
export async function guardLeadPost(c: Context<AppEnv>): Promise<void> {
  if (c.get("isBot")) {
    throw new HTTPException(403, { message: "Заявки принимаются только от посетителей сайта" });
  }
  assertSameOrigin(c);
  await enforceRateLimit(c, PER_MINUTE);
  await enforceRateLimit(c, PER_DAY);
}
