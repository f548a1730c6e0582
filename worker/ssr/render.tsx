// React's Node build, not the edge build the `workerd` condition picks: the edge build encodes each piece of
// markup to a new buffer (TextEncoder.encode, ~10 000 a listing), the Node build writes them into 4 KB buffers
// (docs/decisions/0011-react-node-build-streamed.md). A web stream either way; workerd runs it with nodejs_compat.
import { Buffer } from "node:buffer";
import { renderToReadableStream } from "react-dom/server.node";
import { StaticRouter } from "react-router";
import { App } from "../../client/app";
import { ERROR_PAGE, PAGES } from "../../client/pages";
import type { BootData } from "../../shared/boot";
import { RENDER_TIMEOUT_MS } from "../../shared/constants";
import type { PageId } from "../../shared/routes";
import { pageAssets } from "./assets";
import { BODY_START, documentEnd, documentStart, FAILED_BODY, ROOT_END } from "./document";

export interface RenderInput {
  url: URL;
  page: PageId | null;
  /**
   * The page's data and the visit's state, all in: the status line is the data's
   * (docs/decisions/0001-first-byte-rule.md), so no page's data can fail after it has left.
   */
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
 * Found in React's bytes as they are: the page is never decoded to a string and encoded again.
 */
const encoder = new TextEncoder();
const HEAD_END = encoder.encode('<template id="ssr-head-end"></template>');
const PAGE_END = encoder.encode('<template id="ssr-page-end"></template>');

/**
 * Where `marker` starts in `bytes` (from `from` on), or -1: node:buffer's search, native in workerd (a loop over
 * every «<» of the page in JavaScript cost a listing 0.2 ms).
 */
function indexOfBytes(bytes: Uint8Array, marker: Uint8Array, from = 0): number {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf(marker, from);
}

/** The chunks as one array (one copy, at the end of the page). */
function joined(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/**
 * React's output in the document: the head tags into the head, the page into #root, then the rest (a late
 * boundary's content and React's scripts) and the document's end. The page is held until its end marker (it
 * is whole by then: the render's shell is the page), then sent as one piece.
 */
function intoDocument(react: ReadableStream<Uint8Array>, end: string): ReadableStream<Uint8Array> {
  let held: Uint8Array[] | null = [];
  // The end of the chunk before, where a marker cut in two by the chunks' boundary starts.
  let tail: Uint8Array = new Uint8Array(0);
  return react.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, out) {
        if (held === null) return out.enqueue(chunk);
        held.push(chunk);
        const across = joined([tail, chunk.subarray(0, PAGE_END.length - 1)]);
        tail = chunk.subarray(Math.max(0, chunk.length - PAGE_END.length + 1));
        if (indexOfBytes(chunk, PAGE_END) < 0 && indexOfBytes(across, PAGE_END) < 0) return;
        const page = joined(held);
        const head = indexOfBytes(page, HEAD_END);
        const pageEnd = indexOfBytes(page, PAGE_END, Math.max(head, 0));
        if (head < 0 || pageEnd < 0) return;
        held = null;
        out.enqueue(page.subarray(0, head));
        out.enqueue(encoder.encode(BODY_START));
        out.enqueue(page.subarray(head + HEAD_END.length, pageEnd));
        out.enqueue(encoder.encode(ROOT_END));
        out.enqueue(page.subarray(pageEnd + PAGE_END.length));
      },
      flush(out) {
        // Without its markers the output is not a page React finished: nothing of it is sent.
        out.enqueue(encoder.encode(held === null ? end : FAILED_BODY));
      },
    }),
  );
}

/**
 * The page as a document, its data all in. People get the head's fixed part (the stylesheet) at once, with the
 * data's status: the browser fetches it while the page renders; the page's own head tags follow with the page.
 * Bots (`waitForAll`) get the response once the whole document is rendered, and a render that fails is the
 * caller's error page with its status. A page still suspended after the render timeout is finished by the
 * client, so the request always answers.
 */
export async function renderPage(input: RenderInput, onError: (e: unknown) => void): Promise<Response> {
  const { url, page, nonce, boot } = input;
  const assets = pageAssets(page);
  const start = documentStart({ nonce, css: assets.css });
  // The page's module and every part it declares are loaded before the status line (a failure is the
  // caller's error page) and before rendering, so the page's content is in the first bytes (readable without
  // JavaScript) instead of a hidden streamed boundary.
  try {
    await Promise.all([page && PAGES[page].preload(), ERROR_PAGE.preload()]);
  } catch (e) {
    onError(e);
    throw e;
  }
  const render = async () => {
    const end = documentEnd({
      nonce,
      entry: assets.entry,
      preload: assets.preload,
      boot,
      analytics: input.analytics,
    });
    const react = await renderToReadableStream(
      <>
        <template id="ssr-head-end" />
        <StaticRouter location={url.pathname + url.search}>
          <App boot={boot} />
        </StaticRouter>
        <template id="ssr-page-end" />
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
    return { react, end };
  };
  if (input.waitForAll) {
    const rendered = await render();
    await rendered.react.allReady;
    return new Response(
      documentStream(start, async () => rendered),
      { status: boot.status, headers: HTML_HEADERS },
    );
  }
  return new Response(documentStream(start, render), { status: boot.status, headers: HTML_HEADERS });
}

/**
 * The document's start, then React's output in the document: `react` is called once the start has been read,
 * so the head leaves before the render takes the thread. A render that fails before its page is whole ends the document with FAILED_BODY (onError
 * has logged it and marked the render failed: the edge cache keeps no copy).
 */
function documentStream(
  start: string,
  react: () => Promise<{ react: ReadableStream<Uint8Array>; end: string }>,
): ReadableStream<Uint8Array> {
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
            const rendered = await react();
            rest = intoDocument(rendered.react, rendered.end).getReader();
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
