/**
 * Where the chat goes in a layout. Bots never get it (SPEC §6). A visitor gets its launcher once the page has
 * hydrated (without JavaScript there is no chat to open), and the widget, its own chunk, only when they reach
 * for the launcher (pointer, touch or focus; the click opens the panel as the chunk comes), so a visit that
 * never chats fetches and runs none of its code (decision 0036). A browser that has written before gets the
 * widget once the page is idle, as the consultant's replies show on its launcher. This file is in the first
 * load: keep it free of the chat's own code.
 *
 * The widget's CSS is imported here and so rides with the entry CSS (it is small): a lazy chunk's own
 * CSS file would not be linked by anything.
 */
import { type ComponentType, startTransition, useEffect, useState } from "react";
import type { PageContext } from "../../shared/chat/protocol";
import type { RouteMatch } from "../../shared/routes";
import { useBoot } from "../hooks/use-boot";
import { Launcher, STARTED_KEY } from "./launcher";
import "./chat.css";

type WidgetModule = { Widget: ComponentType<{ page: PageContext }>; openChat(): void };

/** Survives the layout's remount on navigation, so the launcher does not blink. */
let loaded: WidgetModule | null = null;
let loading: Promise<WidgetModule> | null = null;

/** The widget's chunk, asked once; after a failure (offline), the next reach asks again. */
function loadWidget(): Promise<WidgetModule> {
  loading ??= import("./Widget").then(
    (m) => (loaded = m),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** This browser has written before. Not client/storage.ts: its schemas would bring valibot into the first load. */
function hasStarted(): boolean {
  try {
    return localStorage.getItem(STARTED_KEY) !== null;
  } catch {
    return false;
  }
}

/** The chat is an extra: if its chunk fails to load, the page goes on without it. */
const ignore = () => undefined;

export function ChatSlot({ match, enabled = true }: { match: RouteMatch; enabled?: boolean }) {
  const { isBot } = useBoot();
  // After hydration: the server cannot know that this browser runs the chat's code. The render this makes is
  // the slot's alone.
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => setInBrowser(true), []);
  const [widget, setWidget] = useState(loaded);
  // A click waits for the widget's chunk: the launcher says so, and says it when the chunk cannot come.
  const [opening, setOpening] = useState(false);
  const [failed, setFailed] = useState(false);
  const wanted = enabled && !isBot;
  const started = inBrowser && hasStarted();

  useEffect(() => {
    if (!wanted || widget || !started) return;
    let idle = 0;
    let cancelled = false;
    const load = () =>
      loadWidget().then((m) => {
        // A transition: the widget's first render yields to the browser. At default priority React renders
        // it in one blocking task with its commit (54–64 ms on the phone of `npm run lighthouse`).
        if (!cancelled) startTransition(() => setWidget(m));
      }, ignore);
    const hasIdle = "requestIdleCallback" in window;
    const whenIdle = () => {
      idle = hasIdle ? requestIdleCallback(load) : window.setTimeout(load, 1);
    };
    if (document.readyState === "complete") whenIdle();
    else window.addEventListener("load", whenIdle, { once: true });
    return () => {
      cancelled = true;
      window.removeEventListener("load", whenIdle);
      if (hasIdle) cancelIdleCallback(idle);
      else clearTimeout(idle);
    };
  }, [wanted, widget, started]);

  if (!wanted || !inBrowser) return null;
  if (!widget) {
    // A browser with a conversation waits for the widget's own launcher (its badge counts the replies): a
    // stand-in swapped for it as the idle load ends would drop the focus it had.
    if (started) return null;
    return (
      <>
        {failed && (
          <p className="chat-note" role="alert">
            Не удалось открыть чат. Проверьте соединение и нажмите ещё раз.
          </p>
        )}
        <Launcher
          busy={opening}
          onReach={() => loadWidget().catch(ignore)}
          onClick={() => {
            setFailed(false);
            setOpening(true);
            loadWidget().then(
              (m) => {
                m.openChat();
                setWidget(m);
              },
              () => {
                setOpening(false);
                setFailed(true);
              },
            );
          }}
        />
      </>
    );
  }
  const { params } = match;
  return (
    <widget.Widget page={{ path: match.pathname, complex: params.complex ?? params.complex_slug ?? null }} />
  );
}
