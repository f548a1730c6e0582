import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { get } from "./helpers";

/** An answer's status, content type and `error` message. */
async function errorOf(path: string) {
  const res = await get(path, { headers: { Accept: "application/json" } });
  const type = res.headers.get("Content-Type") ?? "";
  const body = (await res.json()) as { error?: string };
  return { status: res.status, type, error: body.error ?? "" };
}

/** Russian text only: at least one Cyrillic letter and none of valibot's English defaults. */
function expectRussian(message: string): void {
  expect(message).toMatch(/\p{Script=Cyrillic}/u);
  expect(message).not.toMatch(/Invalid|Expected|Received/);
}

let complexId: number;

beforeAll(async () => {
  const row = await env.DB.prepare(
    "SELECT id FROM residential_complexes WHERE is_published = 1 ORDER BY id LIMIT 1",
  ).first<{ id: number }>();
  if (!row) throw new Error("the seed has no complexes");
  complexId = row.id;
});

describe("paths under /api that match nothing", () => {
  it.each([
    "/api/v1/foo",
    "/api/v1/quizzes/submit",
    "/api/v2/residential-complexes/grid",
    "/api/",
    "/api-dev/v1/nothing/here",
    "/api/v1/residential-complexes/1/nothing",
  ])("%s is a JSON 404 in Russian", async (path) => {
    const { status, type, error } = await errorOf(path);
    expect(status).toBe(404);
    expect(type).toMatch(/^application\/json/);
    expectRussian(error);
  });
});

describe("broken %-escapes", () => {
  it.each([
    "/api/v1/residential-complexes/seo-filter/%ZZ",
    "/api/v1/residential-complexes/seo-filter/%E0%A4%A",
    "/api/v1/residential-complexes/seo-filter/abc%",
    "/api/v1/locations/subways/%ZZ",
    "/api/v1/media/posts/%FF",
  ])("%s is a 400 or 404 in JSON, never a 500", async (path) => {
    const { status, type, error } = await errorOf(path);
    expect([400, 404]).toContain(status);
    expect(type).toMatch(/^application\/json/);
    expectRussian(error);
  });
});

describe("validation messages", () => {
  it("a missing required parameter is named once, in Russian", async () => {
    const { status, error } = await errorOf("/api/v1/pages");
    expect(status).toBe(400);
    expect(error).toBe("url: обязательный параметр");
  });

  it("the house of the house stats is named once", async () => {
    const missing = await errorOf(`/api/v1/residential-complexes/${complexId}/get-house-stats`);
    expect(missing.status).toBe(400);
    expect(missing.error).toBe("house_id: укажите корпус: номер из списка корпусов ЖК");
    const bad = await errorOf(`/api/v1/residential-complexes/${complexId}/get-house-stats?house_id=abc`);
    expect(bad.error).toBe("house_id: ожидается целое положительное число");
  });

  it.each([
    ["/api/v1/search/entities-by-word?keyword=а", "keyword: введите хотя бы две буквы"],
    ["/api/v1/adverts?has_adv_utm=2", "has_adv_utm: только 1 или без параметра"],
    ["/api/v1/locations/subways/grid?kind=tram", "kind: одно из metro, mcc, mcd"],
    ["/api/v1/pages?url=novostroyki", "url: Адрес страницы должен начинаться с «/»"],
  ])("%s says «%s»", async (path, message) => {
    const { status, error } = await errorOf(path);
    expect(status).toBe(400);
    expect(error).toBe(message);
  });
});

describe("an id that is not a number", () => {
  it.each([
    "/api/v1/residential-complexes/abc",
    "/api/v1/residential-complexes/similar/abc",
    "/api/v1/residential-complexes/abc/get-house-stats?house_id=1",
    "/api/v1/living-objects/abc",
    "/api/v1/living-objects/grid?residential_complex_id=abc",
    "/api/v1/living-objects/grid?search[residential_complex_id]=abc",
    "/api/v1/locations/subways/grid?search[region_id]=abc",
  ])("%s is a 400 naming the field", async (path) => {
    const { status, error } = await errorOf(path);
    expect(status).toBe(400);
    expectRussian(error);
    expect(error).toMatch(/^[\w[\]]+: /);
    // The field is named once.
    const field = error.split(":")[0] ?? "";
    expect(error.split(`${field}:`).length).toBe(2);
  });
});

describe("the image proxy without a source", () => {
  it("answers 400 with a message that says what is missing", async () => {
    const { status, type, error } = await errorOf("/img/");
    expect(status).toBe(400);
    expect(type).toMatch(/^application\/json/);
    expect(error).toMatch(/^src: укажите адрес изображения/);
  });
});
