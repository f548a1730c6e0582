/**
 * The operator's server-rendered pages (/operator/feeds/, /operator/leads/): one plain document, its tables
 * (cards on a narrow screen), and the gate of the consultant's sign-in at /operator/ (the chat's operator cookie).
 * React rendered once to static HTML (worker/ssr/static.tsx): no client code and none of the site's layout.
 */
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import type { ReactNode } from "react";
import { isOperator, OPERATOR_COOKIE } from "./chat/identity";
import type { AppEnv } from "./env";
import { StaticPage, staticDocument } from "./ssr/static";

const when = new Intl.DateTimeFormat("ru-RU", {
  dateStyle: "short",
  timeStyle: "medium",
  timeZone: "Europe/Moscow",
});
/** A stored time as Moscow time, «—» for none. */
export const operatorTime = (iso: string | null) => (iso ? when.format(new Date(iso)) : "—");

const CSS = `
body { font: 15px/1.45 system-ui, sans-serif; margin: 24px; color: #1d2733; }
table { border-collapse: collapse; margin: 12px 0 28px; }
th, td { border: 1px solid #d6dde6; padding: 4px 8px; text-align: left; vertical-align: top; }
.url { overflow-wrap: anywhere; }
th { background: #f2f5f8; }
td.n { text-align: right; }
@media (max-width: 720px) {
  body { margin: 12px; }
  table.cards, table.cards tbody, table.cards tr, table.cards td { display: block; }
  table.cards tr:first-child { display: none; }
  table.cards tr { border: 1px solid #d6dde6; border-radius: 6px; margin: 0 0 10px; padding: 6px 0; }
  table.cards td { border: 0; padding: 2px 10px; text-align: left; }
  table.cards td::before { content: attr(data-label) ": "; color: #5b6775; }
}
.failed { color: #b00020; }
.ok { color: #1b7a3a; }
button { font: inherit; padding: 4px 10px; cursor: pointer; }
`;

export function operatorPage(
  c: Context<AppEnv>,
  status: 200 | 400 | 401 | 403 | 404 | 503,
  title: string,
  body: ReactNode,
) {
  c.header("X-Robots-Tag", "noindex");
  c.header("Cache-Control", "no-store");
  return c.html(
    staticDocument(
      <StaticPage title={title} css={CSS}>
        <h1>{title}</h1>
        {body}
      </StaticPage>,
    ),
    status,
  );
}

/** A column: its label and the class of its cells (`n` for numbers). */
export type OperatorColumn = readonly [label: string, cls?: string];

/**
 * A table that turns into a list of cards on a narrow screen, each cell labelled with its column. A row may
 * carry an id (a link target).
 */
export function OperatorTable({
  columns,
  rows,
  rowIds = [],
}: {
  columns: readonly OperatorColumn[];
  rows: readonly (readonly ReactNode[])[];
  rowIds?: readonly string[];
}) {
  return (
    <table className="cards">
      <tbody>
        <tr>
          {columns.map(([label]) => (
            <th key={label}>{label}</th>
          ))}
        </tr>
        {rows.map((row, r) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a static render of rows in their order
          <tr key={r} id={rowIds[r]}>
            {row.map((cell, i) => {
              const [label, cls] = columns[i] ?? [""];
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: the cell's place is its column
                <td key={i} className={cls} data-label={label}>
                  {cell}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The refusal page when this browser is not signed in as the operator (`notice` says what is theirs), else null. */
export async function operatorRefusal(c: Context<AppEnv>, notice: string): Promise<Response | null> {
  const { CHAT_SECRET: secret, OPERATOR_TOKEN: token } = c.env;
  if (!secret || !token) {
    return operatorPage(c, 503, "Страница недоступна", <p>Не задан ключ консультанта (OPERATOR_TOKEN).</p>);
  }
  if (await isOperator(secret, token, getCookie(c, OPERATOR_COOKIE))) return null;
  return operatorPage(
    c,
    401,
    "Нужен вход консультанта",
    <p>
      {notice} <a href="/operator/">Войдите с ключом доступа</a> и вернитесь сюда.
    </p>,
  );
}
