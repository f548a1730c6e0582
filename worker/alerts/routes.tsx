/**
 * The alerts' addresses: POST /api/v1/alerts/subscriptions (JSON), and under /podpiski/ the pages without
 * client code — «Мои подписки» (by its signed link), the confirmation, the one-click unsubscribe (RFC 8058: a
 * POST from the mail client; a GET shows the button), the subscription form without JavaScript, the link to
 * «Мои подписки» by email, and each saved search's Atom feed at its secret address.
 */
import { type Context, Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ReactNode } from "react";
import * as v from "valibot";
import {
  ALERTS_CONSENT,
  FREQUENCIES,
  type FrequencyId,
  NewSinceQuerySchema,
  SubscribeSchema,
} from "../../shared/alerts";
import { ALERTS_PATH } from "../../shared/routes";
import { assertSameOrigin, readBodyText, readJson } from "../api/post";
import {
  confirmSubscriber,
  deleteSubscriber,
  deleteSubscriptions,
  getSubscriberByEmail,
  getSubscriptionByFeed,
  insertLetter,
  listSubscriptionChanges,
  listSubscriptions,
  revokeLinks,
  type SubscriberRow,
  updateSubscription,
} from "../db/queries/alerts";
import { type AppEnv, configuredOrigin } from "../env";
import { depsOf } from "../loaders/deps";
import { enforceRateLimit, type Limit } from "../rate-limit";
import { StaticPage, staticDocument } from "../ssr/static";
import { describeChange, manageLetter } from "./letters";
import { countNewSince, linksOf } from "./match";
import { type SearchState, searchStateOf } from "./search-state";
import { handOverLetters } from "./send";
import { subscribe } from "./subscribe";
import { readLink, sha256, signLink } from "./tokens";

const PER_IP: Limit = { name: "alerts-ip", max: 10, windowSeconds: 3600 };
const PER_ADDRESS: Limit = { name: "alerts-address", max: 5, windowSeconds: 86_400 };

/** Bots refused, same origin, rate-limited per IP; per address once the address is read. */
async function guard(c: Context<AppEnv>): Promise<void> {
  if (c.get("isBot")) throw new HTTPException(403, { message: "Подписку оформляют только посетители сайта" });
  assertSameOrigin(c);
  await enforceRateLimit(c, PER_IP);
}
const limitAddress = async (c: Context<AppEnv>, email: string) =>
  enforceRateLimit(c, PER_ADDRESS, `email:${await sha256(email)}`);

const firstMessage = (issues: readonly v.BaseIssue<unknown>[]) => {
  const i = issues[0];
  const path = i ? v.getDotPath(i) : null;
  return `${path ? `${path}: ` : ""}${i?.message ?? "Проверьте данные"}`;
};

export const alertsApi = new Hono<AppEnv>();

/** «Новое с вашего прошлого визита: N» on a saved search this browser keeps (no address: nothing stored). */
alertsApi.get("/new", async (c) => {
  const parsed = v.safeParse(NewSinceQuerySchema, c.req.query());
  if (!parsed.success) throw new HTTPException(400, { message: firstMessage(parsed.issues) });
  const { url, after } = parsed.output;
  const answer = await countNewSince(c.env, url, after ?? Number.MAX_SAFE_INTEGER);
  if (!answer) throw new HTTPException(400, { message: "По этому адресу нет списка каталога" });
  c.header("Cache-Control", "private, no-store");
  return c.json(answer);
});

alertsApi.post("/subscriptions", async (c) => {
  await guard(c);
  const parsed = v.safeParse(SubscribeSchema, await readJson(c));
  if (!parsed.success) throw new HTTPException(400, { message: firstMessage(parsed.issues) });
  if (parsed.output.website)
    throw new HTTPException(403, { message: "Подписку оформляют только посетители сайта" });
  await limitAddress(c, parsed.output.email);
  const result = await subscribe(c.env, parsed.output);
  return c.json(result, result.created ? 201 : 200);
});

// ---- Pages ----

const CSS = `
body { font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 0; color: #1d2733; background: #f2f5f8; }
main { max-width: 720px; margin: 0 auto; padding: 16px; }
header { background: #fff; border-bottom: 1px solid #e3e8ee; padding: 12px 16px; }
header a { color: #0a5bd3; font-weight: 700; text-decoration: none; }
h1 { font-size: 24px; margin: 8px 0 16px; }
.card { background: #fff; border-radius: 8px; padding: 16px; margin: 0 0 12px; }
.card h2 { font-size: 18px; margin: 0 0 8px; overflow-wrap: anywhere; }
.muted { color: #5b6775; font-size: 14px; }
label { display: block; margin: 8px 0 4px; }
input[type=text], input[type=email], select { font: inherit; padding: 8px 10px; border: 1px solid #c5ced8; border-radius: 6px; width: 100%; box-sizing: border-box; }
.row { display: flex; gap: 8px; flex-wrap: wrap; margin-top: 10px; }
button { font: inherit; padding: 8px 14px; border-radius: 6px; border: 1px solid #0a5bd3; background: #0a5bd3; color: #fff; cursor: pointer; }
button.secondary { background: #fff; color: #0a5bd3; }
button.danger { background: #fff; color: #b00020; border-color: #b00020; }
.check { display: flex; gap: 8px; align-items: flex-start; font-size: 14px; }
.check input { margin-top: 4px; }
.error { color: #b00020; }
.note--warn { background: #fff6e0; border-left: 3px solid #c77700; padding: 8px 12px; border-radius: 4px; }
.ok { color: #1b7a3a; }
.hidden { position: absolute; left: -10000px; }
code { overflow-wrap: anywhere; font-size: 13px; }
a { color: #0a5bd3; }
`;

function page(c: Context<AppEnv>, status: 200 | 201 | 400 | 403 | 404 | 429, title: string, body: ReactNode) {
  c.header("X-Robots-Tag", "noindex");
  c.header("Cache-Control", "no-store");
  c.header("Referrer-Policy", "no-referrer");
  return c.html(
    staticDocument(
      <StaticPage title={`${title} — Новостройки`} css={CSS}>
        {/* React puts it into the head. */}
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <header>
          <a href="/">Новостройки</a>
        </header>
        <main>
          <h1>{title}</h1>
          {body}
        </main>
      </StaticPage>,
    ),
    status,
  );
}

function RequestLinkForm() {
  return (
    <form method="post" action={`${ALERTS_PATH}ssylka/`} className="card">
      <label htmlFor="link-email">
        Пришлём ссылку на ваши подписки на адрес, на который вы подписывались
      </label>
      <input id="link-email" type="email" name="email" required autoComplete="email" />
      <div className="row">
        <button type="submit">Прислать ссылку</button>
      </div>
    </form>
  );
}

/** A saved search whose address no longer reads as it did: what changed, and what its letters follow now. */
function StateNote({ state }: { state: SearchState }) {
  if (state.kind === "ok") return null;
  if (state.kind === "gone")
    return (
      <p className="note note--warn">
        Этой страницы каталога больше нет (место или подборка ушли из каталога), поэтому писем по этому поиску
        не будет. Подписка сохранена: удалите её или сохраните новый поиск в каталоге.
      </p>
    );
  return (
    <p className="note note--warn">
      Часть условий больше не действует: {state.dropped.join(", ")}. Письма приходят по остальным условиям —{" "}
      <a href={state.now}>поиск, как он читается сейчас</a>.
    </p>
  );
}

function ManageList({
  k,
  subs,
  origin,
}: {
  k: string;
  subs: (Awaited<ReturnType<typeof listSubscriptions>>[number] & { state: SearchState })[];
  origin: string;
}) {
  return (
    <>
      {subs.length === 0 && (
        <p className="card">
          Подписок нет. Сохраните поиск на странице каталога или следите за ценой квартиры.
        </p>
      )}
      {subs.map((s) => (
        <section key={s.id} className="card">
          <h2>{s.kind === "search" && s.state.kind !== "gone" ? <a href={s.target}>{s.name}</a> : s.name}</h2>
          <p className="muted">
            {s.kind === "search"
              ? "Сохранённый поиск"
              : s.kind === "apartment"
                ? "Цена квартиры"
                : "Жилой комплекс"}{" "}
            ·{" "}
            {s.confirmed_at
              ? FREQUENCIES[s.frequency as FrequencyId]
              : "ждёт подтверждения по ссылке из письма"}
          </p>
          <StateNote state={s.state} />
          <form method="post" action={`${ALERTS_PATH}izmenit/`}>
            <input type="hidden" name="k" value={k} />
            <input type="hidden" name="id" value={s.id} />
            <label htmlFor={`name-${s.id}`}>Название</label>
            <input
              id={`name-${s.id}`}
              type="text"
              name="name"
              defaultValue={s.name}
              maxLength={120}
              required
            />
            <label htmlFor={`freq-${s.id}`}>Как часто присылать письма</label>
            <select id={`freq-${s.id}`} name="frequency" defaultValue={s.frequency}>
              {Object.entries(FREQUENCIES).map(([id, label]) => (
                <option key={id} value={id}>
                  {label}
                </option>
              ))}
            </select>
            <div className="row">
              <button type="submit">Сохранить</button>
              <button type="submit" className="danger" formAction={`${ALERTS_PATH}udalit/`}>
                Отписаться
              </button>
            </div>
          </form>
          {s.kind === "search" && s.confirmed_at && (
            <p className="muted">
              Лента Atom для RSS-читалки или бота (не показывайте её никому):{" "}
              <code>{`${origin}${ALERTS_PATH}lenta/${s.feed_token}/`}</code>
            </p>
          )}
        </section>
      ))}
      <form method="post" action={`${ALERTS_PATH}udalit-vse/`} className="card">
        <input type="hidden" name="k" value={k} />
        <h2>Удалить все мои данные</h2>
        <p className="muted">Удалим адрес, все подписки и письма. Ссылки из писем перестанут работать.</p>
        <div className="row">
          <button type="submit" className="danger">
            Удалить все мои данные
          </button>
        </div>
      </form>
    </>
  );
}

async function managePage(c: Context<AppEnv>, subscriber: SubscriberRow, k: string, note?: ReactNode) {
  const deps = depsOf(c.env);
  const subs = await Promise.all(
    (await listSubscriptions(c.env.DB, subscriber.id)).map(async (s) => ({
      ...s,
      state: s.kind === "search" ? await searchStateOf(deps, s.target) : ({ kind: "ok" } as const),
    })),
  );
  return page(
    c,
    200,
    "Мои подписки",
    <>
      <p className="muted" id="poiski">
        Адрес: {subscriber.email}
      </p>
      {note}
      <ManageList k={k} subs={subs} origin={configuredOrigin(c.env) ?? new URL(c.req.url).origin} />
    </>,
  );
}

const badLink = (c: Context<AppEnv>) =>
  page(
    c,
    403,
    "Ссылка не работает",
    <>
      <p className="card">
        Эта ссылка на «Мои подписки» недействительна: её отозвали или в ней ошибка. Свежую ссылку можно
        получить по почте.
      </p>
      <RequestLinkForm />
    </>,
  );

async function form(c: Context<AppEnv>): Promise<URLSearchParams> {
  return new URLSearchParams(await readBodyText(c));
}

export const alertsPages = new Hono<AppEnv>();

alertsPages.get("/", async (c) => {
  const k = c.req.query("k");
  if (k === undefined)
    return page(
      c,
      200,
      "Мои подписки",
      <>
        <p className="card">
          Здесь — ваши сохранённые поиски и цены, за которыми вы следите. Вход без пароля: по ссылке из любого
          нашего письма. Сохранить поиск можно кнопкой «Сохранить поиск» в{" "}
          <a href="/novostroyki/">каталоге</a>.
        </p>
        <RequestLinkForm />
      </>,
    );
  const subscriber = await readLink(c.env.DB, c.env.CHAT_SECRET, "manage", k);
  return subscriber ? managePage(c, subscriber, k) : badLink(c);
});

/** The manage page's forms: the signed key comes with each. */
async function withSubscriber(
  c: Context<AppEnv>,
  act: (s: SubscriberRow, f: URLSearchParams, k: string) => Promise<Response>,
) {
  assertSameOrigin(c);
  const f = await form(c);
  const k = f.get("k") ?? "";
  const subscriber = await readLink(c.env.DB, c.env.CHAT_SECRET, "manage", k);
  return subscriber ? act(subscriber, f, k) : badLink(c);
}

alertsPages.post("/izmenit/", (c) =>
  withSubscriber(c, async (s, f, k) => {
    const name = (f.get("name") ?? "").trim().slice(0, 120);
    const frequency = Object.keys(FREQUENCIES).find((id) => id === f.get("frequency")) as
      | FrequencyId
      | undefined;
    await updateSubscription(c.env.DB, s.id, Number(f.get("id")), {
      ...(name ? { name } : {}),
      ...(frequency ? { frequency } : {}),
    });
    return managePage(c, s, k, <p className="ok">Изменения сохранены.</p>);
  }),
);

alertsPages.post("/udalit/", (c) =>
  withSubscriber(c, async (s, f, k) => {
    await deleteSubscriptions(c.env.DB, s.id, Number(f.get("id")) || -1);
    return managePage(c, s, k, <p className="ok">Подписка удалена.</p>);
  }),
);

alertsPages.post("/udalit-vse/", (c) =>
  withSubscriber(c, async (s) => {
    await deleteSubscriber(c.env.DB, s.id);
    return page(c, 200, "Данные удалены", <p className="card">Мы удалили ваш адрес, подписки и письма.</p>);
  }),
);

alertsPages.get("/podtverdit/", async (c) => {
  const t = c.req.query("t") ?? "";
  const { outcome, subscriber } = await confirmSubscriber(
    c.env.DB,
    await sha256(t),
    new Date().toISOString(),
  );
  if (outcome === "confirmed" || outcome === "used") {
    // On the site itself: a path, whatever the configured origin.
    const manage = subscriber
      ? `${ALERTS_PATH}?k=${await signLink(c.env.CHAT_SECRET, "manage", subscriber)}`
      : null;
    return page(
      c,
      200,
      outcome === "confirmed" ? "Подписка подтверждена" : "Подписка уже подтверждена",
      <p className="card">
        {outcome === "confirmed"
          ? "Готово: письма о новых квартирах и изменениях цен будут приходить на ваш адрес."
          : "Эта ссылка уже открывалась — подписка работает."}{" "}
        {manage && <a href={manage}>Мои подписки</a>}
      </p>,
    );
  }
  return page(
    c,
    outcome === "expired" ? 400 : 404,
    outcome === "expired" ? "Ссылка устарела" : "Ссылка не найдена",
    <p className="card">
      {outcome === "expired"
        ? "Ссылка из письма действует двое суток, и этот срок прошёл. Подпишитесь ещё раз — мы пришлём новое письмо."
        : "Такой ссылки нет: возможно, её скопировали не целиком, или вы подписались ещё раз и пришло новое письмо."}{" "}
      <a href="/novostroyki/">В каталог</a>
    </p>,
  );
});

// One-click unsubscribe: the same answer for a known, an unknown and a forged key (no way to learn who is subscribed).
const unsubscribed = (c: Context<AppEnv>) =>
  page(c, 200, "Вы отписаны", <p className="card">Больше писем о подписках на этот адрес не будет.</p>);

alertsPages.get("/otpiska/", (c) =>
  page(
    c,
    200,
    "Отписаться от писем",
    <form method="post" className="card">
      <p>Отписаться от всех писем о новостройках на этот адрес?</p>
      <button type="submit" className="danger">
        Отписаться
      </button>
    </form>,
  ),
);

alertsPages.post("/otpiska/", async (c) => {
  const subscriber = await readLink(c.env.DB, c.env.CHAT_SECRET, "unsubscribe", c.req.query("k"));
  if (subscriber) await deleteSubscriptions(c.env.DB, subscriber.id, null);
  return unsubscribed(c);
});

alertsPages.post("/ssylka/", async (c) => {
  await guard(c);
  const email = v.safeParse(
    v.pipe(v.string(), v.trim(), v.toLowerCase(), v.email()),
    (await form(c)).get("email") ?? "",
  );
  const sent = page(
    c,
    200,
    "Проверьте почту",
    <p className="card">Если этот адрес подписан, мы отправили на него ссылку на «Мои подписки».</p>,
  );
  if (!email.success)
    return page(
      c,
      400,
      "Проверьте адрес",
      <>
        <p className="error">Адрес должен быть вида name@example.ru.</p>
        <RequestLinkForm />
      </>,
    );
  await limitAddress(c, email.output);
  const subscriber = await getSubscriberByEmail(c.env.DB, email.output);
  if (subscriber?.confirmed_at) {
    // A new link revokes the ones sent before.
    await revokeLinks(c.env.DB, subscriber.id);
    const fresh = { ...subscriber, token_version: subscriber.token_version + 1 };
    const id = await insertLetter(c.env.DB, {
      subscriberId: subscriber.id,
      kind: "manage",
      idempotencyKey: `manage:${subscriber.id}:${fresh.token_version}`,
      ...manageLetter(await linksOf(c.env, fresh)),
      at: new Date().toISOString(),
    });
    if (id !== null) await handOverLetters(c.env, [id]);
  }
  return sent;
});

/** The form without JavaScript: «Сохранить поиск» and «Следить за ценой» lead here (?url=… or ?kvartira=…, ?zhk=…). */
function SubscribeForm({ params, error }: { params: URLSearchParams; error?: string }) {
  const url = params.get("url");
  const apartment = params.get("kvartira");
  const complex = params.get("zhk");
  return (
    <form method="post" action={ALERTS_PATH} className="card">
      {error && <p className="error">{error}</p>}
      {url && <input type="hidden" name="url" value={url} />}
      {apartment && <input type="hidden" name="kvartira" value={apartment} />}
      {complex && <input type="hidden" name="zhk" value={complex} />}
      <label htmlFor="sub-email">Электронная почта</label>
      <input
        id="sub-email"
        type="email"
        name="email"
        required
        autoComplete="email"
        defaultValue={params.get("email") ?? ""}
      />
      {url && (
        <>
          <label htmlFor="sub-name">Название поиска</label>
          <input
            id="sub-name"
            type="text"
            name="name"
            maxLength={120}
            defaultValue={params.get("name") ?? ""}
          />
        </>
      )}
      <label htmlFor="sub-freq">Как часто присылать письма</label>
      <select id="sub-freq" name="frequency" defaultValue={params.get("frequency") ?? "instant"}>
        {Object.entries(FREQUENCIES).map(([id, label]) => (
          <option key={id} value={id}>
            {label}
          </option>
        ))}
      </select>
      <input
        className="hidden"
        type="text"
        name="website"
        tabIndex={-1}
        autoComplete="off"
        aria-hidden="true"
      />
      <label className="check">
        <input type="checkbox" name="consent" value="yes" required />
        <span>
          {ALERTS_CONSENT.text} (<a href="/policy/">политика</a>)
        </span>
      </label>
      <div className="row">
        <button type="submit">Подписаться</button>
      </div>
    </form>
  );
}

alertsPages.get("/novaya/", (c) =>
  page(c, 200, "Подписка на изменения", <SubscribeForm params={new URL(c.req.url).searchParams} />),
);

alertsPages.post("/", async (c) => {
  let f = new URLSearchParams();
  try {
    await guard(c);
    f = await form(c);
  } catch (e) {
    if (e instanceof HTTPException && e.status < 500)
      return page(c, e.status as 403, "Подписка не оформлена", <p className="card error">{e.message}</p>);
    throw e;
  }
  const kvartira = Number(f.get("kvartira"));
  const zhk = Number(f.get("zhk"));
  const parsed = v.safeParse(SubscribeSchema, {
    email: f.get("email") ?? "",
    consent: f.get("consent") === "yes",
    follow: f.get("url")
      ? { kind: "search", url: f.get("url") }
      : kvartira
        ? { kind: "apartment", id: kvartira }
        : { kind: "complex", id: zhk },
    name: f.get("name") || undefined,
    frequency: f.get("frequency") || undefined,
    website: f.get("website") || undefined,
  });
  const again = (error: string, status: 400 | 403 | 429) =>
    page(c, status, "Подписка на изменения", <SubscribeForm params={f} error={error} />);
  if (!parsed.success) return again(parsed.issues[0]?.message ?? "Проверьте данные", 400);
  if (parsed.output.website) return again("Подписку оформляют только посетители сайта", 403);
  try {
    await limitAddress(c, parsed.output.email);
    const result = await subscribe(c.env, parsed.output);
    return page(
      c,
      result.created ? 201 : 200,
      result.confirmationSent ? "Проверьте почту" : "Вы уже подписаны",
      <p className="card">{result.message}</p>,
    );
  } catch (e) {
    if (e instanceof HTTPException && (e.status === 400 || e.status === 429))
      return again(e.message.replace(/^[a-z.]+: /, ""), e.status);
    throw e;
  }
});

const xml = (s: string) => s.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

alertsPages.get("/lenta/:token/", async (c) => {
  const sub = await getSubscriptionByFeed(c.env.DB, c.req.param("token"));
  if (!sub)
    return page(c, 404, "Лента не найдена", <p className="card">Такой ленты нет или подписку удалили.</p>);
  const origin = configuredOrigin(c.env) ?? new URL(c.req.url).origin;
  const changes = await listSubscriptionChanges(c.env.DB, sub.id, 50);
  const self = `${origin}${ALERTS_PATH}lenta/${sub.feed_token}/`;
  const entries = changes.map((ch) => {
    const d = describeChange(ch, origin);
    return `<entry><id>${xml(`${self}#${ch.event_id}`)}</id><title>${xml(d.title)}</title><updated>${xml(ch.at)}</updated><link href="${xml(d.url)}"/><summary>${xml(d.details)}</summary></entry>`;
  });
  const body = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><id>${xml(self)}</id><title>${xml(sub.name)}</title><updated>${xml(changes[0]?.at ?? sub.created_at)}</updated><link rel="self" href="${xml(self)}"/><link href="${xml(origin + sub.target)}"/>${entries.join("")}</feed>`;
  c.header("Cache-Control", "no-store");
  c.header("X-Robots-Tag", "noindex");
  return c.body(body, 200, { "Content-Type": "application/atom+xml; charset=utf-8" });
});
