import { serializeJson } from "../../shared/serialize";
import { useBoot } from "../hooks/use-boot";

/** A schema.org JSON-LD data block, escaped like the hydration data and carrying the CSP nonce. */
export function JsonLd({ data }: { data: unknown }) {
  const { nonce } = useBoot();
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: serializeJson escapes < > & U+2028 U+2029
      dangerouslySetInnerHTML={{ __html: serializeJson(data) }}
    />
  );
}
