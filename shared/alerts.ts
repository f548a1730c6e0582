/** Saved searches and alerts by email: what a subscription request is, the choices. */
import * as v from "valibot";
import { COMPANY } from "./company-info";
import { ConsentSchema, object } from "./schemas/quizzes";

export const FREQUENCIES = { instant: "Сразу", daily: "Раз в день", weekly: "Раз в неделю" } as const;
export type FrequencyId = keyof typeof FREQUENCIES;
const FREQUENCY_IDS = Object.keys(FREQUENCIES) as FrequencyId[];

/** The consent's text shown beside the checkbox; its version is the legal documents' edition. */
export const ALERTS_CONSENT = {
  version: COMPANY.documentsEdition,
  text: "Согласен на обработку адреса электронной почты для отправки писем о новостройках по правилам политики конфиденциальности (152-ФЗ)",
} as const;

const email = v.pipe(
  v.string("Укажите адрес электронной почты"),
  v.trim(),
  v.toLowerCase(),
  v.nonEmpty("Укажите адрес электронной почты"),
  v.maxLength(254, "Слишком длинный адрес"),
  v.email("Проверьте адрес: он должен быть вида name@example.ru"),
);

/** What to follow: a list page by its address, an apartment's price, or a complex. */
export const FollowSchema = v.variant(
  "kind",
  [
    v.object({
      kind: v.literal("search"),
      url: v.pipe(
        v.string("Не передан адрес поиска"),
        v.startsWith("/", "Адрес поиска — путь на сайте"),
        v.maxLength(2000, "Слишком длинный адрес поиска"),
      ),
    }),
    v.object({
      kind: v.picklist(["apartment", "complex"]),
      id: v.pipe(
        v.number("Не указан номер"),
        v.integer("Номер — целое число"),
        v.minValue(1, "Номер — целое положительное число"),
        v.maxValue(999_999_999, "Слишком большой номер"),
      ),
    }),
  ],
  "Укажите, на что подписаться: search, apartment или complex",
);

export const SubscribeSchema = object(
  {
    email,
    consent: ConsentSchema,
    follow: FollowSchema,
    name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(120, "Название — не длиннее 120 знаков"))),
    frequency: v.optional(v.picklist(FREQUENCY_IDS, "Выберите, как часто присылать письма"), "instant"),
    /** A hidden field people do not see: a bot that fills every field is refused. */
    website: v.optional(v.string()),
  },
  "Передайте подписку объектом JSON",
);
export type SubscribeInput = v.InferOutput<typeof SubscribeSchema>;

export interface SubscribeResult {
  /** false: the same address already followed the same thing (one subscription). */
  created: boolean;
  /** Whether a confirmation letter was sent: the address or this subscription waits for it. */
  confirmationSent: boolean;
  message: string;
}

/** «Новое с вашего прошлого визита»: a saved search's address and the newest change this browser has seen. */
export const NewSinceQuerySchema = v.object({
  url: v.pipe(
    v.string("Не передан адрес поиска"),
    v.startsWith("/", "Адрес поиска — путь на сайте"),
    v.maxLength(2000, "Слишком длинный адрес поиска"),
  ),
  after: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,15}$/, "after: номер изменения — целое число"), v.transform(Number)),
  ),
});

/** The new changes (up to `NEW_SINCE_CAP`; none without `after`: the first visit) and the newest change's id. */
export interface NewSinceAnswer {
  count: number;
  last: number;
}
