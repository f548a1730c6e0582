/**
 * The worker with failing D1 and KV, for the soak run (scripts/soak-test.mjs serves this module instead of
 * worker/index.ts). FAULT_RATE, a binding only the local server passes, is the share of D1 and KV calls that
 * fail; half of the failed calls fail after their work (a stored write whose answer is lost). A 5xx answer of
 * a request that met an injected fault carries `X-Injected-Faults: <count>`, so the soak tells the faults it
 * caused from real errors. Production deploys worker/index.ts, which never imports this.
 */
import worker from "../../worker/index";
import { faultyD1, faultyKV } from "./bindings";

export { ChatConversation, ChatDirectory } from "../../worker/index";

export default {
  async fetch(request: Request, env: Env & { FAULT_RATE?: string }, ctx: ExecutionContext) {
    const rate = Number(env.FAULT_RATE ?? 0);
    if (!(rate > 0)) return worker.fetch(request, env, ctx);
    let faults = 0;
    const plan = {
      rate,
      afterWork: 0.5,
      onFault: () => {
        faults += 1;
      },
    };
    const res = await worker.fetch(
      request,
      { ...env, DB: faultyD1(env.DB, plan), KV: faultyKV(env.KV, plan) },
      ctx,
    );
    if (res.status < 500 || faults === 0) return res;
    const marked = new Response(res.body, res);
    marked.headers.set("X-Injected-Faults", String(faults));
    return marked;
  },
  scheduled: worker.scheduled,
};
