// npm run dev only (injected into the entry by scripts/build-client.mjs#watchClient): the page reloads when
// scripts/start.mjs reports that the site serves a new client build.
new EventSource("/__dev/reload").addEventListener("reload", () => location.reload());
