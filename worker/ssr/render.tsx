import { renderToReadableStream } from "react-dom/server";
import { StaticRouter } from "react-router";
import { App } from "../../client/app";
import type { BootData } from "../../client/boot";
import { ERROR_PAGE, FOOTER, PAGES, QUICK_SEARCH } from "../../client/pages";
import { RENDER_TIMEOUT_MS } from "../../shared/constants";
import type { PageId } from "../../shared/routes";
import { pageAssets } from "./assets";
import { Document } from "./document";

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
 * Streams the page. The shell is sent as soon as it is ready; a page still suspended after the render
 * timeout is finished by the client, so the request always answers.
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
  const stream = await renderToReadableStream(
    <Document nonce={nonce} css={assets.css} preload={assets.preload} boot={boot} analytics={input.analytics}>
      <StaticRouter location={url.pathname + url.search}>
        <App boot={boot} />
      </StaticRouter>
    </Document>,
    {
      nonce,
      bootstrapModules: [assets.entry],
      signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
      // Never outline a finished part of the page into a hidden block revealed by script: the HTML reads
      // without JavaScript (people and crawlers alike). The data is prefetched, so nothing waits.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onError(error) {
        onError(error);
      },
    },
  );
  if (input.waitForAll) await stream.allReady;
  return new Response(stream, { status: boot.status, headers: HTML_HEADERS });
}

/** The last resort when even the error page fails to render: static, no scripts, no data. */
export function errorPageFailed(): Response {
  const html = `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Ошибка</title><style>body{font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;color:#111827}main{max-width:560px;padding:24px}a{color:#1d5bd8}</style></head><body><main><h1>Произошла ошибка при отображении страницы ошибки</h1><p>Попробуйте обновить страницу или <a href="/">перейдите на главную</a>.</p></main></body></html>`;
  return new Response(html, { status: 500, headers: HTML_HEADERS });
}
