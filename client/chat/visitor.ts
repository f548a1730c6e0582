/**
 * The visitor's chat: one per tab, kept at module level so that it outlives the layout's remounts on
 * client-side navigation (the panel stays open, the socket stays up). It connects when the panel is first
 * opened, or at once when this browser has written before (so that replies arrive and show on the launcher).
 */
import type { PageContext } from "../../shared/chat/protocol";
import { STARTED_KEY } from "./launcher";
import { ChatThread } from "./thread";

/** The seq of the last consultant's message the visitor has seen in the open panel. */
const READ_KEY = "chat-read-seq";

/** The visitor's signed cookie, made by the server on first use; its answer when it refuses. */
async function ensureSession(): Promise<true | string> {
  const res = await fetch("/api/v1/chat/session", {
    method: "POST",
    headers: { Accept: "application/json" },
  });
  if (res.ok) return true;
  if (res.status >= 500 && res.status !== 503) throw new Error(`chat session: ${res.status}`);
  const body = (await res.json().catch(() => null)) as { error?: string } | null;
  return body?.error ?? "Не удалось открыть чат. Обновите страницу и попробуйте ещё раз.";
}

export interface PanelState {
  open: boolean;
  readSeq: number;
}

class VisitorChat {
  page: PageContext = { path: "/", complex: null };
  readonly thread = new ChatThread({
    path: "/chat/ws/",
    prepare: ensureSession,
    self: "visitor",
    page: () => this.page,
  });
  private panel: PanelState = { open: false, readSeq: Number(localStorage.getItem(READ_KEY)) || 0 };
  private readonly listeners = new Set<() => void>();

  constructor() {
    if (localStorage.getItem(STARTED_KEY)) this.thread.start();
    // Messages that arrive while the panel is open are seen.
    this.thread.subscribe(() => {
      if (this.panel.open) this.markSeen();
    });
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.panel;

  open = () => {
    this.thread.start();
    this.setPanel({ open: true });
    this.markSeen();
  };

  close = () => this.setPanel({ open: false });

  send = () => {
    localStorage.setItem(STARTED_KEY, "1");
    this.thread.submit();
  };

  private markSeen(): void {
    const seq = this.thread.getSnapshot().lastSeq;
    if (seq <= this.panel.readSeq) return;
    localStorage.setItem(READ_KEY, String(seq));
    this.setPanel({ readSeq: seq });
  }

  private setPanel(patch: Partial<PanelState>): void {
    this.panel = { ...this.panel, ...patch };
    for (const l of this.listeners) l();
  }
}

let chat: VisitorChat | undefined;

export function visitorChat(): VisitorChat {
  chat ??= new VisitorChat();
  return chat;
}
