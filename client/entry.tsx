import { startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { BOOT_ELEMENT_ID, type BootData } from "../shared/boot";
import { matchRoute } from "../shared/routes";
import { App } from "./app";
import { ERROR_PAGE, PAGES } from "./pages";

/**
 * A task of its own for each step: this module's evaluation (react-dom), reading the page's data, and
 * hydration's start (its root, its event listeners) each cost a phone 30–60 ms, and one after another in one
 * task they were the longest task of our code on the calibrated phone (`npm run lighthouse`: 65–109 ms). The
 * page's chunks ran before this module, each a task of its own (client/entry-loader.ts).
 */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

await nextTask();
const boot = JSON.parse(document.getElementById(BOOT_ELEMENT_ID)?.textContent ?? "{}") as BootData;
const match = matchRoute(location.pathname, location.search);
// The page's chunk (or the error page's) before hydrating, so the first render matches the server's HTML.
if (match && boot.status < 400) {
  const page = await PAGES[match.route.page].preload();
  await nextTask();
  // The page's keys once, in a task of their own: their first calls (the URL's filter parsed by valibot, the
  // keys built) compile here, not in the page's first render slice, where they made the complex page's render
  // one unit of work of 50–70 ms on the phone (scripts/profile-client.mjs); the render computes them again, and
  // meets an error there as a page does, so one thrown here must not stop hydration.
  try {
    page.data?.keys(match);
  } catch {
    // The render's error boundary shows it.
  }
} else await ERROR_PAGE.preload();
await nextTask();
// The browser's storage opened once, each area in a task of its own: the first read of localStorage or
// sessionStorage waits on the browser's process for the whole area (11–19 and 2–23 ms on the phone, the two in
// one task up to 71 ms on a busy host), and the effects after hydration (favourites, the scroll's place, saved
// searches) made it inside their one task. Storage may be refused.
try {
  void localStorage.length;
} catch {}
await nextTask();
try {
  void sessionStorage.length;
} catch {}
await nextTask();

const root = document.getElementById("root");
if (root) {
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the main
  // thread for the whole page.
  startTransition(() => {
    hydrateRoot(
      root,
      <BrowserRouter>
        <App boot={boot} />
      </BrowserRouter>,
    );
  });
}
