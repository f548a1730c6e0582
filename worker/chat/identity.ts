/**
 * Who is on the other end, from signed cookies (HMAC-SHA-256 with CHAT_SECRET); no accounts, nothing stored.
 *
 * Visitor: `chat_visitor=<uuid>.<hmac("visitor:" + uuid)>`. The uuid names the visitor's one conversation,
 * so a visitor reaches only their own: there is no conversation id to pass, and a forged one fails the HMAC.
 * Operator: `chat_operator=<expiry>.<hmac("operator:" + expiry + ":" + OPERATOR_TOKEN)>`, issued for the
 * right token; changing either secret signs every operator out.
 */
import * as v from "valibot";
import { ConversationIdSchema } from "./frames";

export const VISITOR_COOKIE = "chat_visitor";
export const OPERATOR_COOKIE = "chat_operator";
export const VISITOR_MAX_AGE = 180 * 24 * 3600;
export const OPERATOR_MAX_AGE = 12 * 3600;

const encoder = new TextEncoder();

function base64url(bytes: ArrayBuffer): string {
  return btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

export async function hmac(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    encoder.encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  return base64url(await crypto.subtle.sign("HMAC", key, encoder.encode(message)));
}

/** Compares without an early exit, so the time taken does not tell how much matched. */
function same(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** Splits `<value>.<signature>` at the last dot. */
function signed(cookie: string | undefined): [value: string, signature: string] | null {
  const dot = cookie?.lastIndexOf(".") ?? -1;
  return cookie && dot > 0 ? [cookie.slice(0, dot), cookie.slice(dot + 1)] : null;
}

export async function visitorCookie(secret: string, visitorId: string): Promise<string> {
  return `${visitorId}.${await hmac(secret, `visitor:${visitorId}`)}`;
}

/** The visitor id of a genuine cookie, else null. */
export async function readVisitor(secret: string, cookie: string | undefined): Promise<string | null> {
  const parts = signed(cookie);
  if (!parts || !v.is(ConversationIdSchema, parts[0])) return null;
  return same(parts[1], await hmac(secret, `visitor:${parts[0]}`)) ? parts[0] : null;
}

export async function operatorCookie(secret: string, token: string, expiresAt: number): Promise<string> {
  return `${expiresAt}.${await hmac(secret, `operator:${expiresAt}:${token}`)}`;
}

export async function isOperator(
  secret: string,
  token: string,
  cookie: string | undefined,
): Promise<boolean> {
  const parts = signed(cookie);
  if (!parts || !/^\d{1,15}$/.test(parts[0]) || Number(parts[0]) < Date.now()) return false;
  return same(parts[1], await hmac(secret, `operator:${parts[0]}:${token}`));
}

/** The operator's token check: both sides through the HMAC first, so the comparison leaks no length. */
export async function tokenMatches(secret: string, given: string, token: string): Promise<boolean> {
  return same(await hmac(secret, `token:${given}`), await hmac(secret, `token:${token}`));
}
