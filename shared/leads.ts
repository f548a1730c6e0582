/** The words of a buyer's request to the seller (a lead), without the schemas: the pages' buttons need only these. */

/** What the buyer asks for; the labels are the buttons' and the form's words. */
export const LEAD_KINDS = {
  callback: "Перезвоните мне",
  viewing: "Записаться на просмотр",
  discounts: "Узнать о скидках",
} as const;
export type LeadKind = keyof typeof LEAD_KINDS;
export const LEAD_KIND_IDS = Object.keys(LEAD_KINDS) as LeadKind[];

/** When to call, Moscow time (the consultants work 9:00–21:00). */
export const CALL_TIMES = {
  any: "В любое время",
  morning: "Утром, 9:00–12:00",
  day: "Днём, 12:00–17:00",
  evening: "Вечером, 17:00–21:00",
} as const;
export type CallTime = keyof typeof CALL_TIMES;
export const CALL_TIME_IDS = Object.keys(CALL_TIMES) as CallTime[];

/** What a request is about: the complex, maybe one apartment of it, and the kind asked. */
export interface LeadTarget {
  complex: number;
  apartment?: number;
  kind: LeadKind;
}

/** What a request page (/zayavka/) is about, from its query: one apartment (its complex comes with it) or a complex. */
export type LeadPlace = { apartment: number; kind: LeadKind } | { complex: number; kind: LeadKind };

const idParam = (value: string | null) => (value && /^\d{1,9}$/.test(value) ? Number(value) : undefined);

export function leadPlaceOf(search: URLSearchParams): LeadPlace {
  const kind = LEAD_KIND_IDS.find((k) => k === search.get("kind")) ?? "callback";
  const apartment = idParam(search.get("kvartira"));
  // No complex is complex 0, which does not exist: the page is a 404.
  return apartment ? { apartment, kind } : { complex: idParam(search.get("complex")) ?? 0, kind };
}

/** The request page's query for a target: ?kvartira=…&kind=… for an apartment, else ?complex=…&kind=…. */
export const leadQuery = (t: LeadTarget) =>
  t.apartment ? { kvartira: t.apartment, kind: t.kind } : { complex: t.complex, kind: t.kind };

/** «+79161234567» → «+7 916 123-45-67»; what is typed is formatted as far as it goes («8916» → «+7 916»). */
export function formatPhone(raw: string): string {
  let d = raw.replace(/\D/g, "");
  if (/^[78]/.test(d)) d = d.slice(1);
  d = d.slice(0, 10);
  // Nothing past the country code yet: keep what was typed of it («+», «+7», «8»).
  if (!d) return raw.replace(/[^+\d]/g, "").slice(0, 2);
  const parts = [d.slice(0, 3), d.slice(3, 6), d.slice(6, 8), d.slice(8, 10)];
  let out = `+7 ${parts[0]}`;
  if (parts[1]) out += ` ${parts[1]}`;
  if (parts[2]) out += `-${parts[2]}`;
  if (parts[3]) out += `-${parts[3]}`;
  return out;
}
