import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { get, HUMAN_UA } from "./helpers";

const BOOKMARK = /^d1_bookmark=([0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32});/;

let lastIp = 0;

/** A write: counting a journal article's view (a POST under the rate limit, so from its own address). */
function countView(cookie?: string) {
  return SELF.fetch("http://localhost/api/v1/media/posts/1/view", {
    method: "POST",
    headers: {
      "User-Agent": HUMAN_UA,
      "CF-Connecting-IP": `198.51.100.${200 + ++lastIp}`,
      ...(cookie ? { Cookie: `d1_bookmark=${cookie}` } : {}),
    },
  });
}

const bookmarkOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => BOOKMARK.exec(c))
    .find(Boolean);

describe("D1 sessions", () => {
  it("hands the bookmark of a write back in a cookie", async () => {
    const res = await countView();
    expect(res.status).toBe(204);
    const set = res.headers.getSetCookie().find((c) => c.startsWith("d1_bookmark="));
    expect(set).toMatch(BOOKMARK);
    expect(set).toContain("HttpOnly");
    expect(set).toContain("Secure");
    expect(set).toContain("SameSite=Lax");
    expect(set).toContain("Max-Age=3600");
  });

  it("starts the request's session at the visitor's bookmark", async () => {
    // A session started at a bookmark is at least as new as it: one from the far future stays the session's
    // bookmark (so nothing new to hand back), while an old one is moved on to the write's.
    const future = "ffffffff-ffffffff-ffffffff-ffffffffffffffffffffffffffffffff";
    expect(bookmarkOf(await countView(future))).toBeUndefined();
    const old = "00000000-00000001-00000000-00000000000000000000000000000000";
    const moved = bookmarkOf(await countView(old))?.[1] ?? "";
    expect(moved > old).toBe(true);
  });

  it("sets no cookie on reads, and ignores a cookie that is not a bookmark", async () => {
    for (const cookie of [undefined, "garbage", "'; DROP TABLE living_objects; --"]) {
      const res = await get("/api/v1/main", { headers: cookie ? { Cookie: `d1_bookmark=${cookie}` } : {} });
      expect(res.status, cookie).toBe(200);
      expect(res.headers.getSetCookie(), cookie).toEqual([]);
      await res.arrayBuffer();
    }
    const write = await countView("garbage");
    expect(write.status).toBe(204);
    expect(bookmarkOf(write)).toBeDefined();
  });
});
