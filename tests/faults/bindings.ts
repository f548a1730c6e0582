/**
 * Fault-injecting D1 and KV bindings: a share of the calls fail. Used by the integration tests (a binding
 * that is down: every call fails) and by the soak run's worker (tests/faults/worker.ts: a share of calls fail).
 * Nothing in worker/ imports this, so a deployed worker never runs it.
 */

export interface FaultPlan {
  /** The share of calls that fail, 0…1. */
  rate: number;
  /**
   * Which calls fail by their order (0 the first call through the binding), instead of `rate`: a database
   * that goes down in the middle of a page's data (tests/integration/page-faults.test.ts).
   */
  fails?: (call: number) => boolean;
  /**
   * Of the failed calls, the share that did their work before failing: a write is stored but its answer is
   * lost, as when the connection drops after a commit. The rest fail before touching the data.
   */
  afterWork?: number;
  /** A number in [0, 1): Math.random unless a test wants a fixed sequence. */
  random?: () => number;
  /** Told of each injected fault: what failed. */
  onFault?: (call: string) => void;
}

export class InjectedFault extends Error {
  constructor(call: string) {
    super(`injected fault: ${call}`);
    this.name = "InjectedFault";
  }
}

/** Calls `work` unless the plan fails it: before the work, or after it with the answer thrown away. */
const callsOf = new WeakMap<FaultPlan, number>();

async function faulty<T>(plan: FaultPlan, call: string, work: () => Promise<T>): Promise<T> {
  const random = plan.random ?? Math.random;
  const index = callsOf.get(plan) ?? 0;
  callsOf.set(plan, index + 1);
  if (plan.fails ? !plan.fails(index) : random() >= plan.rate) return work();
  plan.onFault?.(call);
  if (random() < (plan.afterWork ?? 0)) await work().catch(() => undefined);
  throw new InjectedFault(call);
}

function statement(plan: FaultPlan, s: D1PreparedStatement): D1PreparedStatement {
  const wrapped = {
    bind: (...values: unknown[]) => statement(plan, s.bind(...values)),
    first: (column?: string) => faulty(plan, "D1 first", () => (column ? s.first(column) : s.first())),
    all: () => faulty(plan, "D1 all", () => s.all()),
    run: () => faulty(plan, "D1 run", () => s.run()),
    raw: (options?: { columnNames?: boolean }) =>
      faulty(plan, "D1 raw", () => (options?.columnNames ? s.raw({ columnNames: true }) : s.raw())),
    // The real statement, for batch(): the batch itself is the call that fails.
    unwrap: s,
  };
  return wrapped as unknown as D1PreparedStatement; // The overloads of first/raw are one function each here.
}

const unwrap = (s: D1PreparedStatement): D1PreparedStatement =>
  (s as unknown as { unwrap?: D1PreparedStatement }).unwrap ?? s;

function session(plan: FaultPlan, s: D1DatabaseSession): D1DatabaseSession {
  return {
    prepare: (query) => statement(plan, s.prepare(query)),
    batch: <T>(statements: D1PreparedStatement[]) =>
      faulty<D1Result<T>[]>(plan, "D1 batch", () => s.batch<T>(statements.map(unwrap))),
    getBookmark: () => s.getBookmark(),
  };
}

/** A D1 database whose statements, batches and sessions fail by the plan. */
export function faultyD1(db: D1Database, plan: FaultPlan): D1Database {
  return {
    prepare: (query) => statement(plan, db.prepare(query)),
    batch: <T>(statements: D1PreparedStatement[]) =>
      faulty<D1Result<T>[]>(plan, "D1 batch", () => db.batch<T>(statements.map(unwrap))),
    exec: (query) => faulty(plan, "D1 exec", () => db.exec(query)),
    dump: () => faulty(plan, "D1 dump", () => db.dump()),
    withSession: (constraintOrBookmark) => session(plan, db.withSession(constraintOrBookmark)),
  };
}

/** A KV namespace whose every call fails by the plan. */
export function faultyKV(kv: KVNamespace, plan: FaultPlan): KVNamespace {
  return new Proxy(kv, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => faulty(plan, `KV ${String(name)}`, () => value.apply(target, args));
    },
  });
}
