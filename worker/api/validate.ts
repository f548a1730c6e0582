import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import * as v from "valibot";
import { IdSchema } from "../../shared/schemas/catalogue";

/** Query parameters as a flat object; repeated names keep the last value. */
export function queryObject(c: Context): Record<string, string> {
  return Object.fromEntries(new URL(c.req.url).searchParams);
}

/** `{id}` of a path whose id is a number: a 400 for anything else. */
export const NumericIdParamSchema = v.object({ id: IdSchema });

type Issue = v.BaseIssue<unknown>;

const quote = (s: string) => `«${s.replace(/^"|"$/g, "")}»`;

/**
 * The Russian message of a rule a schema left without its own (valibot's defaults are English). Schemas write
 * the rule only, never the field's name: `parse` prefixes the field once.
 */
function russianMessage(issue: Issue): string {
  const req = "requirement" in issue ? issue.requirement : undefined;
  switch (issue.type) {
    case "object":
    case "strict_object":
    case "loose_object":
      // A required key that is absent: valibot reports it on the object with input undefined.
      return issue.input === undefined && issue.path?.length ? "обязательный параметр" : "ожидается объект";
    case "string":
      return issue.input === undefined ? "обязательный параметр" : "ожидается строка";
    case "number":
      return "ожидается число";
    case "boolean":
      return "ожидается true или false";
    case "array":
      return "ожидается список";
    case "integer":
      return "ожидается целое число";
    case "literal":
    case "picklist":
    case "enum":
      return `допустимые значения: ${(issue.expected ?? "").split(" | ").map(quote).join(", ")}`;
    case "min_value":
      return `не меньше ${String(req)}`;
    case "max_value":
      return `не больше ${String(req)}`;
    case "min_length":
      return `не короче ${String(req)} символов`;
    case "max_length":
      return `не длиннее ${String(req)} символов`;
    case "non_empty":
      return "не может быть пустым";
    case "email":
      return "ожидается адрес электронной почты";
    case "regex":
      return "неверный формат";
    default:
      return "недопустимое значение";
  }
}

/** «field: rule» for the first issue, the field named once; a schema's own message states the rule. */
function issueMessage(issues: readonly Issue[]): string {
  const issue = issues[0];
  if (!issue) return "Некорректный запрос";
  const field = v.getDotPath(issue);
  return field ? `${field}: ${issue.message}` : issue.message;
}

/** Validates or answers 400 with a Russian message that names the field once. */
export function parse<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input, { message: russianMessage });
  if (result.success) return result.output;
  throw new HTTPException(400, { message: issueMessage(result.issues) });
}

export function badRequest(message: string): never {
  throw new HTTPException(400, { message });
}

export function notFound(message = "Не найдено"): never {
  throw new HTTPException(404, { message });
}
