import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { expect, test } from "@playwright/test";
import { apiGet, hydrated, watchErrors } from "./helpers";

/** A free loopback port. */
function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.on("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => done(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** The repository's files (tracked and new, not ignored) copied into a temporary directory. */
function copyOfRepository(): string {
  const root = resolve(".");
  const dir = mkdtempSync(join(tmpdir(), "novostroyki-dev-"));
  const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], {
    cwd: root,
    encoding: "utf8",
  })
    .split("\0")
    .filter(Boolean);
  for (const file of files) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    cpSync(join(root, file), join(dir, file));
  }
  symlinkSync(join(root, "node_modules"), join(dir, "node_modules"));
  return dir;
}

function edit(file: string, from: string, to: string): void {
  const text = readFileSync(file, "utf8");
  expect(text).toContain(from);
  writeFileSync(file, text.replace(from, to));
}

test.describe("npm run dev", () => {
  let dir = "";
  let dev: ChildProcess | undefined;
  let origin = "";

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    dir = copyOfRepository();
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    dev = spawn("npm", ["run", "dev"], {
      cwd: dir,
      detached: true,
      stdio: "ignore",
      env: { ...process.env, PORT: String(port), SEED_SCALE: "0.01" },
    });
    await expect
      .poll(
        () =>
          fetch(`${origin}/favicon.svg`).then(
            (r) => r.status,
            () => 0,
          ),
        { timeout: 200_000 },
      )
      .toBe(200);
  });

  test.afterAll(() => {
    if (dev?.pid) process.kill(-dev.pid, "SIGTERM");
    rmSync(dir, { recursive: true, force: true });
  });

  test("an edit to a client file reaches the open page; an edit to a worker file, the server", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const errors = watchErrors(page);
    await page.goto(`${origin}/`);
    await hydrated(page);
    const subtitle = page.locator(".header__logo-sub");
    await expect(subtitle).toHaveText("Москвы и Подмосковья");

    edit(join(dir, "client/components/SiteLogo.tsx"), "Москвы и Подмосковья<", "Москвы и области<");
    // The page reloads by itself, the server's HTML and the bundle both with the edit (no hydration error).
    await expect(subtitle).toHaveText("Москвы и области", { timeout: 60_000 });
    await hydrated(page);
    const served = await page.evaluate(async () => {
      const scripts = performance
        .getEntriesByType("resource")
        .map((r) => r.name)
        .filter((url) => /\/assets\/.+\.js$/.test(url));
      const sources = await Promise.all(scripts.map((url) => fetch(url).then((r) => r.text())));
      return sources.join("\n");
    });
    // The bundle is UTF-8 (scripts/build-client.mjs `charset`): the text as it is written.
    expect(served).toContain("Москвы и области");
    // The entry keeps its name from one build to the next, so it is served uncached.
    const entry = (await page.locator('script[type="module"][src*="/assets/"]').getAttribute("src")) ?? "";
    expect((await apiGet(page, `${origin}${entry}`)).headers()["cache-control"]).toBe("no-store");
    expect(errors).toEqual([]);

    edit(
      join(dir, "worker/seo-files.ts"),
      "Disallow: /operator/\n",
      "Disallow: /operator/\nDisallow: /dev/\n",
    );
    await expect
      .poll(
        () =>
          fetch(`${origin}/robots.txt`).then(
            (r) => r.text(),
            () => "",
          ),
        { timeout: 60_000 },
      )
      .toContain("Disallow: /dev/");
  });
});
