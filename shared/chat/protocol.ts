/**
 * The chat's wire protocol: JSON frames over WebSocket, shared by the Durable Objects and the browser.
 * Platform-neutral (no Workers or DOM types).
 *
 * Client → server, on a conversation socket (and PING on any socket, see below):
 *   { type: "send", id, text, page? }  a message; `id` is made by the client, so a resend is idempotent
 *   { type: "read", seq }              the operator has read up to `seq`
 * Server → client:
 *   { type: "history", since, messages }            right after connecting: every message after `since`
 *   { type: "message", message }                     a stored message, to every socket (the sender's ack)
 *   { type: "error", code, message, id? }            a refused frame, with a Russian message
 *   { type: "conversations", conversations }         operator's list socket: the list on connecting
 *   { type: "conversation", conversation }           operator's list socket: one conversation changed
 *
 * The schemas that read a client's frames are the worker's (worker/chat/frames.ts): the browser only writes
 * frames, and its chat chunk would build them for nothing.
 */
export const CHAT_LIMITS = {
  /** Characters in one message (UTF-16 code units, as the textarea's maxlength counts). */
  messageLength: 2000,
  /** Messages per minute in one conversation, by who writes. */
  perMinute: { visitor: 10, operator: 30 },
  /** New visitors (each gets one conversation) per IP per day. */
  conversationsPerIpPerDay: 20,
  /** Operator sign-in attempts per IP per hour. */
  operatorLoginsPerIpPerHour: 10,
  /** Conversations the operator's list shows, latest activity first. */
  listSize: 100,
} as const;

/**
 * Heartbeat: the client sends PING every HEARTBEAT_MS and the runtime answers PONG without waking the
 * object; a PING left unanswered until the next one means the connection is dead, and the client reconnects.
 */
export const PING = "ping";
export const PONG = "pong";
export const HEARTBEAT_MS = 25_000;

/** Frames larger than this are refused before parsing (a full message in JSON is far below it). */
export const MAX_FRAME_CHARS = 16_000;

export type Author = "visitor" | "operator";

export interface ChatMessage {
  id: string;
  /** Server order within the conversation, 1, 2, 3…: the `since` cursor. */
  seq: number;
  author: Author;
  text: string;
  /** Milliseconds since the epoch. */
  at: number;
}

/** Where the visitor is on the site: the path and, on a complex page, the complex slug. */
export interface PageContext {
  path: string;
  complex: string | null;
}

export interface ConversationSummary {
  id: string;
  /** Grows with every change; the directory keeps the newest. */
  version: number;
  page: PageContext;
  lastText: string;
  lastAuthor: Author;
  lastAt: number;
  /** Visitor messages the operator has not read. */
  unread: number;
  startedAt: number;
}

export type ErrorCode = "invalid" | "rate_limited" | "forbidden" | "unavailable";

export type ServerFrame =
  | { type: "history"; since: number; messages: ChatMessage[] }
  | { type: "message"; message: ChatMessage }
  | { type: "error"; code: ErrorCode; message: string; id?: string }
  | { type: "conversations"; conversations: ConversationSummary[] }
  | { type: "conversation"; conversation: ConversationSummary };

export const MESSAGES = {
  badFrame: "Не удалось разобрать сообщение. Обновите страницу и попробуйте ещё раз.",
  empty: "Сообщение пустое — напишите текст.",
  tooLong: `Сообщение длиннее ${CHAT_LIMITS.messageLength} символов — сократите его или разбейте на несколько.`,
  rateLimited: "Слишком много сообщений подряд. Подождите минуту и отправьте снова.",
  operatorOnly: "Отмечать прочитанное может только консультант.",
  listOnly: "Это соединение только получает список диалогов.",
  failed: "Не удалось сохранить сообщение. Попробуйте отправить его ещё раз.",
} as const;
