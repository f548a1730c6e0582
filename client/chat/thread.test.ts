import { describe, expect, it } from "vitest";
import type { ChatMessage, ConversationSummary } from "../../shared/chat/protocol";
import { withSummary } from "./list";
import { EMPTY_THREAD, type ThreadState, withRefused, withStored } from "./thread";

const msg = (seq: number, id = `m${seq}`): ChatMessage => ({
  id,
  seq,
  author: seq % 2 ? "visitor" : "operator",
  text: `Сообщение ${seq}`,
  at: 1_790_000_000_000 + seq,
});

describe("a thread in the browser", () => {
  it("shows each stored message once, in server order, and moves the cursor", () => {
    let t = withStored(EMPTY_THREAD, [msg(2), msg(1)]);
    // The live frame of message 3 and then a history after reconnecting that repeats 2 and 3.
    t = withStored(t, [msg(3)]);
    t = withStored(t, [msg(2), msg(3), msg(4), msg(4)]);
    expect(t.messages.map((m) => m.seq)).toEqual([1, 2, 3, 4]);
    expect(t.lastSeq).toBe(4);
    expect(withStored(t, [msg(3)])).toBe(t);
  });

  it("takes an acknowledged message out of the queue", () => {
    const queued: ThreadState = {
      ...EMPTY_THREAD,
      pending: [
        { id: "a", text: "Первое", at: 1 },
        { id: "b", text: "Второе", at: 2 },
      ],
    };
    const t = withStored(queued, [{ ...msg(1), id: "a" }]);
    expect(t.pending.map((p) => p.id)).toEqual(["b"]);
    expect(t.messages.map((m) => m.id)).toEqual(["a"]);
  });

  it("puts a refused message back into an empty draft, with the reason", () => {
    const queued: ThreadState = { ...EMPTY_THREAD, pending: [{ id: "a", text: "Привет", at: 1 }] };
    const t = withRefused(queued, "a", "Слишком много сообщений подряд.");
    expect(t).toMatchObject({ pending: [], draft: "Привет", notice: "Слишком много сообщений подряд." });
    // A draft the visitor has started since is not overwritten; an error without an id only tells.
    expect(withRefused({ ...queued, draft: "Новое" }, "a", "Нет").draft).toBe("Новое");
    expect(withRefused(queued, undefined, "Нет")).toMatchObject({ pending: queued.pending, notice: "Нет" });
  });
});

describe("the operator's list", () => {
  const summary = (id: string, version: number, lastAt: number): ConversationSummary => ({
    id,
    version,
    page: { path: "/", complex: null },
    lastText: "…",
    lastAuthor: "visitor",
    lastAt,
    unread: 1,
    startedAt: 0,
  });

  it("keeps the newest version of each conversation, latest activity first", () => {
    let list = withSummary([], summary("a", 1, 10));
    list = withSummary(list, summary("b", 1, 20));
    expect(list.map((c) => c.id)).toEqual(["b", "a"]);
    list = withSummary(list, summary("a", 3, 30));
    expect(list.map((c) => [c.id, c.version])).toEqual([
      ["a", 3],
      ["b", 1],
    ]);
    // A late report of an older version changes nothing.
    expect(withSummary(list, summary("a", 2, 25))).toBe(list);
  });
});
