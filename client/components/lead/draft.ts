/**
 * A request to the seller as it is typed, kept in localStorage until it is sent (as the quiz keeps its answers):
 * a reload, a closed window or a failed send loses nothing, and its idempotency key makes every retry of the
 * send the same request.
 */
import * as v from "valibot";
import { CALL_TIME_IDS, LEAD_KIND_IDS, type LeadTarget } from "../../../shared/leads";
import { readStored, removeStored, writeStored } from "../../storage";

const DraftSchema = v.object({
  kind: v.picklist(LEAD_KIND_IDS),
  name: v.string(),
  phone: v.string(),
  call_time: v.picklist(CALL_TIME_IDS),
  consent: v.boolean(),
  key: v.pipe(v.string(), v.uuid()),
});
export type LeadDraft = v.InferOutput<typeof DraftSchema>;

const storageKey = (t: LeadTarget) => `lead-draft:v1:${t.complex}:${t.apartment ?? ""}`;

export const loadLeadDraft = (t: LeadTarget) => readStored(storageKey(t), DraftSchema);
export const saveLeadDraft = (t: LeadTarget, draft: LeadDraft) => writeStored(storageKey(t), draft);
export const clearLeadDraft = (t: LeadTarget) => removeStored(storageKey(t));
