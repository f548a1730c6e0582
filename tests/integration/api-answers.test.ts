/**
 * Types that cannot lie: a key's answer is its loader's (shared/api-keys.ts ApiAnswers, worker/api/answers.ts
 * LOADERS ... satisfies). Checked by `tsc -b` (this file is in the integration project): a loader whose answer
 * renames a field no longer satisfies its key, and a component reading the key sees the map's type.
 */
import { describe, expect, expectTypeOf, it } from "vitest";
import type { useApi } from "../../client/hooks/use-api";
import type { AnswerOf, ApiAnswers, apiKeys } from "../../shared/api-keys";
import type { ComplexDetail } from "../../shared/schemas/catalogue";
import { LOADERS } from "../../worker/api/answers";

/** A loader's answer, as the map's `satisfies` sees it. */
type LoaderAnswer<F> = F extends (...args: never[]) => Promise<infer T> ? T : never;

/** What `satisfies` asks of a key's loader. */
type Satisfies<N extends keyof ApiAnswers, F> = LoaderAnswer<F> extends ApiAnswers[N] | null ? true : false;

describe("API keys' answers come from their loaders", () => {
  it("a key's answer type is its loader's", () => {
    expectTypeOf<AnswerOf<ReturnType<typeof apiKeys.complex>>>().toEqualTypeOf<ApiAnswers["complex"]>();
    expectTypeOf<LoaderAnswer<typeof LOADERS.complex>>().toEqualTypeOf<ComplexDetail | null>();
    expectTypeOf<ReturnType<typeof useApi<ApiAnswers["complex"]>>["data"]>().toEqualTypeOf<
      ComplexDetail | undefined
    >();
    expect(Object.keys(LOADERS).length).toBeGreaterThan(25);
  });

  it("a loader that renames a field of its answer does not satisfy its key", () => {
    // The complex's loader with `name` renamed `title`: what the complex page reads is gone.
    type Renamed = (
      deps: unknown,
      id: number,
    ) => Promise<(Omit<ComplexDetail, "name"> & { title: string }) | null>;
    expectTypeOf<Satisfies<"complex", Renamed>>().toEqualTypeOf<false>();
    expectTypeOf<Satisfies<"complex", typeof LOADERS.complex>>().toEqualTypeOf<true>();
    const renamed: Renamed = async () => null;
    // @ts-expect-error a renamed field fails the map's check, as in worker/api/answers.ts
    renamed satisfies (...args: never[]) => Promise<ApiAnswers["complex"] | null>;
    expect(renamed).toBeTypeOf("function");
  });
});
