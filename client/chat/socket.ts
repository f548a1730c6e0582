/**
 * A WebSocket that comes back: after a dropped connection it waits (1 s, 2 s, 4 s … up to 30 s, with
 * jitter; at once when the browser comes back online) and connects again. Each attempt first runs
 * `prepare` (the HTTP step that makes sure the cookie is there) and asks `url()` afresh, so the path
 * carries the cursor of what the client already has. A heartbeat finds connections that died silently.
 */
import { HEARTBEAT_MS, PING, PONG, type ServerFrame } from "../../shared/chat/protocol";

export type SocketStatus = "connecting" | "open" | "offline" | "stopped";

export interface SocketOptions {
  url(): string;
  /** true to connect; a string stops for good with that message (the server said no). Throws to retry. */
  prepare(): Promise<true | string>;
  onFrame(frame: ServerFrame): void;
  onStatus(status: SocketStatus, message?: string): void;
}

const MAX_DELAY_MS = 30_000;

export class ReconnectingSocket {
  private ws: WebSocket | null = null;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private connecting = false;
  private stopped = false;

  constructor(private readonly opts: SocketOptions) {
    window.addEventListener("online", this.retryNow);
    void this.connect();
  }

  /** Sends when connected; false when not (the caller keeps the frame and sends it after reconnecting). */
  send(frame: object): boolean {
    if (this.ws?.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(frame));
    return true;
  }

  stop(message?: string): void {
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.heartbeat);
    window.removeEventListener("online", this.retryNow);
    this.ws?.close(1000);
    this.ws = null;
    this.opts.onStatus("stopped", message);
  }

  private retryNow = () => {
    if (this.ws || this.connecting || this.stopped) return;
    this.attempt = 0;
    void this.connect();
  };

  private async connect(): Promise<void> {
    clearTimeout(this.timer);
    this.connecting = true;
    this.opts.onStatus(this.attempt === 0 ? "connecting" : "offline");
    let ready: true | string;
    try {
      ready = await this.opts.prepare();
    } catch {
      this.connecting = false;
      return this.retryLater();
    }
    this.connecting = false;
    if (this.stopped) return;
    if (ready !== true) return this.stop(ready);

    const ws = new WebSocket(new URL(this.opts.url(), location.href).href.replace(/^http/, "ws"));
    this.ws = ws;
    let answered = true;
    ws.onopen = () => {
      this.attempt = 0;
      this.opts.onStatus("open");
      this.heartbeat = setInterval(() => {
        if (!answered) return this.drop(ws);
        answered = false;
        ws.send(PING);
      }, HEARTBEAT_MS);
    };
    ws.onmessage = (e) => {
      if (e.data === PONG) answered = true;
      else if (typeof e.data === "string") this.opts.onFrame(JSON.parse(e.data) as ServerFrame);
    };
    ws.onclose = () => this.drop(ws);
  }

  /** Gives up on a socket (closed, or silent) and connects again. */
  private drop(ws: WebSocket): void {
    if (this.ws !== ws) return;
    clearInterval(this.heartbeat);
    this.ws = null;
    ws.close();
    if (!this.stopped) this.retryLater();
  }

  private retryLater(): void {
    if (this.stopped) return;
    this.opts.onStatus("offline");
    const delay = Math.min(MAX_DELAY_MS, 1000 * 2 ** this.attempt) * (0.5 + Math.random() / 2);
    this.attempt++;
    this.timer = setTimeout(() => void this.connect(), delay);
  }
}
