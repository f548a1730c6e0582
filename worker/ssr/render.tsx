import { renderToReadableStream } from "react-dom/server";
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
  boot: BootData;
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
const HEAD_END_ID = "ssr-head-end";
const PAGE_END_ID = "ssr-page-end";
const marker = (id: string) => `<template id="${id}"></template>`;

/**
 * React's output in the document: the head tags into the head, the page into #root, then the rest (a late
 * boundary's content and React's scripts) and the document's end. The page's markup is held until its end
 * marker (it is whole by then: the render's shell is the page), then sent as one piece.
 */
function intoDocument(react: ReadableStream<Uint8Array>, end: string): ReadableStream<Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let held: string | null = "";
  return react.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, out) {
        if (held === null) return out.enqueue(chunk);
        held += decoder.decode(chunk, { stream: true });
        const head = held.indexOf(marker(HEAD_END_ID));
        const page = held.indexOf(marker(PAGE_END_ID), head);
        if (head < 0 || page < 0) return;
        const after = held.slice(page + marker(PAGE_END_ID).length);
        out.enqueue(
          encoder.encode(
            `${held.slice(0, head)}${BODY_START}${held.slice(head + marker(HEAD_END_ID).length, page)}${ROOT_END}${after}`,
          ),
        );
        held = null;
      },
      flush(out) {
        // Without its markers the output is not a page React finished: nothing of it is sent.
        out.enqueue(encoder.encode(held === null ? end : FAILED_BODY));
      },
    }),
  );
}

/**
 * The page as a document. People get the head's fixed part (the stylesheet) as soon as the status is known:
 * the browser fetches it while the page renders; the page's own head tags follow with the page. Bots (`waitForAll`) get the response once the whole document is rendered, and a render that fails is
 * the caller's error page with its status. A page still suspended after the render timeout is finished by the
 * client, so the request always answers.
 */
export async function renderPage(input: RenderInput, onError: (e: unknown) => void): Promise<Response> {
  const { url, page, boot, nonce } = input;
  const assets = pageAssets(page);
  // The page's module is loaded before rendering, so its content is in the first bytes (readable without
  // JavaScript) instead of a hidden streamed boundary; the data was prefetched already.
  await Promise.all([
    page && PAGES[page].preload(),
    QUICK_SEARCH.preload(),
    FOOTER.preload(),
    ERROR_PAGE.preload(),
  ]);
  const start = documentStart({ nonce, css: assets.css });
  const end = documentEnd({
    nonce,
    entry: assets.entry,
    preload: assets.preload,
    shell: assets.shell,
    boot,
    analytics: input.analytics,
  });
  const render = () =>
    renderToReadableStream(
      <>
        <template id={HEAD_END_ID} />
        <StaticRouter location={url.pathname + url.search}>
          <App boot={boot} />
        </StaticRouter>
        <template id={PAGE_END_ID} />
      </>,
      {
        nonce,
        signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
        // Never outline a finished part of the page into a hidden block revealed by script: the HTML reads
        // without JavaScript (people and crawlers alike). The data is prefetched, so nothing waits.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        onError(error) {
          onError(error);
        },
      },
    );
  if (input.waitForAll) {
    const react = await render();
    await react.allReady;
    return new Response(
      documentStream(start, async () => react, end),
      {
        status: boot.status,
        headers: HTML_HEADERS,
      },
    );
  }
  return new Response(documentStream(start, render, end), {
    status: boot.status,
    headers: HTML_HEADERS,
  });
}

/**
 * The document's start, then React's output in the document: `react` is called once the start has been read,
 * so the head leaves before the render takes the thread. A render that fails before its page is whole ends the
 * document with FAILED_BODY (onError has logged it and marked the render failed: the edge cache keeps no copy).
 */
function documentStream(
  start: string,
  react: () => Promise<ReadableStream<Uint8Array>>,
  end: string,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let rest: ReadableStreamDefaultReader<Uint8Array> | null = null;
  return new ReadableStream<Uint8Array>(
    {
      start(out) {
        out.enqueue(encoder.encode(start));
      },
      // Called when the reader asks for what follows the start (a high-water mark of 0 reads nothing ahead).
      async pull(out) {
        if (!rest) {
          // One turn of the event loop first: the start is written out before the render takes the thread.
          await new Promise((resolve) => setTimeout(resolve, 0));
          try {
            rest = intoDocument(await react(), end).getReader();
          } catch {
            out.enqueue(encoder.encode(FAILED_BODY));
            return out.close();
          }
        }
        const { done, value } = await rest.read();
        if (done) out.close();
        else out.enqueue(value);
      },
      cancel(reason) {
        return rest?.cancel(reason);
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
