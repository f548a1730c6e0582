/**
 * The index across conversations: a single Durable Object ("directory") that every conversation reports to
 * after each change. It answers the operator's list and pushes changes to the operator consoles' sockets.
 */

import { CHAT_LIMITS, type ConversationSummary, MESSAGES } from "../../shared/chat/protocol";
import { ChatObject, type Socket, type State, send } from "./sockets";

export const DIRECTORY_NAME = "directory";

const SCHEMA = `
CREATE TABLE IF NOT EXISTS conversations (
  id TEXT PRIMARY KEY,
  version INTEGER NOT NULL,
  path TEXT NOT NULL,
  complex TEXT,
  last_text TEXT NOT NULL,
  last_author TEXT NOT NULL,
  last_at INTEGER NOT NULL,
  unread INTEGER NOT NULL,
  started_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS conversations_by_last_at ON conversations (last_at);`;

type Row = {
  id: string;
  version: number;
  path: string;
  complex: string | null;
  last_text: string;
  last_author: string;
  last_at: number;
  unread: number;
  started_at: number;
};

export class ChatDirectory extends ChatObject {
  constructor(ctx: State, env: Env) {
    super(ctx, env, SCHEMA);
  }

  /** Keeps the summary unless a newer version is already here (reports can arrive out of order). */
  upsert(s: ConversationSummary): void {
    const written = this.ctx.storage.sql.exec(
      `INSERT INTO conversations (id, version, path, complex, last_text, last_author, last_at, unread, started_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET version = excluded.version, path = excluded.path,
         complex = excluded.complex, last_text = excluded.last_text, last_author = excluded.last_author,
         last_at = excluded.last_at, unread = excluded.unread
       WHERE excluded.version > conversations.version`,
      s.id,
      s.version,
      s.page.path,
      s.page.complex,
      s.lastText,
      s.lastAuthor,
      s.lastAt,
      s.unread,
      s.startedAt,
    ).rowsWritten;
    if (written) this.broadcast({ type: "conversation", conversation: s });
  }

  list(): ConversationSummary[] {
    return this.ctx.storage.sql
      .exec<Row>("SELECT * FROM conversations ORDER BY last_at DESC LIMIT ?", CHAT_LIMITS.listSize)
      .toArray()
      .map((r) => ({
        id: r.id,
        version: r.version,
        page: { path: r.path, complex: r.complex },
        lastText: r.last_text,
        lastAuthor: r.last_author === "operator" ? "operator" : "visitor",
        lastAt: r.last_at,
        unread: r.unread,
        startedAt: r.started_at,
      }));
  }

  /** The operator console's list socket (the worker has checked the operator's cookie). */
  override async fetch(): Promise<Response> {
    return this.accept("operator", { type: "conversations", conversations: this.list() });
  }

  override async webSocketMessage(ws: Socket): Promise<void> {
    send(ws, { type: "error", code: "invalid", message: MESSAGES.listOnly });
  }
}
