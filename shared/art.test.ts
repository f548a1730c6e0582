import { describe, expect, it } from "vitest";
import { ART_VERSION, facadeSrc, parseFacadeFile, parseSkylineFile, skylineSrc } from "./art";

const file = (src: string) => src.split("/").pop() ?? "";

describe("facade addresses", () => {
  it("round-trip every field", () => {
    const spec = {
      id: 42,
      cls: 3,
      floors: 28,
      width: 480,
      height: 300,
      variant: "evening" as const,
      houses: [28, 17, 9],
    };
    const src = facadeSrc(spec);
    expect(src).toBe(`/facade/${ART_VERSION}/42-3-28-evening-480x300-h28.17.9.svg`);
    expect(parseFacadeFile(file(src))).toEqual(spec);
    expect(parseFacadeFile(file(facadeSrc({ id: 1, cls: 1, floors: 5, width: 400, height: 250 })))).toEqual({
      id: 1,
      cls: 1,
      floors: 5,
      width: 400,
      height: 250,
      variant: "day",
    });
  });

  it("clamp floors into the drawable range and keep five houses at most", () => {
    expect(
      facadeSrc({ id: 1, cls: 2, floors: 140, width: 480, height: 300, houses: [0, 3, 4, 5, 6, 7] }),
    ).toBe(`/facade/${ART_VERSION}/1-2-99-day-480x300-h1.3.4.5.6.svg`);
  });

  it("refuse anything else", () => {
    for (const bad of [
      "",
      "42-3-28-evening-480x300.png",
      "42-9-28-day-480x300.svg",
      "42-3-0-day-480x300.svg",
      "42-3-28-night-480x300.svg",
      "42-3-28-day-9x300.svg",
      "42-3-28-day-480x3000.svg",
      "42-3-28-day-480x300-h0.svg",
      "../42-3-28-day-480x300.svg",
      "42-3-28-day-480x300-h1.2.3.4.5.6.svg",
    ])
      expect(parseFacadeFile(bad), bad).toBeNull();
  });
});

describe("skyline addresses", () => {
  it("round-trip every field, the colour in lower case", () => {
    const spec = { seed: 73, color: "#1D5BD8", motif: "percent" as const, width: 640, height: 360 };
    const src = skylineSrc(spec);
    expect(src).toBe(`/skyline/${ART_VERSION}/73-1d5bd8-percent-640x360.svg`);
    expect(parseSkylineFile(file(src))).toEqual({ ...spec, color: "#1d5bd8" });
  });

  it("draw an unusable colour in the site's blue", () => {
    expect(skylineSrc({ seed: 1, color: "red", motif: "gift", width: 640, height: 280 })).toBe(
      `/skyline/${ART_VERSION}/1-1d5bd8-gift-640x280.svg`,
    );
  });

  it("refuse anything else", () => {
    for (const bad of [
      "",
      "73-1d5bd8-percent-640x360.png",
      "73-1d5bd8-house-640x360.svg",
      "73-1d5bd-percent-640x360.svg",
      "73-zzzzzz-percent-640x360.svg",
      "73-1d5bd8-percent-640x9.svg",
      "73-1d5bd8-percent-640x3000.svg",
      "../73-1d5bd8-percent-640x360.svg",
      "-1-1d5bd8-percent-640x360.svg",
    ])
      expect(parseSkylineFile(bad), bad).toBeNull();
  });
});
