/**
 * Server-only markup that never hydrates (no client code): the top banner's frame page, the operator's pages and
 * the drawn pictures as SVG files. React, rendered once to a string, like the site's pages but without streaming.
 */
import type { ReactElement, ReactNode } from "react";
// The Node build, like the pages' renderer (worker/ssr/render.tsx): one React server build in the worker.
import { renderToStaticMarkup } from "react-dom/server.node";

/** An element as markup (an SVG file's text). */
export const staticMarkup = (element: ReactElement): string => renderToStaticMarkup(element);

/** A whole HTML document (`<html>` as the element) with its doctype. */
export const staticDocument = (page: ReactElement): string => `<!doctype html>${staticMarkup(page)}`;

/** The document of such a page: never indexed, its styles inline (the site's CSP allows inline styles). */
export function StaticPage({ title, css, children }: { title: string; css: string; children: ReactNode }) {
  return (
    <html lang="ru">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{title}</title>
        <style>{css}</style>
      </head>
      <body>{children}</body>
    </html>
  );
}
