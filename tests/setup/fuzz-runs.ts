declare module "vitest" {
  export interface ProvidedContext {
    /**
     * How many inputs each property of tests/integration/fuzz-*.test.ts tries: FUZZ_RUNS (vitest.config.ts),
     * a short run in npm test, the long one in npm run test:fuzz.
     */
    fuzzRuns: number;
  }
}

export {};
