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
 */
import * as v from "valibot";

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

const BAD = MESSAGES.badFrame;

/** Client-made message ids: a UUID or any similar URL-safe token. */
export const MessageIdSchema = v.pipe(v.string(BAD), v.regex(/^[A-Za-z0-9_-]{8,64}$/, BAD));

/** Conversation ids are the visitor ids: UUIDs. */
export const ConversationIdSchema = v.pipe(v.string(), v.uuid("Неверный номер диалога"));

export const SinceSchema = v.pipe(
  v.optional(v.string(), "0"),
  v.regex(/^\d{1,15}$/, "ожидается номер сообщения"),
  v.transform(Number),
);

const PageSchema = v.object(
  {
    path: v.pipe(v.string(BAD), v.startsWith("/", BAD), v.maxLength(300, BAD)),
    complex: v.nullable(v.pipe(v.string(BAD), v.regex(/^[a-z0-9-]{1,120}$/, BAD))),
  },
  BAD,
);

export const ClientFrameSchema = v.variant(
  "type",
  [
    v.object(
      {
        type: v.literal("send", BAD),
        id: MessageIdSchema,
        text: v.pipe(
          v.string(BAD),
          v.trim(),
          v.nonEmpty(MESSAGES.empty),
          v.maxLength(CHAT_LIMITS.messageLength, MESSAGES.tooLong),
        ),
        page: v.optional(PageSchema),
      },
      BAD,
    ),
    v.object(
      { type: v.literal("read", BAD), seq: v.pipe(v.number(BAD), v.integer(BAD), v.minValue(0, BAD)) },
      BAD,
    ),
  ],
  BAD,
);

export type ClientFrame = v.InferOutput<typeof ClientFrameSchema>;

/** A frame from the wire, or the Russian reason it is refused (with the message id when there is one). */
export function parseClientFrame(
  data: unknown,
): { frame: ClientFrame } | { error: string; id: string | undefined } {
  if (typeof data !== "string" || data.length > MAX_FRAME_CHARS) return { error: BAD, id: undefined };
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return { error: BAD, id: undefined };
  }
  const result = v.safeParse(ClientFrameSchema, json);
  if (result.success) return { frame: result.output };
  const id = v.safeParse(v.object({ id: MessageIdSchema }), json);
  return { error: result.issues[0]?.message ?? BAD, id: id.success ? id.output.id : undefined };
}
