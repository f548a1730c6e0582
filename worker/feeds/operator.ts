/**
 * /operator/feeds/: the registered feeds and their import runs, for the consultant signed in at /operator/
 * (the chat's operator cookie). A plain server-rendered page; ?run=N shows one run's issues.
 */
import type { Context } from "hono";
import { html } from "hono/html";
import * as v from "valibot";
import { getRun, listFeeds, listRuns, type RunRow } from "../db/queries/feeds";
import type { AppEnv } from "../env";
import { operatorTime as at, operatorRefusal, operatorPage as page } from "../operator-page";

const RUNS_SHOWN = 50;

const IssuesSchema = v.array(
  v.object({ id: v.string(), line: v.number(), reason: v.string(), skipped: v.boolean() }),
);

const STATUS: Record<RunRow["status"], string> = { running: "идёт", ok: "успешно", failed: "ошибка" };

function runsTable(runs: Omit<RunRow, "errors">[]) {
  return html`<table>
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
  </table>`;
}

export async function handleFeedsPage(c: Context<AppEnv>): Promise<Response> {
  const refusal = await operatorRefusal(c, "Импорт фидов виден только консультантам.");
  if (refusal) return refusal;
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
  return page(
    c,
    200,
    `Импорт №${run.id}`,
    html`<p><a href="./">Все импорты</a></p>
      ${runsTable([run])}
      <h2>Замечания</h2>
      ${
        issues.length
          ? html`<table>
              <tr><th>internal-id</th><th>Строка</th><th>Причина</th><th>Предложение</th></tr>
              ${issues.map(
                (i) => html`<tr>
                  <td>${i.id}</td><td class="n">${i.line || "—"}</td><td>${i.reason}</td>
                  <td>${i.skipped ? "не импортировано" : "импортировано"}</td>
                </tr>`,
              )}
            </table>`
          : html`<p>Замечаний нет.</p>`
      }`,
  );
}
