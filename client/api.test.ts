import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, createListLoader } from "./api";
import { ApiError, fetchJson, setApiOrigin } from "./http";

/** A real HTTP server that answers like a broken API: 404s, 500s and a slow list. */
let server: Server;
let failing = true;
const hits: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = req.url ?? "";
    hits.push(url);
    const json = (status: number, body: unknown, delay = 0) =>
      setTimeout(() => {
        res.writeHead(status, { "Content-Type": "application/json" });
        res.end(JSON.stringify(body));
      }, delay);
    if (url.startsWith("/api/v1/residential-complexes/grid")) {
      if (url.includes("per_page=1&")) return json(500, { error: "Внутренняя ошибка" });
      if (url.includes("search%5Brooms%5D=9")) return json(500, { error: "Внутренняя ошибка" });
      return json(
        200,
        { data: [], total: url.includes("rooms%5D=1") ? 1 : 2 },
        url.includes("rooms%5D=1") ? 200 : 0,
      );
    }
    if (failing) return json(url.includes("/main") ? 500 : 404, { error: "Не найдено" });
    return json(200, { data: [{ id: 1, name: "Москва" }] });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  setApiOrigin(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe("client API module (SPEC §8)", () => {
  it("resolves null silently for a failed word search", async () => {
    expect(await api.entitiesByWord("сок")).toBeNull();
  });

  it("logs and empties locality and subway lists on failure", async () => {
    const logged: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => logged.push(args);
    try {
      expect(await api.localities(3)).toEqual([]);
      expect(await api.subways(1)).toEqual([]);
    } finally {
      console.error = original;
    }
    expect(logged).toHaveLength(2);
    failing = false;
    expect(await api.localities(3)).toEqual([{ id: 1, name: "Москва" }]);
    failing = true;
  });

  it("rethrows a failed list and resolves a cancelled one as cancelled", async () => {
    const loader = createListLoader();
    await expect(
      loader.load({ filter: { rooms: [9] }, page: 1, perPage: 25, sort: "price desc" }),
    ).rejects.toBeInstanceOf(ApiError);
    const slow = loader.load({ filter: { rooms: [1] }, page: 1, perPage: 25, sort: "price desc" });
    const fast = loader.load({ filter: { rooms: [2] }, page: 1, perPage: 25, sort: "price desc" });
    expect(await slow).toEqual({ cancelled: true });
    expect(await fast).toMatchObject({ cancelled: false, list: { total: 2 } });
  });

  it("throws ApiError with the server's Russian message", async () => {
    await expect(fetchJson("/api/v1/pages?url=/")).rejects.toMatchObject({
      status: 404,
      message: "Не найдено",
    });
  });
});
