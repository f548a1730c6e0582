declare namespace Cloudflare {
  interface Env {
    DB: D1Database;
    KV: KVNamespace;
    CHAT_CONVERSATION: DurableObjectNamespace;
    CHAT_DIRECTORY: DurableObjectNamespace;
    LEADS_QUEUE: Queue<{ id: number }>;
    SITE_PHONE: string;
    CHAT_SECRET: string;
    OPERATOR_TOKEN: string;
    SITE_ORIGIN: string;
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
  }
}
