/**
 * A subscription request, from the API or the form without JavaScript: what to follow is resolved (a list page
 * of the catalogue, an apartment on the site, a published complex), the address and the subscription are stored
 * in D1 before the answer, and the confirmation letter goes through the outbox. Double opt-in: the address's
 * subscriptions wait for its link; an address that confirmed before and follows the same thing again gets
 * nothing new (one subscription, no letter).
 */
import { HTTPException } from "hono/http-exception";
import { ALERTS_CONSENT, type SubscribeInput, type SubscribeResult } from "../../shared/alerts";
import { formatArea, formatPriceShort, formatRooms } from "../../shared/format";
import { ALERTS_PATH } from "../../shared/routes";
import { getComplexName, insertLetter, storeSubscription } from "../db/queries/alerts";
import { getApartment } from "../db/queries/living-objects";
import { configuredOrigin } from "../env";
import { logEvent } from "../log";
import { confirmLetter } from "./letters";
import { writeSearchKeys } from "./match-chunk";
import { savedSearchOf } from "./saved-search";
import { type AlertsEnv, handOverLetters } from "./send";
import { CONFIRM_TTL_MS, randomToken, sha256 } from "./tokens";

interface Followed {
  kind: "search" | "apartment" | "complex";
  target: string;
  targetId: number | null;
  name: string;
}

/** A saved search's default name from its filter: «2-комн., до 15 млн ₽». */
function searchName(target: string): string {
  const saved = savedSearchOf(target);
  const f = saved?.saved.filter;
  const parts: string[] = [saved?.saved.model === "apartments" ? "Квартиры" : "Новостройки"];
  if (f?.rooms?.length) parts.push(f.rooms.map(formatRooms).join(", "));
  if (f?.price?.min !== undefined) parts.push(`от ${formatPriceShort(f.price.min)}`);
  if (f?.price?.max !== undefined) parts.push(`до ${formatPriceShort(f.price.max)}`);
  if (f?.area?.min !== undefined) parts.push(`от ${formatArea(f.area.min)}`);
  return parts.join(", ");
}

async function resolveFollow(db: D1Database, input: SubscribeInput): Promise<Followed> {
  const f = input.follow;
  if (f.kind === "search") {
    const saved = savedSearchOf(f.url);
    if (!saved)
      throw new HTTPException(400, { message: "follow.url: Этот адрес — не список новостроек или квартир" });
    return {
      kind: "search",
      target: saved.target,
      targetId: null,
      name: input.name || searchName(saved.target),
    };
  }
  if (f.kind === "apartment") {
    const a = await getApartment(db, f.id);
    if (!a) throw new HTTPException(400, { message: "follow.id: Такой квартиры нет" });
    const name = `${formatRooms(a.rooms)}, ${formatArea(a.area_total)} в ЖК «${a.complex_name}»`;
    return { kind: "apartment", target: `apartment:${a.id}`, targetId: a.id, name: input.name || name };
  }
  const complex = await getComplexName(db, f.id);
  if (!complex) throw new HTTPException(400, { message: "follow.id: Такого жилого комплекса нет" });
  return {
    kind: "complex",
    target: `complex:${f.id}`,
    targetId: f.id,
    name: input.name || `ЖК «${complex}»`,
  };
}

export async function subscribe(
  env: AlertsEnv,
  input: SubscribeInput,
  now = new Date(),
): Promise<SubscribeResult> {
  const followed = await resolveFollow(env.DB, input);
  const token = randomToken();
  const confirmHash = await sha256(token);
  const at = now.toISOString();
  const { subscriber, created } = await storeSubscription(env.DB, {
    email: input.email,
    consentVersion: ALERTS_CONSENT.version,
    at,
    confirmHash,
    confirmExpiresAt: new Date(now.getTime() + CONFIRM_TTL_MS).toISOString(),
    ...followed,
    frequency: input.frequency,
    feedToken: randomToken(),
  });
  // The search's keys (match-chunk.ts): written now, or by the scheduled job's backfill if this fails.
  if (created && followed.kind === "search")
    await writeSearchKeys(env, [followed.target]).catch((e) =>
      logEvent("error", "alerts.keys_failed", { message: e instanceof Error ? e.message : String(e) }),
    );
  if (subscriber.confirmed_at && !created) {
    return { created: false, confirmationSent: false, message: "Вы уже подписаны на это — письма приходят." };
  }
  const origin = configuredOrigin(env) ?? "";
  const letter = confirmLetter({
    origin,
    what: followed.name,
    confirmUrl: `${origin}${ALERTS_PATH}podtverdit/?t=${token}`,
  });
  const id = await insertLetter(env.DB, {
    subscriberId: subscriber.id,
    kind: "confirm",
    idempotencyKey: `confirm:${confirmHash}`,
    ...letter,
    at,
  });
  if (id !== null) await handOverLetters(env, [id]);
  return {
    created,
    confirmationSent: true,
    message: `Мы отправили письмо на ${input.email}. Откройте ссылку в нём, чтобы подписка заработала.`,
  };
}
