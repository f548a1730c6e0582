/**
 * JSON for an inline `<script type="application/json">`: every character that could end the script or
 * break the JavaScript string grammar is escaped, so no value can close the tag.
 */
const ESCAPES: Record<string, string> = {
  "<": "\\u003c",
  ">": "\\u003e",
  "&": "\\u0026",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

export function serializeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (ch) => ESCAPES[ch] ?? ch);
}
