/** The quiz: its steps as the API answers them, the submission the client posts, the matching complexes. */
import * as v from "valibot";
import { QUIZ_STEPS, type QuizStep } from "../quiz";

export const QuizStepSchema = v.object({
  id: v.picklist(QUIZ_STEPS.map((s) => s.id)),
  title: v.string(),
  type: v.picklist(["single", "multi", "contact"]),
  options: v.array(v.object({ value: v.string(), label: v.string() })),
});

export const QuizSchema = v.object({
  id: v.number(),
  slug: v.string(),
  title: v.string(),
  steps: v.array(QuizStepSchema),
});
export type Quiz = v.InferOutput<typeof QuizSchema>;
export interface QuizzesResponse {
  data: Quiz[];
}

/** The message for a missing value: the schema's own string message, or the one an `object` below carries. */
function missingMessage(schema: unknown): string | undefined {
  if (!schema || typeof schema !== "object") return undefined;
  if ("whenMissing" in schema && typeof schema.whenMissing === "string") return schema.whenMissing;
  return "message" in schema && typeof schema.message === "string" ? schema.message : undefined;
}

/**
 * v.object, except that a missing key is reported with the message of its own schema («Укажите имя»)
 * rather than the object's: valibot files a missing key under the object.
 */
export function object<const E extends v.ObjectEntries>(entries: E, message: string) {
  const schema = v.object(entries, (issue) => {
    const key = issue.path?.at(-1)?.key;
    const own =
      typeof key === "string" && issue.input === undefined ? missingMessage(entries[key]) : undefined;
    return own ?? message;
  });
  return Object.assign(schema, { whenMissing: message });
}

const values = (id: QuizStep["id"]) => QUIZ_STEPS.find((s) => s.id === id)?.options.map((o) => o.value) ?? [];
const choice = (id: QuizStep["id"], message: string) => v.picklist(values(id), message);

export const QuizAnswersSchema = object(
  {
    budget: choice("budget", "Выберите бюджет"),
    rooms: v.pipe(
      v.array(choice("rooms", "Выберите количество комнат из предложенных"), "Выберите количество комнат"),
      v.minLength(1, "Выберите количество комнат"),
      v.check((rooms) => new Set(rooms).size === rooms.length, "Варианты количества комнат повторяются"),
    ),
    area: choice("area", "Выберите, где хотите жить"),
    deadline: choice("deadline", "Выберите, когда планируете переезд"),
    otdelka: choice("otdelka", "Выберите, нужна ли отделка"),
    mortgage: choice("mortgage", "Выберите, планируете ли ипотеку"),
  },
  "Ответьте на вопросы опроса",
);
export type QuizAnswers = v.InferOutput<typeof QuizAnswersSchema>;
export type QuizAnswerId = keyof QuizAnswers;

const PHONE_MESSAGE = "Укажите российский номер телефона: +7 и 10 цифр, например +7 999 123-45-67";

/** +7 and ten digits in any common notation («8 (999) 123-45-67», «+7 999 1234567», «9991234567») → «+79991234567». */
export function normalizePhone(raw: string): string | null {
  const compact = raw.replace(/[\s\u00a0()\-.]/g, "");
  const m = /^(?:\+7|8|7)?([3489]\d{9})$/.exec(compact);
  return m ? `+7${m[1]}` : null;
}

export const PhoneSchema = v.pipe(
  v.string(PHONE_MESSAGE),
  v.maxLength(40, PHONE_MESSAGE),
  v.check((s) => normalizePhone(s) !== null, PHONE_MESSAGE),
  v.transform((s) => normalizePhone(s) ?? s),
);

export const NameSchema = v.pipe(
  v.string("Укажите имя"),
  v.trim(),
  v.minLength(2, "Укажите имя — хотя бы две буквы"),
  v.maxLength(60, "Имя — не длиннее 60 символов"),
  v.regex(/^[\p{L}][\p{L}\s'’.-]*$/u, "В имени допустимы только буквы, пробел, дефис и апостроф"),
);

export const ConsentSchema = v.literal(true, "Подтвердите согласие на обработку персональных данных");

export const QuizSubmitSchema = object(
  {
    quiz_id: v.pipe(
      v.number("Не указан опрос (quiz_id)"),
      v.integer("Номер опроса — целое число"),
      v.minValue(1, "Номер опроса — целое число"),
    ),
    idempotency_key: v.pipe(v.string("Не передан ключ повтора заявки"), v.uuid("Ключ повтора заявки — UUID")),
    answers: QuizAnswersSchema,
    name: NameSchema,
    phone: PhoneSchema,
    consent: ConsentSchema,
  },
  "Передайте заявку объектом JSON",
);
export type QuizSubmission = v.InferOutput<typeof QuizSubmitSchema>;

export interface QuizSubmitResult {
  id: number;
  /** false when the idempotency key was already stored: a retry of the same submission. */
  created: boolean;
}

/** One complex of the selection shown after the quiz (residential-complexes/grid). */
export const QuizMatchSchema = v.object({
  id: v.number(),
  name: v.string(),
  url: v.string(),
  address: v.nullish(v.string()),
  min_price: v.nullish(v.number()),
  class_name: v.nullish(v.string()),
  deadline: v.object({ label: v.string(), finished: v.boolean() }),
});
export const QuizMatchesSchema = v.object({ data: v.array(QuizMatchSchema), total: v.number() });
export type QuizMatches = v.InferOutput<typeof QuizMatchesSchema>;
