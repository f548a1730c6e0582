/**
 * /operator/feeds/: the registered feeds and their import runs, for the consultant signed in at /operator/
 * (the chat's operator cookie). A plain server-rendered page; ?run=N shows one run's issues.
 */
import type { Context } from "hono";
import { html } from "hono/html";
import * as v from "valibot";
import { getRun, listFeeds, listRuns, type RunRow } from "../db/queries/feeds";
import type { AppEnv } from "../env";
import {
  operatorTime as at,
  operatorRefusal,
  operatorPage as page,
  operatorTable as table,
} from "../operator-page";

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
