// npm start: install what is missing, build the client, migrate and seed the local D1, serve the site.
// npm run dev (--watch): the same, except that every edit under client/ or shared/ rebuilds the client and the
// open pages reload once the site serves the new build; wrangler dev restarts the worker on an edit to its
// files by itself. The seeded D1 (.wrangler/state) is kept between runs.
import { createServer, request } from "node:http";
import { connect } from "node:net";
import { ensureDeps, forward, freePort, wranglerDev } from "./lib.mjs";

ensureDeps();
const { buildClient, watchClient } = await import("./build-client.mjs");
const { prepareDatabase } = await import("./db.mjs");
const { sleep } = await import("./local-server.mjs");

const persistTo = ".wrangler/state";
const port = Number(process.env.PORT ?? 8787);
const watching = process.argv.includes("--watch");

if (!watching) {
  await buildClient();
  await prepareDatabase({ persistTo, scale: Number(process.env.SEED_SCALE ?? 1) });
  console.log(`▶ Сайт: http://127.0.0.1:${port}/`);
  forward(await wranglerDev({ port, persistTo }));
} else {
  await prepareDatabase({ persistTo, scale: Number(process.env.SEED_SCALE ?? 1) });
  // wrangler dev listens on a port of its own; the developer's port is a proxy to it that also serves the
  // reload signal (an event stream on the site's own origin, as the Content-Security-Policy allows).
  const inner = await freePort();
  const origin = `http://127.0.0.1:${inner}`;
  const listeners = new Set();
  let built = null;
  await watchClient(async (manifest) => {
    const first = built === null;
    built = manifest.entry;
    if (first) return;
    // The worker restarts on the new manifest; the pages reload once it links the new entry (the quickest
    // page to ask is the one for an unknown address).
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; await sleep(100)) {
      if (built !== manifest.entry) return;
      const html = await fetch(`${origin}/__dev/build/`).then(
        (r) => r.text(),
        () => "",
      );
      if (html.includes(manifest.entry)) break;
    }
    console.log(`↻ Клиент пересобран: ${manifest.entry}`);
    for (const res of listeners) res.write("event: reload\ndata: \n\n");
  });
  const server = createServer((req, res) => {
    if (req.url === "/__dev/reload") {
      res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-store" });
      res.write("retry: 500\n\n");
      listeners.add(res);
      req.on("close", () => listeners.delete(res));
      return;
    }
    const upstream = request(
      { host: "127.0.0.1", port: inner, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.headersSent || res.writeHead(502).end("wrangler dev не отвечает"));
    req.pipe(upstream);
  });
  // WebSockets (the chat) pass through as raw bytes.
  server.on("upgrade", (req, socket, head) => {
    const upstream = connect(inner, "127.0.0.1", () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2)
        lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join("\r\n")}\r\n\r\n`);
      upstream.write(head);
      upstream.pipe(socket).pipe(upstream);
    });
    upstream.on("error", () => socket.destroy());
    socket.on("error", () => upstream.destroy());
  });
  server.listen(port, "127.0.0.1");
  console.log(`▶ Сайт (пересборка при правке): http://127.0.0.1:${port}/`);
  const child = forward(await wranglerDev({ port: inner, persistTo }));
  process.on("exit", () => child.kill());
}
