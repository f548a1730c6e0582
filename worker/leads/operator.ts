/**
 * /operator/leads/: every buyer's request with its delivery state, for the consultant signed in at /operator/.
 * A plain server-rendered page; «Обработана» is a form POST, so it works without JavaScript.
 */
import type { Context } from "hono";
import { html } from "hono/html";
import { complexTitle } from "../../client/components/complex/text";
import { countOf, formatDate } from "../../shared/format";
import { CALL_TIMES, type CallTime, formatPhone, LEAD_KINDS, type LeadKind } from "../../shared/leads";
import { assertSameOrigin } from "../api/post";
import { type LeadListRow, listLeads, markLeadHandled } from "../db/queries/leads";
import type { AppEnv } from "../env";
import { operatorTime as at, operatorPage, operatorRefusal, operatorTable } from "../operator-page";

const LEADS_SHOWN = 200;
const NOTICE = "Заявки покупателей видны только консультантам.";

function deliveryState(l: LeadListRow) {
  switch (l.delivery) {
    case "delivered":
      return html`<span class="ok">доставлена ${at(l.delivered_at)}</span>`;
    case "dead":
      return html`<span class="failed">не доставлена после ${l.attempts} попыток: ${l.last_error ?? "—"}</span>`;
    case "no_webhook":
      return html`<span class="failed">у застройщика нет вебхука — передайте заявку по телефону</span>`;
    case "retrying":
      return html`повторная отправка (попыток: ${l.attempts}): ${l.last_error ?? "—"}`;
    default:
      return l.queued_at ? "в очереди на отправку" : "ждёт передачи в очередь";
  }
}

const COLUMNS = [
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
] as const;

function leadCells(l: LeadListRow): unknown[] {
  const path = l.living_object_id
    ? `/kvartiry/kvartira-${l.living_object_id}/`
    : `/novostroyki/${l.complex_slug}/`;
  return [
    l.id,
    at(l.created_at),
    LEAD_KINDS[l.kind as LeadKind] ?? l.kind,
    html`<a href="${path}">${complexTitle(l.complex_name)}${l.living_object_id ? `, квартира №${l.living_object_id}` : ""}</a>`,
    l.developer_name,
    l.name,
    html`<a href="tel:${l.phone}">${formatPhone(l.phone)}</a>`,
    CALL_TIMES[l.call_time as CallTime] ?? l.call_time,
    `дано ${at(l.consent_at)}, текст в редакции от ${formatDate(l.consent_version)}`,
    deliveryState(l),
    l.handled_at
      ? `обработана ${at(l.handled_at)}`
      : html`<form method="post" action="/operator/leads/${l.id}/handled/">
          <button type="submit">Отметить обработанной</button>
        </form>`,
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
    leads.length
      ? html`<p>Показано: ${countOf(leads.length, ["заявка", "заявки", "заявок"])}, новые сверху. Время — московское.</p>
          ${operatorTable(
            COLUMNS,
            leads.map(leadCells),
            leads.map((l) => `lead-${l.id}`),
          )}`
      : html`<p>Заявок ещё не было.</p>`,
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
      html`<p>Заявки №${id} нет. <a href="/operator/leads/">Все заявки</a></p>`,
    );
  }
  return c.redirect(`/operator/leads/#lead-${id}`, 303);
}
