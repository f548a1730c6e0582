import { describe, expect, it } from "vitest";
import { clientIp } from "./security";

describe("request security", () => {
  it("reads the client IP from CF-Connecting-IP, else the first X-Forwarded-For value", () => {
    expect(clientIp(new Headers({ "CF-Connecting-IP": "1.2.3.4", "X-Forwarded-For": "5.6.7.8" }))).toBe(
      "1.2.3.4",
    );
    expect(clientIp(new Headers({ "X-Forwarded-For": " 5.6.7.8 , 9.9.9.9" }))).toBe("5.6.7.8");
    expect(clientIp(new Headers())).toBe("0.0.0.0");
  });
});
