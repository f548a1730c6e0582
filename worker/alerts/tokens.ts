/**
 * The keys of a subscriber's links. The confirmation link carries a random token whose SHA-256 is stored (valid
 * two days, once). «Мои подписки» and the one-click unsubscribe are signed: `<id>.<version>.<HMAC>` with the
 * site's secret (CHAT_SECRET, each purpose its own message), valid while the subscriber's token_version is the
 * same, so raising it revokes every link sent before.
 */
import { hmac } from "../chat/identity";
import { getSubscriber, type SubscriberRow } from "../db/queries/alerts";

export const CONFIRM_TTL_MS = 48 * 3600_000;

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

/** A random token: 32 bytes, base64url. */
export const randomToken = () => base64url(crypto.getRandomValues(new Uint8Array(32)));

export async function sha256(text: string): Promise<string> {
  return base64url(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text))));
}

export type LinkPurpose = "manage" | "unsubscribe";

export async function signLink(
  secret: string,
  purpose: LinkPurpose,
  s: Pick<SubscriberRow, "id" | "token_version">,
) {
  const value = `${s.id}.${s.token_version}`;
  return `${value}.${await hmac(secret, `alerts-${purpose}:${value}`)}`;
}

/** The subscriber of a genuine, unrevoked link; null for a forged, revoked or unknown one. */
export async function readLink(
  db: D1Database,
  secret: string,
  purpose: LinkPurpose,
  key: string | undefined,
): Promise<SubscriberRow | null> {
  const m = /^(\d{1,12})\.(\d{1,9})\.([A-Za-z0-9_-]{43})$/.exec(key ?? "");
  if (!m) return null;
  const expected = await hmac(secret, `alerts-${purpose}:${m[1]}.${m[2]}`);
  // Both through the HMAC again, so the comparison's time tells nothing.
  if ((await hmac(secret, expected)) !== (await hmac(secret, m[3] ?? ""))) return null;
  const subscriber = await getSubscriber(db, Number(m[1]));
  return subscriber && subscriber.token_version === Number(m[2]) ? subscriber : null;
}
