/** What both chat Durable Objects share: SQLite storage with a schema, hibernatable WebSockets, frames. */
import { DurableObject } from "cloudflare:workers";
import { PING, PONG, type ServerFrame } from "../../shared/chat/protocol";

// The runtime's types as "cloudflare:workers" declares them (worker/chat/runtime.d.ts in the root project,
// the full runtime types in the tests' project). Mixing in the other copy of them makes tsc crawl.
export type State = ConstructorParameters<typeof DurableObject<Env>>[0];
export type Socket = Parameters<NonNullable<DurableObject<Env>["webSocketMessage"]>>[0];

export function send(ws: Socket, frame: ServerFrame): void {
  try {
    ws.send(JSON.stringify(frame));
  } catch {
    // The socket is closing; the client fetches what it missed when it reconnects.
  }
}

export function logError(where: string, error: unknown): void {
  console.error(
    JSON.stringify({
      level: "error",
      where,
      message: error instanceof Error ? error.message : String(error),
    }),
  );
}

export abstract class ChatObject extends DurableObject<Env> {
  constructor(ctx: State, env: Env, schema: string) {
    super(ctx, env);
    ctx.storage.sql.exec(schema);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PING, PONG));
  }

  /**
   * Accepts a hibernatable socket (the object may be evicted between messages while the socket stays up),
   * sends its first frame and answers the upgrade.
   */
  protected accept(tag: string, first: ServerFrame): Response {
    const pair = new WebSocketPair();
    this.ctx.acceptWebSocket(pair[1], [tag]);
    send(pair[1], first);
    return new Response(null, { status: 101, webSocket: pair[0] } as ResponseInit);
  }

  protected broadcast(frame: ServerFrame): void {
    for (const ws of this.ctx.getWebSockets()) send(ws, frame);
  }

  /** Nothing is kept per socket, and the runtime answers the close frame itself (auto-reply to close). */
  override webSocketClose(): void {}
}
