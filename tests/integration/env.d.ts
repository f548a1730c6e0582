/** The bindings the integration tests add to the worker's (vitest.config.ts): the migrations to apply. */
declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
  }
}
