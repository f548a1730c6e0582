// The worker's Hono app, for tests that call it with a modified env (a broken binding) or their own execution
// context. A JavaScript re-export: the integration typecheck has no DOM, and the app pulls in client code.
export { app } from "../../worker/app";
