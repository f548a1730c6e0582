/** What every POST from the site's own pages goes through before its body is read. */
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "../env";

const MAX_BODY_CHARS = 10_000;

/**
 * Same-origin check for POSTs (CSRF). Browsers send Origin with every POST, same-origin fetches included,
 * so a request whose Origin is not this site's — or is «null» (sandboxed frames, some redirects) — is refused.
 * Without an Origin header we accept only what the browser itself marks as same-origin in Sec-Fetch-Site
 * (older engines that omit Origin on same-origin requests); a request with neither header is refused too:
 * our own client always sends Origin, and a script that is not a browser has no business posting leads.
 */
export function assertSameOrigin(c: Context<AppEnv>): void {
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

/** The body as text, refused past MAX_BODY_CHARS. */
export async function readBodyText(c: Context<AppEnv>): Promise<string> {
  const text = await c.req.text();
  if (text.length > MAX_BODY_CHARS) throw new HTTPException(413, { message: "Слишком большой запрос" });
  return text;
}

export async function readJson(c: Context<AppEnv>): Promise<unknown> {
  const text = await readBodyText(c);
  try {
    return JSON.parse(text);
  } catch {
    throw new HTTPException(400, { message: "Тело запроса должно быть в формате JSON" });
  }
}
