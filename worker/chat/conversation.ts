/**
 * One Durable Object per conversation (named by the visitor id). Its SQLite storage holds the messages and
 * the conversation's row; the visitor's and the operator's WebSockets are hibernatable, tagged by role.
 * A message is validated, rate-limited and stored before anyone sees it: the `message` frame that every
 * socket gets (the sender's acknowledgement) leaves only after the write is durable (the output gate).
 */

import {
  type Author,
  CHAT_LIMITS,
  type ChatMessage,
  type ConversationSummary,
  MESSAGES,
} from "../../shared/chat/protocol";
import { DIRECTORY_NAME } from "./directory";
import { type ClientFrame, parseClientFrame } from "./frames";
import { ChatObject, logError, type Socket, type State, send } from "./sockets";

const SCHEMA = `
CREATE TABLE IF NOT EXISTS messages (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  author TEXT NOT NULL,
  text TEXT NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS messages_by_author ON messages (author, at);
CREATE TABLE IF NOT EXISTS conversation (
  one INTEGER PRIMARY KEY CHECK (one = 1),
  id TEXT NOT NULL,
  path TEXT NOT NULL,
  complex TEXT,
  operator_read INTEGER NOT NULL DEFAULT 0,
  version INTEGER NOT NULL DEFAULT 0,
  started_at INTEGER NOT NULL
);`;

type MessageRow = { seq: number; id: string; author: string; text: string; at: number };
type ConversationRow = {
  id: string;
  path: string;
  complex: string | null;
  operator_read: number;
  version: number;
  started_at: number;
};

const toMessage = (r: MessageRow): ChatMessage => ({
  id: r.id,
  seq: r.seq,
  author: r.author === "operator" ? "operator" : "visitor",
  text: r.text,
  at: r.at,
});

export class ChatConversation extends ChatObject {
  constructor(ctx: State, env: Env) {
    super(ctx, env, SCHEMA);
  }

  /** The upgrade, forwarded by worker/chat/routes.ts once it knows who connects: ?role=&id=&since= */
  override async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const role: Author = url.searchParams.get("role") === "operator" ? "operator" : "visitor";
    if (role === "visitor") {
      this.sql(
        "INSERT OR IGNORE INTO conversation (one, id, path, started_at) VALUES (1, ?, '/', ?)",
        url.searchParams.get("id"),
        Date.now(),
      );
    } else if (!this.conversation()) {
      return Response.json({ error: "Такого диалога нет" }, { status: 404 });
    }
    const since = Number(url.searchParams.get("since"));
    return this.accept(role, { type: "history", since, messages: this.messagesAfter(since) });
  }

  override async webSocketMessage(ws: Socket, data: string | ArrayBuffer): Promise<void> {
    const role: Author = this.ctx.getTags(ws).includes("operator") ? "operator" : "visitor";
    const parsed = parseClientFrame(data);
    if ("error" in parsed) {
      return send(ws, { type: "error", code: "invalid", message: parsed.error, id: parsed.id });
    }
    const { frame } = parsed;
    try {
      if (frame.type === "send") return await this.store(ws, role, frame);
      if (role !== "operator") {
        return send(ws, { type: "error", code: "forbidden", message: MESSAGES.operatorOnly });
      }
      const changed = this.sql(
        `UPDATE conversation SET operator_read = ?1, version = version + 1
         WHERE operator_read < ?1 AND ?1 <= (SELECT coalesce(max(seq), 0) FROM messages)`,
        frame.seq,
      ).rowsWritten;
      if (changed) await this.publish();
    } catch (e) {
      logError("chat.message", e);
      const id = frame.type === "send" ? frame.id : undefined;
      send(ws, { type: "error", code: "unavailable", message: MESSAGES.failed, id });
    }
  }

  private async store(
    ws: Socket,
    role: Author,
    frame: Extract<ClientFrame, { type: "send" }>,
  ): Promise<void> {
    // A resend of a stored message (the client reconnected before its ack arrived) gets the same answer.
    const stored = this.sql<MessageRow>("SELECT * FROM messages WHERE id = ?", frame.id).toArray()[0];
    if (stored) return send(ws, { type: "message", message: toMessage(stored) });

    const now = Date.now();
    const recent = this.sql<{ n: number }>(
      "SELECT count(*) AS n FROM messages WHERE author = ? AND at > ?",
      role,
      now - 60_000,
    ).one().n;
    if (recent >= CHAT_LIMITS.perMinute[role]) {
      return send(ws, { type: "error", code: "rate_limited", message: MESSAGES.rateLimited, id: frame.id });
    }
    const row = this.sql<MessageRow>(
      "INSERT INTO messages (id, author, text, at) VALUES (?, ?, ?, ?) RETURNING *",
      frame.id,
      role,
      frame.text,
      now,
    ).one();
    if (role === "visitor" && frame.page) {
      this.sql("UPDATE conversation SET path = ?, complex = ?", frame.page.path, frame.page.complex);
    }
    this.sql("UPDATE conversation SET version = version + 1");
    // The directory first, so the operator's list is current by the time the sender has its ack.
    await this.publish();
    this.broadcast({ type: "message", message: toMessage(row) });
  }

  private sql<T extends Record<string, string | number | null> = Record<string, string | number | null>>(
    query: string,
    ...bindings: (string | number | null)[]
  ) {
    return this.ctx.storage.sql.exec<T>(query, ...bindings);
  }

  private conversation(): ConversationRow | undefined {
    return this.sql<ConversationRow>("SELECT * FROM conversation").toArray()[0];
  }

  private messagesAfter(since: number): ChatMessage[] {
    return this.sql<MessageRow>("SELECT * FROM messages WHERE seq > ? ORDER BY seq", since)
      .toArray()
      .map(toMessage);
  }

  /** Tells the directory how the conversation stands now (it keeps the highest version). */
  private async publish(): Promise<void> {
    const c = this.conversation();
    const last = this.sql<MessageRow>("SELECT * FROM messages ORDER BY seq DESC LIMIT 1").toArray()[0];
    if (!c || !last) return;
    const unread = this.sql<{ n: number }>(
      "SELECT count(*) AS n FROM messages WHERE author = 'visitor' AND seq > ?",
      c.operator_read,
    ).one().n;
    const summary: ConversationSummary = {
      id: c.id,
      version: c.version,
      page: { path: c.path, complex: c.complex },
      lastText: last.text,
      lastAuthor: toMessage(last).author,
      lastAt: last.at,
      unread,
      startedAt: c.started_at,
    };
    try {
      await this.env.CHAT_DIRECTORY.getByName(DIRECTORY_NAME).upsert(summary);
    } catch (e) {
      logError("chat.publish", e);
    }
  }
}
