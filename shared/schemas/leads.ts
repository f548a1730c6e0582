/** A buyer's request to the seller (a lead): what the form posts and what the API answers. */
import * as v from "valibot";
import { CALL_TIME_IDS, type CallTime, LEAD_KIND_IDS, type LeadKind } from "../leads";
import { ConsentSchema, NameSchema, object, PhoneSchema } from "./quizzes";

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

/** The form's fields as typed (what the draft keeps and a POST without JavaScript sends back). */
export interface LeadFormValues {
  kind: LeadKind;
  name: string;
  phone: string;
  call_time: CallTime;
  consent: boolean;
}

/**
 * The request page's form from the server (/zayavka/): its idempotency key, and after a POST without
 * JavaScript the values sent with the messages about them, or the stored request.
 */
export interface LeadFormState {
  key: string;
  values?: LeadFormValues;
  /** Field → message; `form` is about the whole request (rate limit, origin). */
  errors?: Partial<Record<keyof LeadFormValues | "form", string>>;
  result?: LeadSubmitResult;
}
