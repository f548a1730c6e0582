/**
 * /operator/stroyka/: the consultant corrects a house's construction report of a month (issue 31: «the
 * operator can correct them»), where a feed sent a wrong readiness or stage, or none. A plain server-rendered
 * page behind the consultant's sign-in; each house's form is a POST, so it works without JavaScript. A
 * corrected month is kept over what a feed sends for it later (migration 0025), and the house's kept risk of
 * delay is recomputed at once.
 */
import type { Context } from "hono";
import * as v from "valibot";
import {
  CONSTRUCTION_STAGES,
  type ConstructionStage,
  isStage,
  moscowMonth,
  STAGE_SPANS,
  stageFits,
} from "../../shared/construction/history";
import { formatDeadline } from "../../shared/format";
import { assertSameOrigin } from "../api/post";
import {
  complexOfHouse,
  correctProgress,
  listHousesForCorrection,
  type OperatorHouseRow,
} from "../db/queries/construction";
import type { AppEnv } from "../env";
import {
  operatorTime as at,
  type OperatorColumn,
  OperatorTable,
  operatorPage,
  operatorRefusal,
} from "../operator-page";
import { refreshConstructionOf } from "./refresh";

const NOTICE = "Правка хода строительства доступна только консультантам.";
const PAGE = "/operator/stroyka/";
/** The earliest month a report may be written for. */
const FIRST_MONTH = "2015-01";

interface Report {
  month: string;
  stage: number;
  readiness: number;
  corrected_at: string | null;
}

const COLUMNS: readonly OperatorColumn[] = [["Месяц"], ["Этап"], ["Готовность", "n"], ["Кто указал"]];

function HouseForm({ house, month }: { house: OperatorHouseRow; month: string }) {
  const reports = JSON.parse(house.reports) as Report[];
  const last = reports[0];
  return (
    <section id={`house-${house.id}`}>
      <h2>
        {house.name}: срок {formatDeadline(house.deadline_year, house.deadline_quarter)}
        {house.is_finished ? ", сдан" : ""}
      </h2>
      {reports.length ? (
        <OperatorTable
          columns={COLUMNS}
          rows={reports.map((r) => [
            r.month,
            isStage(r.stage) ? CONSTRUCTION_STAGES[r.stage] : r.stage,
            `${r.readiness} %`,
            r.corrected_at ? `консультант, ${at(r.corrected_at)}` : "фид застройщика",
          ])}
        />
      ) : (
        <p>Отчётов о ходе строительства ещё нет.</p>
      )}
      <form method="post" action={`${PAGE}${house.id}/`}>
        <label>
          Месяц{" "}
          <input type="month" name="month" required min={FIRST_MONTH} max={month} defaultValue={month} />
        </label>{" "}
        <label>
          Этап{" "}
          <select name="stage" defaultValue={last?.stage ?? 1}>
            {(Object.keys(CONSTRUCTION_STAGES) as unknown as ConstructionStage[]).map((s) => (
              <option key={s} value={s}>
                {CONSTRUCTION_STAGES[s]} ({STAGE_SPANS[s][0]}–{STAGE_SPANS[s][1]} %)
              </option>
            ))}
          </select>
        </label>{" "}
        <label>
          Готовность, %{" "}
          <input
            type="number"
            name="readiness"
            required
            min={0}
            max={100}
            step={1}
            defaultValue={last?.readiness ?? 0}
          />
        </label>{" "}
        <button type="submit">Исправить</button>
      </form>
    </section>
  );
}

/** GET /operator/stroyka/?complex=<адрес или номер ЖК>: the complex's houses and a form for each. */
export async function handleConstructionPage(c: Context<AppEnv>): Promise<Response> {
  const refusal = await operatorRefusal(c, NOTICE);
  if (refusal) return refusal;
  const complex = (c.req.query("complex") ?? "").trim().slice(0, 200);
  const find = (
    <form method="get" action={PAGE}>
      <label>
        Адрес ЖК на сайте (например, zhk-kristall-12) или его номер{" "}
        <input name="complex" required defaultValue={complex} />
      </label>{" "}
      <button type="submit">Показать дома</button>
    </form>
  );
  if (!complex) return operatorPage(c, 200, "Ход строительства", find);
  const houses = await listHousesForCorrection(c.env.DB, complex);
  const first = houses[0];
  if (!first) {
    return operatorPage(
      c,
      404,
      "ЖК не найден",
      <>
        <p>ЖК «{complex}» в каталоге нет. Проверьте адрес.</p>
        {find}
      </>,
    );
  }
  const month = moscowMonth(new Date());
  return operatorPage(
    c,
    200,
    `Ход строительства: ${first.complex_name}`,
    <>
      <p>
        <a href={`/novostroyki/${first.complex_slug}/#hod-stroitelstva`}>Страница ЖК</a>. Исправленный месяц
        не перезаписывается фидом застройщика; риск переноса пересчитывается сразу.
      </p>
      {houses.map((h) => (
        <HouseForm key={h.id} house={h} month={month} />
      ))}
      {find}
    </>,
  );
}

const Correction = v.object({
  month: v.pipe(v.string(), v.regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Укажите месяц в виде ГГГГ-ММ")),
  stage: v.pipe(
    v.string(),
    v.transform(Number),
    v.number(),
    v.check((n) => Number.isInteger(n) && isStage(n), "Выберите этап строительства из списка"),
  ),
  readiness: v.pipe(
    v.string(),
    v.regex(/^\d{1,3}$/, "Готовность — целое число процентов от 0 до 100"),
    v.transform(Number),
    v.maxValue(100, "Готовность — целое число процентов от 0 до 100"),
  ),
});

/** POST /operator/stroyka/:house/: the month's report corrected, the house's risk recomputed. */
export async function handleConstructionCorrection(c: Context<AppEnv>): Promise<Response> {
  const refusal = await operatorRefusal(c, NOTICE);
  if (refusal) return refusal;
  assertSameOrigin(c);
  const id = c.req.param("house") ?? "";
  const complex = /^\d{1,12}$/.test(id) ? await complexOfHouse(c.env.DB, Number(id)) : null;
  if (!complex) {
    return operatorPage(
      c,
      404,
      "Дом не найден",
      <p>
        Дома №{id} нет. <a href={PAGE}>Найти ЖК</a>
      </p>,
    );
  }
  const body = await c.req.parseBody();
  const parsed = v.safeParse(Correction, {
    month: String(body.month ?? ""),
    stage: String(body.stage ?? ""),
    readiness: String(body.readiness ?? ""),
  });
  const now = new Date();
  const problem = !parsed.success
    ? (parsed.issues[0]?.message ?? "Проверьте поля формы")
    : parsed.output.month < FIRST_MONTH || parsed.output.month > moscowMonth(now)
      ? "Месяц — не раньше января 2015 года и не позже текущего"
      : !stageFits(parsed.output.stage as ConstructionStage, parsed.output.readiness)
        ? `Этап «${CONSTRUCTION_STAGES[parsed.output.stage as ConstructionStage]}» не сходится с готовностью ${parsed.output.readiness} %: этап идёт при ${STAGE_SPANS[parsed.output.stage as ConstructionStage].join("–")} %`
        : null;
  if (problem || !parsed.success) {
    return operatorPage(
      c,
      400,
      "Отчёт не исправлен",
      <p>
        {problem}{" "}
        <a href={`${PAGE}?complex=${encodeURIComponent(complex.slug)}#house-${id}`}>Вернуться к форме</a>
      </p>,
    );
  }
  await correctProgress(c.env.DB, { houseId: Number(id), ...parsed.output }, now.toISOString()).run();
  await refreshConstructionOf(c.env.DB, [complex.id], now);
  return c.redirect(`${PAGE}?complex=${encodeURIComponent(complex.slug)}#house-${id}`, 303);
}
