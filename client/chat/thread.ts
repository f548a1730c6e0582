/**
 * One conversation as a browser sees it, for the visitor's widget and the operator's console alike: the
 * stored messages (each once, in server order), the messages on their way, the draft, the connection.
 * A message gets its id here; until its `message` frame comes back it stays queued and is sent again after
 * every reconnection (the server stores an id once), so nothing typed is lost and nothing shows twice.
 */
import {
  type Author,
  CHAT_LIMITS,
  type ChatMessage,
  MESSAGES,
  type PageContext,
  type ServerFrame,
} from "../../shared/chat/protocol";
import { ReconnectingSocket, type SocketStatus } from "./socket";

export interface PendingMessage {
  id: string;
  text: string;
  at: number;
}

export interface ThreadState {
  messages: ChatMessage[];
  pending: PendingMessage[];
  /** The highest stored seq: the `since` cursor of the next connection. */
  lastSeq: number;
  status: SocketStatus;
  draft: string;
  /** The last thing that went wrong, in Russian; cleared by the next successful send. */
  notice: string | null;
}

export const EMPTY_THREAD: ThreadState = {
  messages: [],
  pending: [],
  lastSeq: 0,
  status: "connecting",
  draft: "",
  notice: null,
};

/** Adds stored messages: each id once, in seq order; an acknowledged message leaves the queue. */
export function withStored(state: ThreadState, incoming: ChatMessage[]): ThreadState {
  const known = new Set(state.messages.map((m) => m.id));
  const fresh: ChatMessage[] = [];
  for (const m of incoming) {
    if (known.has(m.id)) continue;
    known.add(m.id);
    fresh.push(m);
  }
  if (!fresh.length) return state;
  const ids = new Set(fresh.map((m) => m.id));
  return {
    ...state,
    messages: [...state.messages, ...fresh].sort((a, b) => a.seq - b.seq),
    pending: state.pending.filter((p) => !ids.has(p.id)),
    lastSeq: Math.max(state.lastSeq, ...fresh.map((m) => m.seq)),
  };
}

/** A refused message leaves the queue; its text goes back into an empty draft, so it is not lost. */
export function withRefused(state: ThreadState, id: string | undefined, message: string): ThreadState {
  const refused = state.pending.find((p) => p.id === id);
  return {
    ...state,
    pending: refused ? state.pending.filter((p) => p !== refused) : state.pending,
    draft: refused && !state.draft.trim() ? refused.text : state.draft,
    notice: message,
  };
}

export interface ThreadOptions {
  /** The socket's path; `?since=` is added. */
  path: string;
  prepare(): Promise<true | string>;
  /** Who writes from this side. */
  self: Author;
  /** The visitor's page, sent with each message. */
  page?: () => PageContext;
}

export class ChatThread {
  private state: ThreadState = EMPTY_THREAD;
  private readonly listeners = new Set<() => void>();
  private socket: ReconnectingSocket | null = null;

  constructor(private readonly opts: ThreadOptions) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.state;

  get self(): Author {
    return this.opts.self;
  }

  start(): void {
    this.socket ??= new ReconnectingSocket({
      url: () => `${this.opts.path}?since=${this.state.lastSeq}`,
      prepare: this.opts.prepare,
      onFrame: (frame) => this.onFrame(frame),
      onStatus: (status, message) => this.set({ status, notice: message ?? this.state.notice }),
    });
  }

  stop(): void {
    this.socket?.stop();
    this.socket = null;
  }

  setDraft = (draft: string) => this.set({ draft });

  /** Queues the draft and sends it if connected (otherwise after reconnecting). */
  submit = () => {
    const text = this.state.draft.trim();
    if (!text) return;
    if (text.length > CHAT_LIMITS.messageLength) return this.set({ notice: MESSAGES.tooLong });
    const message: PendingMessage = { id: crypto.randomUUID(), text, at: Date.now() };
    this.set({ pending: [...this.state.pending, message], draft: "", notice: null });
    this.transmit(message);
  };

  /** The operator has seen everything up to the last stored message. */
  markRead(): void {
    this.socket?.send({ type: "read", seq: this.state.lastSeq });
  }

  private transmit(m: PendingMessage): void {
    this.socket?.send({ type: "send", id: m.id, text: m.text, page: this.opts.page?.() });
  }

  private onFrame(frame: ServerFrame): void {
    if (frame.type === "history") {
      this.set(withStored(this.state, frame.messages));
      // Whatever is still queued was not stored: send it again (a stored id would just be acknowledged).
      for (const m of this.state.pending) this.transmit(m);
    } else if (frame.type === "message") {
      this.set(withStored(this.state, [frame.message]));
    } else if (frame.type === "error") {
      this.set(withRefused(this.state, frame.id, frame.message));
    }
  }

  private set(patch: Partial<ThreadState>): void {
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l();
  }
}
