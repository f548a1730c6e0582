// workerd's V8 inspector for the measuring scripts (profile-ssr, soak-test): the site's worker among the
// runtime's targets, and a small client of the DevTools protocol.
import WebSocket from "ws";

/** A DevTools protocol session on a target's WebSocket: `send(method, params)` resolves with the result. */
export async function connect(url) {
  const ws = new WebSocket(url);
  await new Promise((resolve, reject) => {
    ws.once("open", resolve);
    ws.once("error", reject);
  });
  let id = 0;
  const waiting = new Map();
  ws.on("message", (data) => {
    const msg = JSON.parse(String(data));
    const w = waiting.get(msg.id);
    if (!w) return;
    waiting.delete(msg.id);
    if (msg.error) w.reject(new Error(msg.error.message));
    else w.resolve(msg.result);
  });
  return {
    send(method, params = {}) {
      const msgId = ++id;
      ws.send(JSON.stringify({ id: msgId, method, params }));
      return new Promise((resolve, reject) => waiting.set(msgId, { resolve, reject }));
    },
    close: () => ws.close(),
  };
}

/** The site's worker (wrangler.toml's name), not Miniflare's own helper workers, on workerd's inspector port. */
export async function siteWorker(port) {
  const targets = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
  return targets.find((t) => /core:user:/.test(t.id) && !/:__|-assets|asset/.test(t.id)) ?? targets[0];
}

/**
 * The JS heap of every worker in the runtime (the site's and Miniflare's own: D1, KV, the cache, the queues,
 * the assets) after a full collection, MB in use / committed, by target: what of workerd's memory is
 * JavaScript, and whose. Each worker gets a session of its own for the one sample, closed after it (a session
 * held open beside another stalled workerd's inspector); one that does not connect and answer within a few
 * seconds is NaN in this sample.
 */
export async function heapsOf(port) {
  const targets = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
  const heaps = [];
  for (const t of targets) {
    const sample = connect(t.webSocketDebuggerUrl).then(async (session) => {
      try {
        await session.send("HeapProfiler.collectGarbage");
        return await session.send("Runtime.getHeapUsage");
      } finally {
        session.close();
      }
    });
    const usage = await Promise.race([
      sample.catch(() => null),
      new Promise((resolve) => setTimeout(resolve, 5_000, null)),
    ]);
    heaps.push({
      id: t.id,
      usedMb: usage ? usage.usedSize / 2 ** 20 : Number.NaN,
      totalMb: usage ? usage.totalSize / 2 ** 20 : Number.NaN,
    });
  }
  return heaps;
}
