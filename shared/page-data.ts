/**
 * A page's data, declared once next to its screen (the route module's `data` export): the API keys its URL
 * needs, each typed with its answer (shared/api-keys.ts ApiKey). The worker resolves them for the server
 * render and hands the answers over as the SWR cache; the component reads the same keys with useApi, so the
 * first render after hydration asks for nothing.
 */
import type { AnswerOf, ApiKey } from "./api-keys";
import type { BootData } from "./boot";
import type { RouteMatch } from "./routes";

/** Named keys; undefined where this URL does not need one. */
export type DataKeys = { readonly [name: string]: ApiKey<unknown> | undefined };

/** The answers of keys, each undefined until (or unless) it is there. */
export type Answers<K extends DataKeys> = { [N in keyof K]?: AnswerOf<K[N]> };

export interface PageData<K extends DataKeys = DataKeys, F extends DataKeys = DataKeys> {
  /** What the URL alone decides. A key that fails is the page's status: a 404 answer makes the page a 404. */
  keys(match: RouteMatch): K;
  /**
   * Keys that need the first answers (a complex's developer's other complexes). The worker resolves them in a
   * second round and keeps those that succeed; the component reads them once it has the first answers.
   */
  more?(match: RouteMatch, first: Answers<K>): F;
  /**
   * The canonical slashed path of a URL that carries an id and some text (`zhk-sokolniki-42`), from the first
   * answers; the worker answers 301 when it differs from the URL.
   */
  canonical?(match: RouteMatch, first: Answers<K>): string | null;
  /**
   * Something a URL names when it names nothing of this page (`/journal/{article}/` names an article as if it
   * were a category): a key the worker asks only when the page's keys answer 404 (`first` holds those that
   * answered), and the path its answer moves to (301).
   */
  elsewhere?(match: RouteMatch, first: Answers<K>): Elsewhere | undefined;
  /**
   * The answer to the visitor's own words in a plain form (the commute's place): a 400 of it is the page's
   * to show, its Russian message as `{ error }` in the key's place (isAskedProblem), not the page's status.
   */
  asked?(match: RouteMatch): ApiKey<unknown> | undefined;
  /** The visit's own state the page starts with, made by the worker (the request form's idempotency key). */
  visit?(): VisitState;
}

/** An asked key's 400 answer, as the server hands it over (PageData.asked). */
export const isAskedProblem = (data: unknown): data is { error: string } =>
  typeof data === "object" && data !== null && typeof (data as { error?: unknown }).error === "string";

/** What a page may add to the boot data of its visit. */
export type VisitState = Partial<Pick<BootData, "lead">>;

/** A key asked for a URL that is not this page's, and the path its answer gives. */
export interface Elsewhere {
  key: ApiKey<unknown>;
  path(answer: unknown): string | null;
}

/** An Elsewhere whose path is written against its key's answer type. */
export const elsewhere = <T>(key: ApiKey<T>, path: (answer: T) => string | null): Elsewhere => ({
  key,
  // The answer is the key's, as ApiKey<T> says: the worker hands over the JSON the key's loader made.
  path: (answer) => path(answer as T),
});

/** Declares a page's data: its keys' types are inferred, and `more` is always there (none by default). */
export const pageData = <K extends DataKeys, F extends DataKeys = Record<never, never>>(
  data: PageData<K, F>,
): PageData<K, F> & Required<Pick<PageData<K, F>, "more">> => ({
  more: () => ({}) as F,
  ...data,
});

/** The keys of a page's data that this URL needs. */
export const presentKeys = (keys: DataKeys): ApiKey<unknown>[] =>
  Object.values(keys).filter((k): k is ApiKey<unknown> => k !== undefined);
