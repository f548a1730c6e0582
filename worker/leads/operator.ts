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
import { operatorTime as at, operatorPage, operatorRefusal } from "../operator-page";

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

function leadRow(l: LeadListRow) {
  const path = l.living_object_id
    ? `/kvartiry/kvartira-${l.living_object_id}/`
    : `/novostroyki/${l.complex_slug}/`;
  return html`<tr id="lead-${l.id}">
    <td class="n">${l.id}</td>
    <td>${at(l.created_at)}</td>
    <td>${LEAD_KINDS[l.kind as LeadKind] ?? l.kind}</td>
    <td><a href="${path}">${complexTitle(l.complex_name)}${l.living_object_id ? `, квартира №${l.living_object_id}` : ""}</a></td>
    <td>${l.developer_name}</td>
    <td>${l.name}</td>
    <td><a href="tel:${l.phone}">${formatPhone(l.phone)}</a></td>
    <td>${CALL_TIMES[l.call_time as CallTime] ?? l.call_time}</td>
    <td>дано ${at(l.consent_at)}, текст в редакции от ${formatDate(l.consent_version)}</td>
    <td>${deliveryState(l)}</td>
    <td>
      ${
        l.handled_at
          ? html`обработана ${at(l.handled_at)}`
          : html`<form method="post" action="/operator/leads/${l.id}/handled/">
              <button type="submit">Отметить обработанной</button>
            </form>`
      }
    </td>
  </tr>`;
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
          <div class="wrap"><table>
            <tr>
              <th>№</th><th>Получена</th><th>Что просят</th><th>ЖК</th><th>Застройщик</th><th>Имя</th><th>Телефон</th>
              <th>Когда звонить</th><th>Согласие на обработку данных</th><th>Доставка застройщику</th><th>Обработка</th>
            </tr>
            ${leads.map(leadRow)}
          </table></div>`
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
