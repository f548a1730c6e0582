/**
 * The API's JSON answer, and the way the site's own pages read it in-process (worker/pages.ts). A page asks
 * the API for each of its keys as a browser would (the same routes, validation and loaders), but the answer's
 * data is handed over as it is: not written as JSON text only to be read back (a complex page's six answers
 * are 30 KB; the text, its parse and the body's stream cost each rendered page CPU for nothing). The page's
 * boot data is then written once, with the page.
 */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** Requests made by the site's pages in-process: a request from the network is never one of them. */
const inProcess = new WeakSet<Request>();
/** The data of an answer to such a request, which has no body. */
const answers = new WeakMap<Response, unknown>();

/** A request of the site's pages to the API in-process. */
export function inProcessRequest(url: URL, init: RequestInit): Request {
  const req = new Request(url, init);
  inProcess.add(req);
  return req;
}

/** An answer's data: handed over in-process, or read from its JSON (an error's answer, null if none). */
export function dataOf(res: Response): Promise<unknown> {
  return answers.has(res) ? Promise.resolve(answers.get(res)) : res.json().catch(() => null);
}

/**
 * `c.json(data, status, headers)`: to a request in-process, the same answer with the data kept beside it and
 * no body. The data must be plain JSON (as every loader's is): a page renders it as it is and writes it once.
 */
export function json(
  c: Context,
  data: unknown,
  status: ContentfulStatusCode = 200,
  headers?: Record<string, string>,
): Response {
  if (!inProcess.has(c.req.raw)) return c.json(data, status, headers);
  const res = c.body(null, status, headers);
  answers.set(res, data);
  return res;
}
