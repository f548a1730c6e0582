import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { normalizePhone, QuizSubmitSchema } from "./quizzes";

describe("normalizePhone", () => {
  it.each([
    ["+7 (916) 123-45-67", "+79161234567"],
    ["8 916 123 45 67", "+79161234567"],
    ["89161234567", "+79161234567"],
    ["7-916-123-45-67", "+79161234567"],
    ["916.123.45.67", "+79161234567"],
    ["+7 495 120-45-67", "+74951204567"],
    ["8 800 555-35-35", "+78005553535"],
  ])("reads %s", (raw, phone) => {
    expect(normalizePhone(raw)).toBe(phone);
  });

  it.each(["", "+1 212 555 0123", "+7 916 123-45-6", "+7 916 123-45-678", "+7 116 123-45-67", "8916abc4567"])(
    "refuses %j",
    (raw) => {
      expect(normalizePhone(raw)).toBeNull();
    },
  );
});

describe("QuizSubmitSchema", () => {
  it("names a missing field with that field's own message", () => {
    const r = v.safeParse(QuizSubmitSchema, { quiz_id: 1 });
    expect(r.success).toBe(false);
    expect(r.issues?.map((i) => [v.getDotPath(i), i.message])).toEqual([
      ["idempotency_key", "Не передан ключ повтора заявки"],
      ["answers", "Ответьте на вопросы опроса"],
      ["name", "Укажите имя"],
      ["phone", "Укажите российский номер телефона: +7 и 10 цифр, например +7 999 123-45-67"],
      ["consent", "Подтвердите согласие на обработку персональных данных"],
    ]);
    expect(v.safeParse(QuizSubmitSchema, "заявка").issues?.[0]?.message).toBe(
      "Передайте заявку объектом JSON",
    );
  });
});
