/**
 * The few Workers runtime names the chat uses, for the root project, which compiles worker and client
 * together against the DOM's types (`types: []`). The integration tests' project has the full runtime types.
 */
declare module "cloudflare:workers" {
  import type { DurableObjectState, WebSocket } from "@cloudflare/workers-types/latest";

  export abstract class DurableObject<Env> {
    protected ctx: DurableObjectState;
    protected env: Env;
    constructor(ctx: DurableObjectState, env: Env);
    fetch?(request: Request): Response | Promise<Response>;
    webSocketMessage?(ws: WebSocket, message: string | ArrayBuffer): void | Promise<void>;
    webSocketClose?(ws: WebSocket, code: number, reason: string, wasClean: boolean): void | Promise<void>;
  }
}

declare const WebSocketPair: typeof import("@cloudflare/workers-types/latest").WebSocketPair;
declare const WebSocketRequestResponsePair: typeof import("@cloudflare/workers-types/latest").WebSocketRequestResponsePair;
