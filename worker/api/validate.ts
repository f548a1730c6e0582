import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import * as v from "valibot";

/** Query parameters as a flat object; repeated names keep the last value. */
export function queryObject(c: Context): Record<string, string> {
  return Object.fromEntries(new URL(c.req.url).searchParams);
}

/** Validates or answers 400 with a Russian message that names the field. */
export function parse<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const issue = result.issues[0];
  const field = issue ? v.getDotPath(issue) : null;
  const message = issue?.message ?? "Некорректный запрос";
  throw new HTTPException(400, { message: field ? `${field}: ${message}` : message });
}

export function badRequest(message: string): never {
  throw new HTTPException(400, { message });
}

export function notFound(message = "Не найдено"): never {
  throw new HTTPException(404, { message });
}
