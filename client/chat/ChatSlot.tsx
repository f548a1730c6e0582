/**
 * Where the chat goes in a layout. The widget is its own chunk, imported only once the page has loaded
 * and the browser is idle, so it costs nothing on first load; bots never get it (SPEC §6). This file is
 * in the entry chunk: keep it free of the chat's own code.
 *
 * The widget's CSS is imported here and so rides with the entry CSS (it is small): a lazy chunk's own
 * CSS file would not be linked by anything.
 */
import { type ComponentType, startTransition, useEffect, useState } from "react";
import type { PageContext } from "../../shared/chat/protocol";
import type { RouteMatch } from "../../shared/routes";
import { useBoot } from "../hooks/use-boot";
import "./chat.css";

type WidgetModule = { Widget: ComponentType<{ page: PageContext }> };

/** Survives the layout's remount on navigation, so the launcher does not blink. */
let loaded: WidgetModule | null = null;

export function ChatSlot({ match, enabled = true }: { match: RouteMatch; enabled?: boolean }) {
  const { isBot } = useBoot();
  const [widget, setWidget] = useState(loaded);
  const wanted = enabled && !isBot;

  useEffect(() => {
    if (!wanted || widget) return;
    let idle = 0;
    let cancelled = false;
    const load = () => {
      import("./Widget").then(
        (m) => {
          loaded = m;
          // A transition: the widget's first render yields to the browser. At default priority React renders
          // it in one blocking task with its commit (54–64 ms on the phone of `npm run lighthouse`).
          if (!cancelled) startTransition(() => setWidget(m));
        },
        // The chat is an extra: if its chunk fails to load, the page goes on without it.
        () => undefined,
      );
    };
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
  }, [wanted, widget]);

  if (!wanted || !widget) return null;
  const { params } = match;
  return (
    <widget.Widget page={{ path: match.pathname, complex: params.complex ?? params.complex_slug ?? null }} />
  );
}
