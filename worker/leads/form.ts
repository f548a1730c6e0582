/**
 * POST /zayavka/: the request form without JavaScript. The same checks and the same storing as the API; the
 * answer is the request page again, with the request received (201, 200 for a form sent twice) or with the
 * form, what was typed and the Russian messages (400, or 403/413/429 for the whole request).
 */
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import * as v from "valibot";
import { CALL_TIME_IDS, LEAD_KIND_IDS, leadPlaceOf } from "../../shared/leads";
import { type LeadFormState, type LeadFormValues, LeadSubmitSchema } from "../../shared/schemas/leads";
import { readBodyText } from "../api/post";
import type { AppEnv } from "../env";
import { renderRoute } from "../pages";
import { guardLeadPost } from "./guard";
import { submitLead } from "./submit";

type Errors = NonNullable<LeadFormState["errors"]>;

/** The first message of each field; what is not a field of the form (the key, the complex) is the form's. */
function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const path = v.getDotPath(issue);
    const field =
      (["kind", "name", "phone", "call_time", "consent"] as const).find((f) => f === path) ?? "form";
    errors[field] ??= issue.message;
  }
  return errors;
}

export async function handleLeadForm(c: Context<AppEnv>): Promise<Response> {
  const place = leadPlaceOf(new URL(c.req.url).searchParams);
  let form = new URLSearchParams();
  let key: string = crypto.randomUUID();
  let values: LeadFormValues = { kind: place.kind, name: "", phone: "", call_time: "any", consent: false };
  const again = (errors: Errors, status: number) => renderRoute(c, { lead: { key, values, errors }, status });
  try {
    await guardLeadPost(c);
    form = new URLSearchParams(await readBodyText(c));
  } catch (e) {
    if (e instanceof HTTPException && e.status < 500) return again({ form: e.message }, e.status);
    throw e;
  }
  const text = (name: string) => form.get(name) ?? "";
  const sentKey = text("idempotency_key");
  if (v.is(v.pipe(v.string(), v.uuid()), sentKey)) key = sentKey;
  values = {
    kind: LEAD_KIND_IDS.find((k) => k === text("kind")) ?? place.kind,
    name: text("name"),
    phone: text("phone"),
    call_time: CALL_TIME_IDS.find((t) => t === text("call_time")) ?? "any",
    consent: text("consent") === "yes",
  };
  const parsed = v.safeParse(LeadSubmitSchema, {
    idempotency_key: sentKey,
    kind: text("kind"),
    // An apartment's page names the apartment; the form carries its complex (checked against it when stored).
    ...("apartment" in place
      ? { complex_id: Number(text("complex_id")) || undefined, living_object_id: place.apartment }
      : { complex_id: place.complex }),
    name: values.name,
    phone: values.phone,
    call_time: text("call_time"),
    consent: values.consent,
  });
  if (!parsed.success) return again(fieldErrors(parsed.issues), 400);
  try {
    const result = await submitLead(c.env, parsed.output, c.get("ip"));
    return renderRoute(c, { lead: { key, values, result }, status: result.created ? 201 : 200 });
  } catch (e) {
    if (e instanceof HTTPException && e.status === 400) return again({ form: e.message }, 400);
    throw e;
  }
}
