/**
 * The legal documents' text, loaded on its own (client/routes/legal.tsx): the largest part of the legal page,
 * and text that never changes after the first paint. The server renders it; the browser keeps that HTML while
 * it hydrates and loads this chunk only for it (or for a client-side visit).
 */
import { CONSENT_SECTIONS } from "./consent";
import { LegalDocument, type LegalSection } from "./LegalDocument";
import { POLICY_SECTIONS } from "./policy";
import { TERMS_SECTIONS } from "./terms";

/** Each document by its route's name. */
const SECTIONS: Record<string, readonly LegalSection[]> = {
  policy: POLICY_SECTIONS,
  "terms-of-service": TERMS_SECTIONS,
  "data-processing-agreement": CONSENT_SECTIONS,
};

export default function LegalText({ name }: { name: string }) {
  return <LegalDocument sections={SECTIONS[name] ?? POLICY_SECTIONS} />;
}
