import type { ConversationSummary } from "../../shared/chat/protocol";

/** The operator's list after a change: the newest summary of each conversation, latest activity first. */
export function withSummary(list: ConversationSummary[], c: ConversationSummary): ConversationSummary[] {
  const old = list.find((x) => x.id === c.id);
  if (old && old.version >= c.version) return list;
  return [c, ...list.filter((x) => x.id !== c.id)].sort((a, b) => b.lastAt - a.lastAt);
}
