import type { ReactNode } from "react";
import { BOOT_ELEMENT_ID } from "../../client/boot";
import { serializeJson } from "../../shared/serialize";
import { analyticsLoader } from "../analytics";

export interface DocumentProps {
  nonce: string;
  css: string[];
  preload: string[];
  boot: unknown;
  /** The web-analytics counter's id: its loader goes last in the body. */
  analytics: string | null;
  children: ReactNode;
}

/** The one HTML document: `<html lang="ru">`, the page in #root and the escaped hydration data. */
export function Document({ nonce, css, preload, boot, analytics, children }: DocumentProps) {
  return (
    <html lang="ru">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1d5bd8" />
        <meta name="format-detection" content="telephone=no" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* Styles that only make sense with JavaScript (the phone filter sheet) key on this class. Set here,
            before the first paint, not by the entry module: that ran after paint and collapsed the phone filter
            bar under the visitor's eyes (Lighthouse measured CLS 0,37 on the listing). */}
        <script
          nonce={nonce}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant; React would escape its quotes
          dangerouslySetInnerHTML={{ __html: 'document.documentElement.classList.add("has-js")' }}
        />
        {css.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {/* The page's chunks are needed for hydration, not for the first paint: low priority keeps them behind
            the stylesheet and the first view's picture, as React already does for the entry's own preload. */}
        {preload.map((href) => (
          <link key={href} rel="modulepreload" href={href} fetchPriority="low" />
        ))}
      </head>
      <body>
        <div id="root">{children}</div>
        <script
          type="application/json"
          id={BOOT_ELEMENT_ID}
          nonce={nonce}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: serializeJson escapes < > & U+2028 U+2029
          dangerouslySetInnerHTML={{ __html: serializeJson(boot) }}
        />
        {analytics && (
          <script
            nonce={nonce}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: our text; the id is digits, the nonce base64
            dangerouslySetInnerHTML={{ __html: analyticsLoader(analytics, nonce) }}
          />
        )}
      </body>
    </html>
  );
}
