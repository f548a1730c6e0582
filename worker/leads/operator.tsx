/**
 * /operator/leads/: every buyer's request with its delivery state, for the consultant signed in at /operator/.
 * A plain server-rendered page; «Обработана» is a form POST, so it works without JavaScript.
 */
import type { Context } from "hono";
import type { ReactNode } from "react";
import { complexTitle } from "../../client/components/complex/text";
import { countOf, formatDate } from "../../shared/format";
import { CALL_TIMES, type CallTime, formatPhone, LEAD_KINDS, type LeadKind } from "../../shared/leads";
import { assertSameOrigin } from "../api/post";
import { type LeadListRow, listLeads, markLeadHandled } from "../db/queries/leads";
import type { AppEnv } from "../env";
import {
  operatorTime as at,
  type OperatorColumn,
  OperatorTable,
  operatorPage,
  operatorRefusal,
} from "../operator-page";

const LEADS_SHOWN = 200;
const NOTICE = "Заявки покупателей видны только консультантам.";

function deliveryState(l: LeadListRow): ReactNode {
  switch (l.delivery) {
    case "delivered":
      return <span className="ok">доставлена {at(l.delivered_at)}</span>;
    case "dead":
      return (
        <span className="failed">
          не доставлена после {l.attempts} попыток: {l.last_error ?? "—"}
        </span>
      );
    case "no_webhook":
      return <span className="failed">у застройщика нет вебхука — передайте заявку по телефону</span>;
    case "retrying":
      return `повторная отправка (попыток: ${l.attempts}): ${l.last_error ?? "—"}`;
    default:
      return l.queued_at ? "в очереди на отправку" : "ждёт передачи в очередь";
  }
}

const COLUMNS: readonly OperatorColumn[] = [
  ["№", "n"],
  ["Получена"],
  ["Что просят"],
  ["ЖК"],
  ["Застройщик"],
  ["Имя"],
  ["Телефон"],
  ["Когда звонить"],
  ["Согласие на обработку данных"],
  ["Доставка застройщику"],
  ["Обработка"],
];

function leadCells(l: LeadListRow): ReactNode[] {
  const path = l.living_object_id
    ? `/kvartiry/kvartira-${l.living_object_id}/`
    : `/novostroyki/${l.complex_slug}/`;
  return [
    l.id,
    at(l.created_at),
    LEAD_KINDS[l.kind as LeadKind] ?? l.kind,
    <a key="complex" href={path}>
      {complexTitle(l.complex_name)}
      {l.living_object_id ? `, квартира №${l.living_object_id}` : ""}
    </a>,
    l.developer_name,
    l.name,
    <a key="phone" href={`tel:${l.phone}`}>
      {formatPhone(l.phone)}
    </a>,
    CALL_TIMES[l.call_time as CallTime] ?? l.call_time,
    `дано ${at(l.consent_at)}, текст в редакции от ${formatDate(l.consent_version)}`,
    deliveryState(l),
    l.handled_at ? (
      `обработана ${at(l.handled_at)}`
    ) : (
      <form key="handled" method="post" action={`/operator/leads/${l.id}/handled/`}>
        <button type="submit">Отметить обработанной</button>
      </form>
    ),
  ];
}

export async function handleLeadsPage(c: Context<AppEnv>): Promise<Response> {
  const refusal = await operatorRefusal(c, NOTICE);
  if (refusal) return refusal;
  const leads = await listLeads(c.env.DB, LEADS_SHOWN);
  return operatorPage(
    c,
    200,
    "Заявки покупателей",
    leads.length ? (
      <>
        <p>
          Показано: {countOf(leads.length, ["заявка", "заявки", "заявок"])}, новые сверху. Время — московское.
        </p>
        <OperatorTable
          columns={COLUMNS}
          rows={leads.map(leadCells)}
          rowIds={leads.map((l) => `lead-${l.id}`)}
        />
      </>
    ) : (
      <p>Заявок ещё не было.</p>
    ),
  );
}

/** POST /operator/leads/:id/handled/: marks the request handled and goes back to the list. */
export async function handleLeadHandled(c: Context<AppEnv>): Promise<Response> {
  const refusal = await operatorRefusal(c, NOTICE);
  if (refusal) return refusal;
  assertSameOrigin(c);
  const id = c.req.param("id") ?? "";
  if (!/^\d{1,12}$/.test(id) || !(await markLeadHandled(c.env.DB, Number(id), new Date().toISOString()))) {
    return operatorPage(
      c,
      404,
      "Заявка не найдена",
      <p>
        Заявки №{id} нет. <a href="/operator/leads/">Все заявки</a>
      </p>,
    );
  }
  return c.redirect(`/operator/leads/#lead-${id}`, 303);
}
