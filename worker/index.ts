import { app } from "./app";
import { scheduled } from "./scheduled";

export { ChatConversation } from "./chat/conversation";
export { ChatDirectory } from "./chat/directory";

export default {
  fetch: app.fetch,
  scheduled,
};
