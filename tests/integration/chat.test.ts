/**
 * The chat through the real worker and its Durable Objects: sessions, WebSockets with hibernation, storage
 * that outlives the object, identity, limits.
 */
import { abortAllDurableObjects, env, runInDurableObject, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ChatMessage, ConversationSummary, ServerFrame } from "../../shared/chat/protocol";
import { CHAT_LIMITS, PING, PONG } from "../../shared/chat/protocol";
import { operatorCookie as signOperator } from "../../worker/chat/identity";

const ORIGIN = "http://localhost";
let ipCounter = 0;
/** Each test comes from its own IP, so the per-IP limits of one test do not touch another. */
const freshIp = () => `198.51.100.${++ipCounter}`;

type Frame<T extends ServerFrame["type"]> = Extract<ServerFrame, { type: T }>;

/** One end of a chat WebSocket: frames in arrival order, taken one by one. */
class Peer {
  private frames: ServerFrame[] = [];
  private waiting: (() => void)[] = [];
  closed = false;
  pongs = 0;

  constructor(readonly ws: WebSocket) {
    ws.accept();
    ws.addEventListener("message", (e) => {
      if (e.data === PONG) this.pongs++;
      else this.frames.push(JSON.parse(e.data as string) as ServerFrame);
      for (const wake of this.waiting.splice(0)) wake();
    });
    ws.addEventListener("close", () => {
      this.closed = true;
      for (const wake of this.waiting.splice(0)) wake();
    });
  }

  async pong() {
    while (!this.pongs) await new Promise<void>((wake) => this.waiting.push(wake));
    this.pongs--;
  }

  /** The first frame of this type (and matching `where`) not taken yet; waits for it if need be. */
  async take<T extends ServerFrame["type"]>(type: T, where: (f: Frame<T>) => boolean = () => true) {
    for (;;) {
      const i = this.frames.findIndex((f) => f.type === type && where(f as Frame<T>));
      if (i >= 0) return this.frames.splice(i, 1)[0] as Frame<T>;
      if (this.closed) throw new Error(`the socket closed before a "${type}" frame`);
      await new Promise<void>((wake) => this.waiting.push(wake));
    }
  }

  send(frame: unknown) {
    this.ws.send(typeof frame === "string" ? frame : JSON.stringify(frame));
  }

  /** Sends a message and returns it as stored (the sender's own `message` frame is the acknowledgement). */
  async say(text: string, extra: Record<string, unknown> = {}): Promise<ChatMessage> {
    const id = crypto.randomUUID();
    this.send({ type: "send", id, text, ...extra });
    return (await this.take("message", (f) => f.message.id === id)).message;
  }

  close() {
    this.ws.close(1000, "done");
  }
}

function cookieOf(res: Response, name: string): string {
  const set = res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  if (!set) throw new Error(`no ${name} cookie`);
  return set.split(";")[0] as string;
}

async function visitorSession(ip = freshIp()): Promise<{ cookie: string; id: string }> {
  const res = await SELF.fetch(`${ORIGIN}/api/v1/chat/session`, {
    method: "POST",
    headers: { "CF-Connecting-IP": ip },
  });
  expect(res.status).toBe(201);
  const cookie = cookieOf(res, "chat_visitor");
  return { cookie, id: cookie.slice("chat_visitor=".length).split(".")[0] as string };
}

async function operatorCookie(ip = freshIp()): Promise<string> {
  const res = await SELF.fetch(`${ORIGIN}/api/v1/chat/operator/session`, {
    method: "POST",
    headers: { "CF-Connecting-IP": ip, "Content-Type": "application/json" },
    body: JSON.stringify({ token: env.OPERATOR_TOKEN }),
  });
  expect(res.status).toBe(200);
  return cookieOf(res, "chat_operator");
}

function upgrade(path: string, cookie?: string, headers: Record<string, string> = {}) {
  return SELF.fetch(`${ORIGIN}${path}`, {
    headers: { Upgrade: "websocket", ...(cookie ? { Cookie: cookie } : {}), ...headers },
  });
}

async function connect(path: string, cookie: string): Promise<Peer> {
  const res = await upgrade(path, cookie);
  expect(res.status).toBe(101);
  if (!res.webSocket) throw new Error("no WebSocket in the 101 answer");
  return new Peer(res.webSocket);
}

async function list(cookie: string): Promise<ConversationSummary[]> {
  const res = await SELF.fetch(`${ORIGIN}/api/v1/chat/operator/conversations`, {
    headers: { Cookie: cookie },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { conversations: ConversationSummary[] }).conversations;
}

describe("a conversation between a visitor and the operator", () => {
  it("delivers messages live both ways and keeps the operator's list current", async () => {
    const visitor = await visitorSession();
    const op = await operatorCookie();
    const feed = await connect("/chat/operator/ws/", op);
    await feed.take("conversations");

    const v = await connect("/chat/ws/", visitor.cookie);
    expect(await v.take("history")).toEqual({ type: "history", since: 0, messages: [] });
    const page = { path: "/novostroyki/zhk-sokolniki-12/", complex: "zhk-sokolniki-12" };
    const first = await v.say("Здравствуйте! Есть ли двухкомнатные с отделкой?", { page });
    expect(first).toMatchObject({ seq: 1, author: "visitor" });

    // The list socket hears about the new conversation, with the page the visitor is on.
    const update = await feed.take("conversation", (f) => f.conversation.id === visitor.id);
    expect(update.conversation).toMatchObject({ page, unread: 1, lastAuthor: "visitor" });
    expect(update.conversation.lastText).toBe(first.text);

    const o = await connect(`/chat/operator/ws/${visitor.id}/`, op);
    expect((await o.take("history")).messages).toEqual([first]);

    const reply = await o.say("Добрый день! Да, в корпусе 2 есть варианты.");
    expect(reply).toMatchObject({ seq: 2, author: "operator" });
    expect((await v.take("message")).message).toEqual(reply);

    const next = await v.say("А какая площадь?");
    expect((await o.take("message")).message).toEqual(next);

    // A read cursor past the last message is ignored; reading up to the last one clears the unread count,
    // in the list and over REST.
    o.send({ type: "read", seq: next.seq + 5 });
    o.send({ type: "read", seq: next.seq });
    const read = await feed.take(
      "conversation",
      (f) => f.conversation.id === visitor.id && f.conversation.unread === 0,
    );
    expect(read.conversation.lastText).toBe("А какая площадь?");
    expect((await list(op)).find((c) => c.id === visitor.id)).toMatchObject({ unread: 0, page });
    // The cursor past the end did not pre-read what comes next.
    const parking = await v.say("И сколько стоит машино-место?");
    const later = await feed.take("conversation", (f) => f.conversation.lastText === parking.text);
    expect(later.conversation).toMatchObject({ id: visitor.id, unread: 1 });
    for (const p of [v, o, feed]) p.close();
  });

  it("answers the heartbeat on every socket", async () => {
    const visitor = await visitorSession();
    const op = await operatorCookie();
    const sockets = [
      await connect("/chat/ws/", visitor.cookie),
      await connect("/chat/operator/ws/", op),
      await connect(`/chat/operator/ws/${visitor.id}/`, op),
    ];
    for (const s of sockets) {
      s.send(PING);
      await s.pong();
      expect(s.closed).toBe(false);
      s.close();
    }
  });

  it("stores a resent message once and gives the same answer", async () => {
    const visitor = await visitorSession();
    const v = await connect("/chat/ws/", visitor.cookie);
    await v.take("history");
    const id = crypto.randomUUID();
    v.send({ type: "send", id, text: "Один раз" });
    const stored = (await v.take("message", (f) => f.message.id === id)).message;
    v.send({ type: "send", id, text: "Один раз" });
    expect((await v.take("message", (f) => f.message.id === id)).message).toEqual(stored);
    v.close();

    const again = await connect("/chat/ws/", visitor.cookie);
    expect((await again.take("history")).messages).toEqual([stored]);
    again.close();
  });

  it("sends only what came after the client's cursor", async () => {
    const visitor = await visitorSession();
    const v = await connect("/chat/ws/", visitor.cookie);
    await v.take("history");
    const a = await v.say("Первое");
    const b = await v.say("Второе");
    const c = await v.say("Третье");
    v.close();
    const back = await connect(`/chat/ws/?since=${a.seq}`, visitor.cookie);
    expect(await back.take("history")).toEqual({ type: "history", since: a.seq, messages: [b, c] });
    back.close();
    expect((await upgrade("/chat/ws/?since=abc", visitor.cookie)).status).toBe(400);
  });

  it("keeps the history when the objects are evicted and created again", async () => {
    const visitor = await visitorSession();
    const op = await operatorCookie();
    const v = await connect("/chat/ws/", visitor.cookie);
    await v.take("history");
    const question = await v.say("Сохранится ли это?");
    const o = await connect(`/chat/operator/ws/${visitor.id}/`, op);
    await o.take("history");
    const answer = await o.say("Да, всё хранится в объекте.");

    await abortAllDurableObjects();
    // The old sockets went down with their objects.
    await expect(v.take("message", () => false)).rejects.toThrow(/closed/);

    const back = await connect("/chat/ws/", visitor.cookie);
    expect((await back.take("history")).messages).toEqual([question, answer]);
    expect((await list(op)).find((c) => c.id === visitor.id)).toMatchObject({
      lastText: answer.text,
      lastAuthor: "operator",
      unread: 1,
    });
    // The numbering goes on where it stopped.
    expect((await back.say("Спасибо!")).seq).toBe(3);
    back.close();
  });
});

describe("identity", () => {
  it("gives each visitor only their own conversation", async () => {
    const alice = await visitorSession();
    const bob = await visitorSession();
    const a = await connect("/chat/ws/", alice.cookie);
    await a.take("history");
    await a.say("Мой телефон +7 900 000-00-00");
    a.close();

    const b = await connect("/chat/ws/", bob.cookie);
    expect((await b.take("history")).messages).toEqual([]);
    b.close();

    // Alice's id with Bob's signature, or any made-up signature, is nobody.
    const bobSignature = bob.cookie.split(".")[1];
    for (const forged of [`chat_visitor=${alice.id}.${bobSignature}`, `chat_visitor=${alice.id}.AAAA`]) {
      const res = await upgrade("/chat/ws/", forged);
      expect(res.status).toBe(401);
      expect(((await res.json()) as { error: string }).error).toBe("Сначала откройте чат на сайте.");
    }
    expect((await upgrade("/chat/ws/")).status).toBe(401);
    // A visitor's cookie opens nothing of the operator's.
    expect((await upgrade(`/chat/operator/ws/${alice.id}/`, alice.cookie)).status).toBe(401);
  });

  it("keeps a genuine cookie instead of making a new visitor", async () => {
    const visitor = await visitorSession();
    const res = await SELF.fetch(`${ORIGIN}/api/v1/chat/session`, {
      method: "POST",
      headers: { Cookie: visitor.cookie },
    });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it("sets the visitor cookie HttpOnly, Secure, SameSite=Lax", async () => {
    const res = await SELF.fetch(`${ORIGIN}/api/v1/chat/session`, {
      method: "POST",
      headers: { "CF-Connecting-IP": freshIp() },
    });
    const set = res.headers.getSetCookie()[0] ?? "";
    expect(set).toMatch(/^chat_visitor=[0-9a-f-]{36}\.[\w-]{43};/);
    expect(set).toContain("HttpOnly");
    expect(set).toContain("Secure");
    expect(set).toContain("SameSite=Lax");
    expect(set).toContain("Path=/");
  });
});

describe("the operator's side", () => {
  const unauthorized = async (res: Response) => {
    expect(res.status).toBe(401);
    expect(res.headers.get("Content-Type")).toContain("application/json");
    return ((await res.json()) as { error: string }).error;
  };

  it("refuses the API and the sockets without the operator's cookie", async () => {
    const visitor = await visitorSession();
    // Genuinely signed, but an hour past its expiry.
    const expired = `chat_operator=${await signOperator(env.CHAT_SECRET, env.OPERATOR_TOKEN, Date.now() - 3600_000)}`;
    for (const cookie of [undefined, visitor.cookie, "chat_operator=99999999999999.forged", expired]) {
      const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
      const res = await SELF.fetch(`${ORIGIN}/api/v1/chat/operator/conversations`, { headers });
      expect(await unauthorized(res)).toBe("Только для консультантов: войдите с ключом доступа.");
      await unauthorized(await upgrade("/chat/operator/ws/", cookie));
      await unauthorized(await upgrade(`/chat/operator/ws/${visitor.id}/`, cookie));
    }
  });

  it("signs in only with the right token", async () => {
    const ip = freshIp();
    const login = (body: unknown) =>
      SELF.fetch(`${ORIGIN}/api/v1/chat/operator/session`, {
        method: "POST",
        headers: { "CF-Connecting-IP": ip, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    const wrong = await login({ token: "guess" });
    expect(await unauthorized(wrong)).toBe("Неверный ключ доступа");
    expect(wrong.headers.getSetCookie()).toEqual([]);
    const empty = await login({ token: "" });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { error: string }).error).toBe("token: Введите ключ доступа");

    const ok = await login({ token: env.OPERATOR_TOKEN });
    expect(ok.status).toBe(200);
    const set = ok.headers.getSetCookie()[0] ?? "";
    expect(set).toMatch(/HttpOnly/);
    expect(set).toMatch(/Secure/);
    expect(set).toMatch(/SameSite=Strict/);
    const cookie = cookieOf(ok, "chat_operator");
    expect(Array.isArray(await list(cookie))).toBe(true);
    const status = (c?: string) =>
      SELF.fetch(`${ORIGIN}/api/v1/chat/operator/session`, { headers: c ? { Cookie: c } : {} }).then((r) =>
        r.json(),
      );
    expect(await status(cookie)).toEqual({ signedIn: true });
    expect(await status()).toEqual({ signedIn: false });

    const out = await SELF.fetch(`${ORIGIN}/api/v1/chat/operator/session`, {
      method: "DELETE",
      headers: { Cookie: cookie },
    });
    expect(out.headers.getSetCookie()[0]).toMatch(/^chat_operator=;.*Max-Age=0/);
  });

  it("limits sign-in attempts per IP", async () => {
    const ip = freshIp();
    const attempt = () =>
      SELF.fetch(`${ORIGIN}/api/v1/chat/operator/session`, {
        method: "POST",
        headers: { "CF-Connecting-IP": ip, "Content-Type": "application/json" },
        body: JSON.stringify({ token: "guess" }),
      });
    for (let i = 0; i < CHAT_LIMITS.operatorLoginsPerIpPerHour; i++)
      expect((await attempt()).status).toBe(401);
    const over = await attempt();
    expect(over.status).toBe(429);
    expect(((await over.json()) as { error: string }).error).toMatch(/^Слишком много запросов/);
  });

  it("answers 404 for a conversation that does not exist", async () => {
    const op = await operatorCookie();
    const res = await upgrade(`/chat/operator/ws/${crypto.randomUUID()}/`, op);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "Такого диалога нет" });
    expect((await upgrade("/chat/operator/ws/not-an-id/", op)).status).toBe(400);
  });

  it("answers any frame on the list socket with an error frame and stays connected", async () => {
    const feed = await connect("/chat/operator/ws/", await operatorCookie());
    await feed.take("conversations");
    feed.send("hello");
    expect(await feed.take("error")).toMatchObject({
      message: "Это соединение только получает список диалогов.",
    });
    expect(feed.closed).toBe(false);
    feed.close();
  });
});

describe("limits and bad frames", () => {
  it("answers a bad frame with a Russian error frame and keeps the socket", async () => {
    const visitor = await visitorSession();
    const v = await connect("/chat/ws/", visitor.cookie);
    await v.take("history");
    const id = crypto.randomUUID();
    const cases: [frame: unknown, message: string][] = [
      ["{not json", "Не удалось разобрать сообщение. Обновите страницу и попробуйте ещё раз."],
      [{ type: "dance" }, "Не удалось разобрать сообщение. Обновите страницу и попробуйте ещё раз."],
      [
        { type: "send", id: "x", text: "Привет" },
        "Не удалось разобрать сообщение. Обновите страницу и попробуйте ещё раз.",
      ],
      [{ type: "send", id, text: "   " }, "Сообщение пустое — напишите текст."],
      [
        { type: "send", id, text: "а".repeat(CHAT_LIMITS.messageLength + 1) },
        "Сообщение длиннее 2000 символов — сократите его или разбейте на несколько.",
      ],
      ["x".repeat(20_000), "Не удалось разобрать сообщение. Обновите страницу и попробуйте ещё раз."],
      [{ type: "read", seq: 1 }, "Отмечать прочитанное может только консультант."],
    ];
    for (const [frame, message] of cases) {
      v.send(frame);
      expect((await v.take("error")).message).toBe(message);
    }
    v.ws.send(new Uint8Array([1, 2, 3]));
    expect((await v.take("error")).code).toBe("invalid");
    // The refused frames were not stored, the socket is still up, and a full-length message is fine.
    const ok = await v.say("а".repeat(CHAT_LIMITS.messageLength));
    expect(ok.seq).toBe(1);
    v.close();
  });

  it("names the message it refuses, so the client can mark it", async () => {
    const visitor = await visitorSession();
    const v = await connect("/chat/ws/", visitor.cookie);
    await v.take("history");
    const id = crypto.randomUUID();
    v.send({ type: "send", id, text: "" });
    expect(await v.take("error")).toEqual({
      type: "error",
      code: "invalid",
      message: "Сообщение пустое — напишите текст.",
      id,
    });
    v.close();
  });

  it("answers a storage failure with an error frame, not a dropped socket", async () => {
    const visitor = await visitorSession();
    const v = await connect("/chat/ws/", visitor.cookie);
    await v.take("history");
    await runInDurableObject(env.CHAT_CONVERSATION.getByName(visitor.id), (_, state) => {
      state.storage.sql.exec("DROP TABLE messages");
    });
    const id = crypto.randomUUID();
    v.send({ type: "send", id, text: "Привет" });
    expect(await v.take("error")).toEqual({
      type: "error",
      code: "unavailable",
      message: "Не удалось сохранить сообщение. Попробуйте отправить его ещё раз.",
      id,
    });
    expect(v.closed).toBe(false);
    v.close();
  });

  it("limits messages per minute per visitor with an error frame", async () => {
    const visitor = await visitorSession();
    const v = await connect("/chat/ws/", visitor.cookie);
    await v.take("history");
    for (let i = 1; i <= CHAT_LIMITS.perMinute.visitor; i++)
      expect((await v.say(`Сообщение ${i}`)).seq).toBe(i);
    const id = crypto.randomUUID();
    v.send({ type: "send", id, text: "Ещё одно" });
    expect(await v.take("error")).toEqual({
      type: "error",
      code: "rate_limited",
      message: "Слишком много сообщений подряд. Подождите минуту и отправьте снова.",
      id,
    });
    expect(v.closed).toBe(false);
    v.close();
    const back = await connect("/chat/ws/", visitor.cookie);
    expect((await back.take("history")).messages).toHaveLength(CHAT_LIMITS.perMinute.visitor);
    back.close();
  });

  it("limits new conversations per IP per day", async () => {
    const ip = freshIp();
    for (let i = 0; i < CHAT_LIMITS.conversationsPerIpPerDay; i++) await visitorSession(ip);
    const over = await SELF.fetch(`${ORIGIN}/api/v1/chat/session`, {
      method: "POST",
      headers: { "CF-Connecting-IP": ip },
    });
    expect(over.status).toBe(429);
    expect(over.headers.getSetCookie()).toEqual([]);
    expect(((await over.json()) as { error: string }).error).toMatch(/^Слишком много запросов/);
    // Another address is not affected.
    await visitorSession();
  });

  it("accepts WebSocket handshakes only, and only from the site's own pages", async () => {
    const visitor = await visitorSession();
    const plain = await SELF.fetch(`${ORIGIN}/chat/ws/`, { headers: { Cookie: visitor.cookie } });
    expect(plain.status).toBe(426);
    expect(await plain.json()).toEqual({ error: "Сюда подключаются по WebSocket." });
    const foreign = await upgrade("/chat/ws/", visitor.cookie, { Origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toEqual({ error: "Подключиться к чату можно только со страниц сайта." });
    const own = await upgrade("/chat/ws/", visitor.cookie, { Origin: ORIGIN });
    expect(own.status).toBe(101);
    own.webSocket?.accept();
    own.webSocket?.close();
  });
});
