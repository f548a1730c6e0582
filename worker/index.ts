import { deadLetters, sendLetters } from "./alerts/send";
import { app } from "./app";
import { deadLetterLeads, deliverLeads, type QueueBatch } from "./leads/deliver";
import { scheduled } from "./scheduled";

export { ChatConversation } from "./chat/conversation";
export { ChatDirectory } from "./chat/directory";

export default {
  fetch: app.fetch,
  scheduled,
  // The leads' and the alerts' queues and their dead-letter queues (wrangler.toml: a dead-letter queue's name
  // ends in «-dead»).
  async queue(batch: QueueBatch, env: Env): Promise<void> {
    const dead = batch.queue.endsWith("-dead");
    if (batch.queue.includes("-alerts")) await (dead ? deadLetters(batch, env) : sendLetters(batch, env));
    else await (dead ? deadLetterLeads(batch, env) : deliverLeads(batch, env));
  },
};
