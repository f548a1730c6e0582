/**
 * A developer's webhook for the leads tests: a real HTTP server in Node (vitest globalSetup), reached by the
 * worker's consumer over the network. Paths say how it answers, per test name:
 *   POST /ok/<name>         200
 *   POST /fail/<name>       503
 *   POST /hang-once/<name>  the first request gets no answer (until the caller gives up), later ones 200
 *   GET  /log/<name>        what <name> received: [{ headers, body }] in arrival order
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    webhookOrigin: string;
  }
}

interface Received {
  headers: Record<string, string>;
  body: string;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const log = new Map<string, Received[]>();
  const hanging = new Set<ServerResponse>();
  const server = createServer(async (req, res) => {
    const [, mode = "", name = ""] = new URL(req.url ?? "/", "http://localhost").pathname.split("/");
    if (req.method === "GET" && mode === "log") {
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(log.get(name) ?? []));
      return;
    }
    const body = await readBody(req);
    const headers = Object.fromEntries(
      Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : (v ?? "")]),
    );
    const list = log.get(name) ?? [];
    list.push({ headers, body });
    log.set(name, list);
    if (mode === "ok" || (mode === "hang-once" && list.length > 1)) res.writeHead(200).end("ok");
    else if (mode === "hang-once") {
      hanging.add(res);
      res.on("close", () => hanging.delete(res));
    } else res.writeHead(503).end("unavailable");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  project.provide("webhookOrigin", `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  return async () => {
    for (const res of hanging) res.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}
