/**
 * /operator/feeds/: the registered feeds and their import runs, for the consultant signed in at /operator/
 * (the chat's operator cookie). A plain server-rendered page; ?run=N shows one run's issues.
 */
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { html } from "hono/html";
import * as v from "valibot";
import { isOperator, OPERATOR_COOKIE } from "../chat/identity";
import { getRun, listFeeds, listRuns, type RunRow } from "../db/queries/feeds";
import type { AppEnv } from "../env";

const RUNS_SHOWN = 50;

/** Runs before the grouping of issues (issue 22) stored them without a kind and a fix. */
const IssuesSchema = v.array(
  v.object({
    id: v.string(),
    line: v.number(),
    reason: v.string(),
    fix: v.optional(v.string(), ""),
    skipped: v.boolean(),
  }),
);
const GroupsSchema = v.array(
  v.object({
    kind: v.string(),
    skipped: v.boolean(),
    count: v.number(),
    example: v.object({ id: v.string(), line: v.number(), reason: v.string(), fix: v.string() }),
  }),
);

const STATUS: Record<RunRow["status"], string> = { running: "идёт", ok: "успешно", failed: "ошибка" };

const when = new Intl.DateTimeFormat("ru-RU", {
  dateStyle: "short",
  timeStyle: "medium",
  timeZone: "Europe/Moscow",
});
const at = (iso: string | null) => (iso ? when.format(new Date(iso)) : "—");

function page(c: Context<AppEnv>, status: 200 | 400 | 401 | 404 | 503, title: string, body: unknown) {
  c.header("X-Robots-Tag", "noindex");
  c.header("Cache-Control", "no-store");
  return c.html(
    html`<!doctype html>
<html lang="ru">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>${title}</title>
    <style>
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
    </style>
  </head>
  <body>
    <h1>${title}</h1>
    ${body}
  </body>
</html>`,
    status,
  );
}

/** A table that turns into a list of cards on a narrow screen, each cell labelled with its column. */
function table(columns: readonly (readonly [label: string, cls?: string])[], rows: readonly unknown[][]) {
  return html`<table class="cards">
    <tr>${columns.map(([label]) => html`<th>${label}</th>`)}</tr>
    ${rows.map(
      (row) =>
        html`<tr>${row.map((cell, i) => {
          const [label, cls] = columns[i] ?? [""];
          return html`<td${cls ? html` class="${cls}"` : ""} data-label="${label}">${cell}</td>`;
        })}</tr>`,
    )}
  </table>`;
}

const N = "n";

function runsTable(runs: Omit<RunRow, "errors" | "groups">[]) {
  return table(
    [
      ["№"],
      ["Фид"],
      ["Начат"],
      ["Закончен"],
      ["Итог"],
      ["Предложений", N],
      ["Добавлено", N],
      ["Обновлено", N],
      ["Продано", N],
      ["Отклонено", N],
      ["Замечаний", N],
      ["Сообщение"],
    ],
    runs.map((r) => [
      html`<a href="?run=${r.id}">${r.id}</a>`,
      html`<span class="url">${r.url}</span>`,
      at(r.started_at),
      at(r.finished_at),
      html`<span class="${r.status}">${STATUS[r.status]}</span>`,
      r.offers,
      r.added,
      r.updated,
      r.sold,
      r.rejected,
      r.warnings,
      r.message ?? "",
    ]),
  );
}

const offerAt = (id: string, line: number) => (line ? `${id}, строка ${line}` : id);

/** The issues of a run by kind: how many, one example, what to change; then each rejected offer. */
function issuesReport(
  groups: v.InferOutput<typeof GroupsSchema>,
  issues: v.InferOutput<typeof IssuesSchema>,
) {
  const rejected = issues.filter((i) => i.skipped);
  return html`<h2>Замечания по видам</h2>
    ${
      groups.length
        ? table(
            [["Вид"], ["Сколько", N], ["Предложение"], ["Пример"], ["Что исправить"]],
            groups.map((g) => [
              g.kind,
              g.count,
              g.skipped ? "не импортировано" : "импортировано",
              `${offerAt(g.example.id, g.example.line)}: ${g.example.reason}`,
              g.example.fix,
            ]),
          )
        : html`<p>Замечаний нет.</p>`
    }
    <h2>Отклонённые предложения</h2>
    ${
      rejected.length
        ? table(
            [["internal-id"], ["Строка", N], ["Причина"], ["Что исправить"]],
            rejected.map((i) => [i.id, i.line || "—", i.reason, i.fix]),
          )
        : html`<p>Отклонённых нет.</p>`
    }`;
}

export async function handleFeedsPage(c: Context<AppEnv>): Promise<Response> {
  const { CHAT_SECRET: secret, OPERATOR_TOKEN: token } = c.env;
  if (!secret || !token) {
    return page(c, 503, "Страница недоступна", html`<p>Не задан ключ консультанта (OPERATOR_TOKEN).</p>`);
  }
  if (!(await isOperator(secret, token, getCookie(c, OPERATOR_COOKIE)))) {
    return page(
      c,
      401,
      "Нужен вход консультанта",
      html`<p>Импорт фидов виден только консультантам. <a href="/operator/">Войдите с ключом доступа</a> и вернитесь сюда.</p>`,
    );
  }
  const runParam = c.req.query("run");
  if (runParam === undefined) {
    const [feeds, runs] = await Promise.all([listFeeds(c.env.DB), listRuns(c.env.DB, RUNS_SHOWN)]);
    return page(
      c,
      200,
      "Фиды застройщиков",
      html`<h2>Фиды</h2>
        ${table(
          [["№"], ["Адрес"], ["Застройщик"], ["Проверен"], ["ETag"], ["Last-Modified"]],
          feeds.map((f) => [
            f.id,
            html`<span class="url">${f.url}</span>`,
            f.developer ?? "—",
            at(f.checked_at),
            f.etag ?? "—",
            f.last_modified ?? "—",
          ]),
        )}
        <h2>Последние импорты</h2>
        ${runs.length ? runsTable(runs) : html`<p>Импортов ещё не было.</p>`}`,
    );
  }
  if (!/^\d{1,12}$/.test(runParam)) {
    return page(c, 400, "Неверный запрос", html`<p>run: номер импорта — целое положительное число.</p>`);
  }
  const run = await getRun(c.env.DB, Number(runParam));
  if (!run)
    return page(
      c,
      404,
      "Импорт не найден",
      html`<p>Импорта №${runParam} нет. <a href="./">Все импорты</a></p>`,
    );
  const issues = v.parse(IssuesSchema, JSON.parse(run.errors));
  const groups = v.parse(GroupsSchema, JSON.parse(run.groups));
  const shown = issues.filter((i) => i.skipped).length;
  return page(
    c,
    200,
    `Импорт №${run.id}`,
    html`<p><a href="./">Все импорты</a></p>
      ${runsTable([run])}
      ${issuesReport(groups, issues)}
      ${run.rejected > shown ? html`<p>Показаны первые ${shown} отклонённых из ${run.rejected}.</p>` : ""}`,
  );
}
