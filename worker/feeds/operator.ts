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
      th { background: #f2f5f8; }
      td.n { text-align: right; }
      .wrap { overflow-x: auto; }
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

function runsTable(runs: Omit<RunRow, "errors" | "groups">[]) {
  return html`<div class="wrap"><table>
    <tr>
      <th>№</th><th>Фид</th><th>Начат</th><th>Закончен</th><th>Итог</th><th>Предложений</th><th>Добавлено</th>
      <th>Обновлено</th><th>Продано</th><th>Отклонено</th><th>Замечаний</th><th>Сообщение</th>
    </tr>
    ${runs.map(
      (r) => html`<tr>
        <td><a href="?run=${r.id}">${r.id}</a></td><td>${r.url}</td><td>${at(r.started_at)}</td>
        <td>${at(r.finished_at)}</td><td class="${r.status}">${STATUS[r.status]}</td><td class="n">${r.offers}</td>
        <td class="n">${r.added}</td><td class="n">${r.updated}</td><td class="n">${r.sold}</td>
        <td class="n">${r.rejected}</td><td class="n">${r.warnings}</td><td>${r.message ?? ""}</td>
      </tr>`,
    )}
  </table></div>`;
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
        ? html`<div class="wrap"><table>
            <tr><th>Вид</th><th>Сколько</th><th>Предложение</th><th>Пример</th><th>Что исправить</th></tr>
            ${groups.map(
              (g) => html`<tr>
                <td>${g.kind}</td><td class="n">${g.count}</td>
                <td>${g.skipped ? "не импортировано" : "импортировано"}</td>
                <td>${offerAt(g.example.id, g.example.line)}: ${g.example.reason}</td><td>${g.example.fix}</td>
              </tr>`,
            )}
          </table></div>`
        : html`<p>Замечаний нет.</p>`
    }
    <h2>Отклонённые предложения</h2>
    ${
      rejected.length
        ? html`<div class="wrap"><table>
            <tr><th>internal-id</th><th>Строка</th><th>Причина</th><th>Что исправить</th></tr>
            ${rejected.map(
              (i) => html`<tr>
                <td>${i.id}</td><td class="n">${i.line || "—"}</td><td>${i.reason}</td><td>${i.fix}</td>
              </tr>`,
            )}
          </table></div>`
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
        <table>
          <tr><th>№</th><th>Адрес</th><th>Застройщик</th><th>Проверен</th><th>ETag</th><th>Last-Modified</th></tr>
          ${feeds.map(
            (f) => html`<tr>
              <td>${f.id}</td><td>${f.url}</td><td>${f.developer ?? "—"}</td><td>${at(f.checked_at)}</td>
              <td>${f.etag ?? "—"}</td><td>${f.last_modified ?? "—"}</td>
            </tr>`,
          )}
        </table>
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
