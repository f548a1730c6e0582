/**
 * /operator/feeds/: the registered feeds and their import runs, for the consultant signed in at /operator/
 * (the chat's operator cookie). A plain server-rendered page; ?run=N shows one run's issues.
 */
import type { Context } from "hono";
import * as v from "valibot";
import { getRun, listFeeds, listRuns, type RunRow } from "../db/queries/feeds";
import type { AppEnv } from "../env";
import {
  operatorTime as at,
  type OperatorColumn,
  OperatorTable,
  operatorRefusal,
  operatorPage as page,
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

const RUN_COLUMNS: OperatorColumn[] = [
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
];

function RunsTable({ runs }: { runs: Omit<RunRow, "errors" | "groups">[] }) {
  return (
    <OperatorTable
      columns={RUN_COLUMNS}
      rows={runs.map((r) => [
        <a key="id" href={`?run=${r.id}`}>
          {r.id}
        </a>,
        <span key="url" className="url">
          {r.url}
        </span>,
        at(r.started_at),
        at(r.finished_at),
        <span key="status" className={r.status}>
          {STATUS[r.status]}
        </span>,
        r.offers,
        r.added,
        r.updated,
        r.sold,
        r.rejected,
        r.warnings,
        r.message ?? "",
      ])}
    />
  );
}

const offerAt = (id: string, line: number) => (line ? `${id}, строка ${line}` : id);

/** The issues of a run by kind: how many, one example, what to change; then each rejected offer. */
function IssuesReport({
  groups,
  issues,
}: {
  groups: v.InferOutput<typeof GroupsSchema>;
  issues: v.InferOutput<typeof IssuesSchema>;
}) {
  const rejected = issues.filter((i) => i.skipped);
  return (
    <>
      <h2>Замечания по видам</h2>
      {groups.length ? (
        <OperatorTable
          columns={[["Вид"], ["Сколько", N], ["Предложение"], ["Пример"], ["Что исправить"]]}
          rows={groups.map((g) => [
            g.kind,
            g.count,
            g.skipped ? "не импортировано" : "импортировано",
            `${offerAt(g.example.id, g.example.line)}: ${g.example.reason}`,
            g.example.fix,
          ])}
        />
      ) : (
        <p>Замечаний нет.</p>
      )}
      <h2>Отклонённые предложения</h2>
      {rejected.length ? (
        <OperatorTable
          columns={[["internal-id"], ["Строка", N], ["Причина"], ["Что исправить"]]}
          rows={rejected.map((i) => [i.id, i.line || "—", i.reason, i.fix])}
        />
      ) : (
        <p>Отклонённых нет.</p>
      )}
    </>
  );
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
      <>
        <h2>Фиды</h2>
        {feeds.length ? (
          <OperatorTable
            columns={[["№"], ["Адрес"], ["Застройщик"], ["Проверен"], ["ETag"], ["Last-Modified"]]}
            rows={feeds.map((f) => [
              f.id,
              <span key="url" className="url">
                {f.url}
              </span>,
              f.developer ?? "—",
              at(f.checked_at),
              f.etag ?? "—",
              f.last_modified ?? "—",
            ])}
          />
        ) : (
          <p>Зарегистрированных фидов нет.</p>
        )}
        <h2>Последние импорты</h2>
        {runs.length ? <RunsTable runs={runs} /> : <p>Импортов ещё не было.</p>}
      </>,
    );
  }
  if (!/^\d{1,12}$/.test(runParam)) {
    return page(c, 400, "Неверный запрос", <p>run: номер импорта — целое положительное число.</p>);
  }
  const run = await getRun(c.env.DB, Number(runParam));
  if (!run)
    return page(
      c,
      404,
      "Импорт не найден",
      <p>
        Импорта №{runParam} нет. <a href="./">Все импорты</a>
      </p>,
    );
  const issues = v.parse(IssuesSchema, JSON.parse(run.errors));
  const groups = v.parse(GroupsSchema, JSON.parse(run.groups));
  const shown = issues.filter((i) => i.skipped).length;
  return page(
    c,
    200,
    `Импорт №${run.id}`,
    <>
      <p>
        <a href="./">Все импорты</a>
      </p>
      <RunsTable runs={[run]} />
      <IssuesReport groups={groups} issues={issues} />
      {run.rejected > shown && (
        <p>
          Показаны первые {shown} отклонённых из {run.rejected}.
        </p>
      )}
    </>,
  );
}
