/**
 * What the worker reads from a chat client (shared/chat/protocol.ts has the frames): a frame, a message id, a
 * conversation id, a `since` cursor, each refused with a Russian message.
 */
import * as v from "valibot";
import { CHAT_LIMITS, MAX_FRAME_CHARS, MESSAGES } from "../../shared/chat/protocol";

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
