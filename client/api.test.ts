import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { filterKeys } from "../shared/filter-keys";
import { api, latestOnly } from "./api";
import { ApiError, fetchJson, setApiOrigin } from "./http";

/** A real HTTP server that answers like a broken API: 404s, 500s and a slow list. */
let server: Server;
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
    return json(404, { error: "Не найдено" });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  setApiOrigin(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe("client API module (SPEC §8)", () => {
  it("resolves null silently for a failed word search", async () => {
    expect(await api.entitiesByWord("сок")).toBeNull();
  });

  it("rethrows a failed list, and a new list request cancels the one in flight", async () => {
    const load = latestOnly<{ total: number }>();
    const key = (rooms: number) =>
      filterKeys.complexes({ filter: { rooms: [rooms] }, page: 1, perPage: 25, sort: "price desc" });
    await expect(load(key(9))).rejects.toBeInstanceOf(ApiError);
    const slow = load(key(1));
    const fast = load(key(2));
    await expect(slow).rejects.toMatchObject({ name: "AbortError" });
    expect(await fast).toMatchObject({ total: 2 });
    // The one that finished is not cancelled by the next.
    expect(await load(key(1))).toMatchObject({ total: 1 });
  });

  it("throws ApiError with the server's Russian message", async () => {
    await expect(fetchJson("/api/v1/pages?url=/")).rejects.toMatchObject({
      status: 404,
      message: "Не найдено",
    });
  });
});
