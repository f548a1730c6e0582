// npm start: install what is missing, build the client, migrate and seed the local D1, serve the site.
// npm run dev (--watch): the same, except that every edit under client/ or shared/ rebuilds the client and the
// open pages reload once the site serves the new build; wrangler dev restarts the worker on an edit to its
// files by itself. The seeded D1 (.wrangler/state) is kept between runs.
import { readFile } from "node:fs/promises";
import { createServer, request } from "node:http";
import { builtinModules } from "node:module";
import { connect } from "node:net";
import { extname, join } from "node:path";
import { createInterface } from "node:readline";
import { setTimeout as sleep } from "node:timers/promises";
import { ensureDeps, forward, freePort, wranglerDev } from "./lib.mjs";

ensureDeps();
const { buildClient, DEV_ASSETS, watchClient } = await import("./build-client.mjs");
const { prepareDatabase } = await import("./db.mjs");
const { context } = await import("esbuild");

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
  const listeners = new Set();
  // wrangler dev restarts the worker when a file it bundles changes: the client's components too, which it
  // renders on the server. Its output says when a restart begins; from then until the restarted worker is
  // ready, its proxy holds the requests, so a page that reloads then gets the new worker's HTML.
  const worker = { restarting: false, readyAt: 0, files: new Set() };
  // The files the worker bundles, as wrangler dev bundles them: whether an edit restarts it.
  const workerBundle = await context({
    entryPoints: ["worker/index.ts"],
    bundle: true,
    write: false,
    metafile: true,
    format: "esm",
    platform: "neutral",
    conditions: ["workerd", "worker", "browser"],
    mainFields: ["module", "main"],
    // Node's modules, which wrangler's nodejs_compat provides (React's server build imports "util", "crypto"…).
    external: ["cloudflare:*", "node:*", ...builtinModules],
    loader: { ".css": "text" },
    jsx: "automatic",
    logLevel: "silent",
  });
  // A bundle that fails keeps the previous list; said aloud, since without the list an edit to a component
  // reloads the page before the worker has restarted (the old worker's HTML, a hydration error).
  const readWorkerFiles = () =>
    workerBundle.rebuild().then(
      (r) => {
        worker.files = new Set(Object.keys(r.metafile.inputs));
      },
      (e) =>
        console.warn(
          `⚠ Не удалось узнать файлы воркера: ${e.errors?.[0]?.text ?? e.message}; перезагрузка страниц может опередить перезапуск`,
        ),
    );
  const edited = new Set();
  let editedAt = 0;
  let rereading;
  await watchClient({
    onChange: (file) => {
      edited.add(file);
      editedAt ||= Date.now();
    },
    onBuild: async () => {
      const since = editedAt;
      if (!since) return;
      const restarts = [...edited].some((file) => worker.files.has(file));
      edited.clear();
      editedAt = 0;
      // wrangler's bundler notices an edit by polling, within about two seconds; the reload waits for its
      // restart (at most half a minute: a worker that fails to build keeps the previous one).
      while (restarts && !worker.restarting && worker.readyAt < since && Date.now() - since < 30_000)
        await sleep(20);
      console.log(
        `↻ Клиент пересобран: страницы перезагружаются через ${Date.now() - since} мс после правки`,
      );
      for (const res of listeners) res.write("event: reload\ndata: \n\n");
      // An edit may have added an import: read the worker's files again once the restart and the reload are
      // over, not competing with them.
      clearTimeout(rereading);
      rereading = setTimeout(readWorkerFiles, 5000);
    },
  });
  await readWorkerFiles();
  const server = createServer((req, res) => {
    if (req.url?.startsWith("/assets/")) return serveAsset(req, res);
    if (req.url === "/__dev/reload") {
      res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-store" });
      res.write("retry: 500\n\n");
      listeners.add(res);
      req.on("close", () => listeners.delete(res));
      return;
    }
    // Every page is rendered afresh (as on a hard reload), never taken from the edge cache, whose keys hold the
    // client's build: its name stays the same from one edit to the next here.
    const headers = { ...req.headers, "cache-control": "no-cache" };
    const upstream = request(
      { host: "127.0.0.1", port: inner, method: req.method, path: req.url, headers },
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
  const child = forward(await wranglerDev({ port: inner, persistTo, stdio: ["inherit", "pipe", "inherit"] }));
  createInterface({ input: child.stdout }).on("line", (line) => {
    console.log(line);
    if (line.includes("Reloading local server")) worker.restarting = true;
    if (line.includes("Local server updated and ready"))
      Object.assign(worker, { restarting: false, readyAt: Date.now() });
  });
  process.on("exit", () => child.kill());
}

/** The client's build, uncached: its entry keeps its name from one build to the next. */
async function serveAsset(req, res) {
  const name = new URL(req.url, "http://localhost").pathname.slice("/assets/".length);
  const body = /^[\w.-]+$/.test(name) ? await readFile(join(DEV_ASSETS, name)).catch(() => null) : null;
  if (!body)
    return res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Нет такого файла");
  const type = { ".js": "text/javascript", ".css": "text/css" }[extname(name)] ?? "application/octet-stream";
  res.writeHead(200, {
    "Content-Type": `${type}; charset=utf-8`,
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
  });
  res.end(req.method === "HEAD" ? undefined : body);
}
