/** A buyer's request to the seller (a lead): what the form posts and what the API answers. */
import * as v from "valibot";
import { ConsentSchema, NameSchema, object, PhoneSchema } from "./quizzes";

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

const id = (message: string) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(1, message), v.maxValue(999_999_999, message));

export const LeadSubmitSchema = object(
  {
    idempotency_key: v.pipe(v.string("Не передан ключ повтора заявки"), v.uuid("Ключ повтора заявки — UUID")),
    kind: v.picklist(LEAD_KIND_IDS, "Выберите, что вас интересует: звонок, просмотр или скидки"),
    complex_id: id("Не указан жилой комплекс (complex_id)"),
    living_object_id: v.optional(id("Номер квартиры — целое положительное число")),
    name: NameSchema,
    phone: PhoneSchema,
    call_time: v.picklist(CALL_TIME_IDS, "Выберите удобное время для звонка"),
    consent: ConsentSchema,
  },
  "Передайте заявку объектом JSON",
);
export type LeadSubmission = v.InferOutput<typeof LeadSubmitSchema>;
export type LeadField = keyof LeadSubmission;

export interface LeadSubmitResult {
  id: number;
  /** false when the idempotency key was already stored: a retry of the same request. */
  created: boolean;
}

/** The queue message: only the row's id; the request itself stays in D1. */
export const LeadMessageSchema = v.object({ id: v.pipe(v.number(), v.integer(), v.minValue(1)) });
export type LeadMessage = v.InferOutput<typeof LeadMessageSchema>;

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
