import { describe, expect, it } from "vitest";
// @ts-expect-error: a deploy script in plain JavaScript, without type declarations
import { originProblem } from "../../scripts/check-deploy.mjs";

const problem = originProblem as (value: string) => string | null;

describe("a deployed site's SITE_ORIGIN (scripts/check-deploy.mjs)", () => {
  it("refuses the placeholder, an empty value, local and reserved names, http and a path, in Russian", () => {
    for (const value of [
      "",
      "https://novostroyki.example",
      "https://novostroyki.example/",
      "https://shop.example.com",
      "https://site.test",
      "https://localhost",
      "https://127.0.0.1",
      "https://novostroyki",
      "http://novostroyki-moskvy.ru",
      "https://novostroyki-moskvy.ru/catalog/",
      "novostroyki-moskvy.ru",
    ]) {
      expect(problem(value), value).toMatch(/[а-я]/);
    }
  });

  it("takes a real public address", () => {
    for (const value of [
      "https://novostroyki-moskvy.ru",
      "https://www.novostroyki-moskvy.ru/",
      "https://xn--80a.xn--p1ai",
    ]) {
      expect(problem(value), value).toBeNull();
    }
  });
});
