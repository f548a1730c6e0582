// The measuring scripts' HTTP client (soak, fuzz): one request with its body read, sent again once when its
// kept-alive connection was closed before any answer came (RFC 9112 §9.3.1, what browsers do). workerd
// closes such a connection without saying so (no `Connection: close`) when its idle timer ran out while its
// event loop was busy, or after an answer to a request whose body the worker did not read; Node's fetch then
// sends the next request on it and fails with ECONNRESET / UND_ERR_SOCKET (docs/decisions/0007-load-test-incident.md).

/** Connection errors after which a request may be sent again. */
const RESET = new Set(["ECONNRESET", "UND_ERR_SOCKET", "EPIPE"]);
/**
 * How many times: the pool may hold several connections closed at once (a busy stretch ends with all their
 * timers run out), and a resend can take the next of them before it gets a new one.
 */
const RESENDS = Number(process.env.HTTP_RESENDS ?? 3);

/**
 * `fetch` with `redirect: "manual"` and a timeout, the body read as text. Resolves to
 * `{ res, text, resent }` (resent: how many times it went again), or rejects with `{ code, midAnswer }` (the
 * error's code, whether the answer had begun).
 */
export async function send(url, { timeoutMs = 30_000, ...init } = {}, resent = 0) {
  let res;
  try {
    res = await fetch(url, { ...init, redirect: "manual", signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    const code = err.name === "TimeoutError" ? "timeout" : (err.cause?.code ?? err.message);
    if (resent < RESENDS && RESET.has(code)) return send(url, { timeoutMs, ...init }, resent + 1);
    throw { code: resent ? `${code} (и при ${resent} повторах)` : code, midAnswer: false };
  }
  try {
    return { res, text: await res.text(), resent };
  } catch (err) {
    throw { code: err.cause?.code ?? err.message, midAnswer: true };
  }
}
