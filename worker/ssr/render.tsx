import type { ReactElement } from "react";
import { renderToReadableStream, renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import { App } from "../../client/app";
import type { BootData } from "../../client/boot";
import { ERROR_PAGE, FOOTER, PAGES, QUICK_SEARCH } from "../../client/pages";
import { RENDER_TIMEOUT_MS } from "../../shared/constants";
import type { PageId } from "../../shared/routes";
import { pageAssets } from "./assets";
import { BODY_START, documentEnd, documentStart, FAILED_BODY, ROOT_END } from "./document";

export interface RenderInput {
  url: URL;
  page: PageId | null;
  /**
   * The page's data and the visit's state. A promise for a page whose status its URL decides (worker/pages.ts):
   * its head leaves at once with a 200, and a promise that fails ends the document with FAILED_BODY.
   */
  boot: BootData | Promise<BootData>;
  nonce: string;
  /** The web-analytics counter's id, or null: not configured, or a bot (worker/analytics.ts). */
  analytics: string | null;
  /** Bots get the complete document at once. */
  waitForAll: boolean;
}

const HTML_HEADERS = { "Content-Type": "text/html; charset=utf-8" };

/**
 * Where React's output is cut: it writes the page's head tags (title, meta, canonical) before its first
 * element, so the tree starts with one marker and ends with another; both are replaced by the document's text.
 */
const HEAD_END = '<template id="ssr-head-end"></template>';
const PAGE_END = '<template id="ssr-page-end"></template>';

/**
 * How React marks a Suspense boundary it left to the browser (a part that threw, or suspended): `$!` opens a
 * client-rendered boundary. Text and attribute values are escaped, so nothing else writes `<!--`.
 */
const CLIENT_RENDERED = "<!--$!-->";

/** The page's tree between its markers. */
function pageTree(url: URL, boot: BootData) {
  return (
    <>
      <template id="ssr-head-end" />
      <StaticRouter location={url.pathname + url.search}>
        <App boot={boot} />
      </StaticRouter>
      <template id="ssr-page-end" />
    </>
  );
}

/**
 * What follows the document's start: React's output in the document (the head tags into the head, the page
 * into #root) and the document's end; null when the output is not a page React finished (no markers).
 *
 * The page is rendered to one string (`renderToString`), not streamed: its data is in before it renders and
 * every lazy part it declares is loaded, so nothing in it waits, and the streaming renderer would only have
 * cost more (on workerd it encoded each of a listing's ~10 000 pieces of markup to bytes apart, and counted
 * their bytes again: a third of its render; README «The server's rendering cost»). The head still leaves
 * before the render (documentStream below).
 */
function renderRest(element: ReactElement, end: string, reportParts: () => void): string | null {
  const html = renderToString(element);
  // renderToString keeps no error of a part it left to the browser: report it (the edge cache keeps no copy).
  if (html.includes(CLIENT_RENDERED)) reportParts();
  const head = html.indexOf(HEAD_END);
  const page = html.indexOf(PAGE_END, head);
  if (head < 0 || page < 0) return null;
  return `${html.slice(0, head)}${BODY_START}${html.slice(head + HEAD_END.length, page)}${ROOT_END}${html.slice(page + PAGE_END.length)}${end}`;
}

/**
 * Why a part was left to the browser, for the log: the streaming renderer renders the tree again and reports
 * each error (renderToString has no onError); a part that only suspended is reported as such.
 */
async function reportFailedParts(element: ReactElement, onError: (e: unknown) => void): Promise<void> {
  let reported = false;
  const report = (error: unknown) => {
    reported = true;
    onError(error);
  };
  try {
    const stream = await renderToReadableStream(element, {
      signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
      onError: report,
    });
    await stream.allReady;
    await stream.cancel();
  } catch (error) {
    if (!reported) report(error);
  }
  if (!reported) report(new Error("A part of the page suspended on the server: the browser renders it"));
}

/**
 * The page as a document. People get the head's fixed part (the stylesheet) at once: the browser fetches it
 * while the page's data is read and the page renders; the page's own head tags follow with the page. Bots
 * (`waitForAll`) get the response once the whole document is rendered, and a render that fails is the caller's
 * error page with its status.
 */
export async function renderPage(input: RenderInput, onError: (e: unknown) => void): Promise<Response> {
  const { url, page, nonce } = input;
  const assets = pageAssets(page);
  const start = documentStart({ nonce, css: assets.css });
  const rest = async () => {
    const boot = await input.boot;
    // The page's module and every part it declares are loaded before rendering, so its content is in the HTML
    // (readable without JavaScript) instead of a boundary left to the browser.
    await Promise.all([
      page && PAGES[page].preload(),
      QUICK_SEARCH.preload(),
      FOOTER.preload(),
      ERROR_PAGE.preload(),
    ]);
    const end = documentEnd({
      nonce,
      entry: assets.entry,
      preload: assets.preload,
      boot,
      analytics: input.analytics,
    });
    const element = pageTree(url, boot);
    let failedParts: Promise<void> | undefined;
    const html = renderRest(element, end, () => {
      failedParts = reportFailedParts(element, onError);
    });
    await failedParts;
    return html;
  };
  // A promise is read once the head has left; a failure of it is handled there, not as an unhandled rejection.
  if (input.boot instanceof Promise) input.boot.catch(() => undefined);
  const status = input.boot instanceof Promise ? 200 : input.boot.status;
  if (input.waitForAll) {
    const html = await rest();
    if (html === null) throw new Error("The page's render did not finish");
    return new Response(`${start}${html}`, { status, headers: HTML_HEADERS });
  }
  return new Response(documentStream(start, rest, onError), { status, headers: HTML_HEADERS });
}

/**
 * The document's start, then the rest (`rest` is called once the start has been read, so the head leaves
 * before the render takes the thread). A render that fails ends the document with FAILED_BODY (onError logs
 * it and marks the render failed: the edge cache keeps no copy).
 */
function documentStream(
  start: string,
  rest: () => Promise<string | null>,
  onError: (e: unknown) => void,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>(
    {
      start(out) {
        out.enqueue(encoder.encode(start));
      },
      // Called when the reader asks for what follows the start (a high-water mark of 0 reads nothing ahead).
      async pull(out) {
        // One turn of the event loop first: the start is written out before the render takes the thread.
        await new Promise((resolve) => setTimeout(resolve, 0));
        let html: string | null = null;
        try {
          html = await rest();
          if (html === null) throw new Error("The page's render did not finish");
        } catch (e) {
          onError(e);
        }
        out.enqueue(encoder.encode(html ?? FAILED_BODY));
        out.close();
      },
    },
    { highWaterMark: 0 },
  );
}

/** The last resort when even the error page fails to render: static, no scripts, no data. */
export function errorPageFailed(): Response {
  const html = `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Ошибка</title><style>body{font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;color:#111827}main{max-width:560px;padding:24px}a{color:#1d5bd8}</style></head><body><main><h1>Произошла ошибка при отображении страницы ошибки</h1><p>Попробуйте обновить страницу или <a href="/">перейдите на главную</a>.</p></main></body></html>`;
  return new Response(html, { status: 500, headers: HTML_HEADERS });
}
