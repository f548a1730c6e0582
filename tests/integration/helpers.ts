import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { app } from "../../worker/app";

export const HUMAN_UA =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
/** Chrome on an Android phone, as Lighthouse's mobile preset says it is. */
export const PHONE_UA =
  "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36";
export const GOOGLEBOT_UA = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

export function get(path: string, init: { bot?: boolean; headers?: Record<string, string> } = {}) {
  return SELF.fetch(`http://localhost${path}`, {
    redirect: "manual",
    headers: { "User-Agent": init.bot ? GOOGLEBOT_UA : HUMAN_UA, ...init.headers },
  });
}

/** The rows a statement answers in the test's D1. */
export async function rows<T>(sql: string, ...binds: (string | number)[]): Promise<T[]> {
  return (
    await env.DB.prepare(sql)
      .bind(...binds)
      .all<T>()
  ).results;
}

export async function getJson<T = unknown>(path: string): Promise<{ status: number; body: T }> {
  const res = await get(path, { headers: { Accept: "application/json" } });
  return { status: res.status, body: (await res.json()) as T };
}

/** The SWR fallback a page embeds: each API key it read, with the answer. */
export function fallbackOf(html: string): Record<string, unknown> {
  const data = /<script type="application\/json" id="__DATA__"[^>]*>([^<]*)<\/script>/.exec(html)?.[1] ?? "";
  return (JSON.parse(data) as { fallback: Record<string, unknown> }).fallback;
}

/** The nonce of every <script> and the one in the CSP header. */
export function scriptNonces(html: string): { scripts: number; nonces: (string | null)[] } {
  const tags = html.match(/<script\b[^>]*>/g) ?? [];
  return { scripts: tags.length, nonces: tags.map((t) => /\snonce="([^"]+)"/.exec(t)?.[1] ?? null) };
}

export function cspNonce(res: Response): string | null {
  return /'nonce-([^']+)'/.exec(res.headers.get("Content-Security-Policy") ?? "")?.[1] ?? null;
}

/**
 * One visit through the worker's app, waiting for its background work (the edge cache's write) to finish;
 * `vars` overrides configuration (wrangler.toml vars) for this visit.
 */
export async function visit(
  path: string,
  ua = HUMAN_UA,
  headers: Record<string, string> = {},
  vars: Record<string, string | undefined> = {},
): Promise<{ res: Response; html: string }> {
  const ctx = createExecutionContext();
  const res = await app.fetch(
    new Request(`http://localhost${path}`, { headers: { "User-Agent": ua, ...headers } }),
    { ...env, ...vars },
    ctx,
  );
  const html = await res.text();
  await waitOnExecutionContext(ctx);
  return { res, html };
}

/** The consultant's sign-in cookie («chat_operator=…»), as /operator/ gets it with the right token. */
export async function operatorCookie(ip = "203.0.113.78"): Promise<string> {
  const res = await SELF.fetch("http://localhost/api/v1/chat/operator/session", {
    method: "POST",
    headers: { "CF-Connecting-IP": ip, "Content-Type": "application/json" },
    body: JSON.stringify({ token: env.OPERATOR_TOKEN }),
  });
  if (res.status !== 200) throw new Error(`operator sign-in answered ${res.status}`);
  const set = res.headers.getSetCookie().find((c) => c.startsWith("chat_operator=")) ?? "";
  return set.split(";")[0] ?? "";
}

/** The page's own content (its <main>), without the header and its site search form. */
export function mainOf(html: string): string {
  const start = html.indexOf("<main");
  return start < 0 ? "" : html.slice(start, html.indexOf("</main>", start) + "</main>".length);
}
