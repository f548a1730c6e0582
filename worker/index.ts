import { app } from "./app";
import { deadLetterLeads, deliverLeads, type QueueBatch } from "./leads/deliver";
import { scheduled } from "./scheduled";

export { ChatConversation } from "./chat/conversation";
export { ChatDirectory } from "./chat/directory";

export default {
  fetch: app.fetch,
  scheduled,
  // The leads queue and its dead-letter queue (wrangler.toml: the dead-letter queue's name ends in «-dead»).
  async queue(batch: QueueBatch, env: Env): Promise<void> {
    await (batch.queue.endsWith("-dead") ? deadLetterLeads(batch, env) : deliverLeads(batch, env));
  },
};
