import { describe, expect, it } from "vitest";
import { serializeJson } from "./serialize";

describe("serializeJson", () => {
  it("escapes everything that could close the script", () => {
    const hostile = { a: "</script><script>alert(1)</script>", b: "&amp; \u2028\u2029 <!--" };
    const out = serializeJson(hostile);
    expect(out).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(out)).toEqual(hostile);
  });
});
