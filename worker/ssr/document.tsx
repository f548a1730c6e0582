import type { ReactNode } from "react";
import { BOOT_ELEMENT_ID } from "../../client/boot";
import { serializeJson } from "../../shared/serialize";

export interface DocumentProps {
  nonce: string;
  css: string[];
  preload: string[];
  boot: unknown;
  children: ReactNode;
}

/** The one HTML document: `<html lang="ru">`, the page in #root and the escaped hydration data. */
export function Document({ nonce, css, preload, boot, children }: DocumentProps) {
  return (
    <html lang="ru">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1d5bd8" />
        <meta name="format-detection" content="telephone=no" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {css.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {preload.map((href) => (
          <link key={href} rel="modulepreload" href={href} />
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
      </body>
    </html>
  );
}
