import { describe, expect, it } from "vitest";
import { ART_VERSION, facadeSrc, planSrc, skylineSrc } from "../../shared/art";
import { get, mainOf, visit } from "./helpers";

describe("drawn pictures as images", () => {
  it("are SVG documents drawn from the address, cached for good", async () => {
    const day = await get(facadeSrc({ id: 42, cls: 3, floors: 28, width: 480, height: 300 }));
    expect(day.status).toBe(200);
    expect(day.headers.get("Content-Type")).toBe("image/svg+xml; charset=utf-8");
    expect(day.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const svg = await day.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]* viewBox="0 0 480 300"/);
    expect(svg).toContain("<pattern");
    // Another variant or house set is another picture; the same address is the same picture.
    const evening = await (
      await get(facadeSrc({ id: 42, cls: 3, floors: 28, width: 480, height: 300, variant: "evening" }))
    ).text();
    expect(evening).not.toBe(svg);
    expect(await (await get(facadeSrc({ id: 42, cls: 3, floors: 28, width: 480, height: 300 }))).text()).toBe(
      svg,
    );
  });

  it("draw skylines the same way", async () => {
    const spec = { seed: 7, color: "#0f7a3d", motif: "shield" as const, width: 640, height: 360 };
    const res = await get(skylineSrc(spec));
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/svg+xml; charset=utf-8");
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const svg = await res.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 640 360"/);
    expect(svg).toContain('stop-color="#0f7a3d"');
    expect(await (await get(skylineSrc({ ...spec, seed: 8 }))).text()).not.toBe(svg);
  });

  it("answer 404 to an address no page makes", async () => {
    for (const path of [
      `/facade/${ART_VERSION}/42-3-28-night-480x300.svg`,
      `/facade/${ART_VERSION}/42-3-28-day-480x300.svg.js`,
      `/facade/${ART_VERSION + 1}/42-3-28-day-480x300.svg`,
      `/facade/${ART_VERSION}/42-3-28-day-99999x300.svg`,
      `/facade/${ART_VERSION}/7-0f7a3d-shield-640x360.svg`,
      `/skyline/${ART_VERSION}/42-3-28-day-480x300.svg`,
      `/skyline/${ART_VERSION + 1}/7-0f7a3d-shield-640x360.svg`,
      `/skylines/${ART_VERSION}/7-0f7a3d-shield-640x360.svg`,
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("Content-Type"), path).not.toContain("svg");
    }
  });

  it("draw an apartment's plan from its address, and a plan not yet known as such", async () => {
    const plan = "4.7,7.8;B,0,5.4,2.1,2.4;H,2.1,5.4,2.6,2.4;K,0,0,2,5.4;R,2,0,2.7,5.4;G,1.7,-1.3,3,1.3";
    const res = await get(planSrc(plan));
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/svg+xml; charset=utf-8");
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const svg = await res.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    // One filled rectangle a room: the hall, the bathroom, the kitchen, the room and the loggia.
    expect(svg.match(/<rect [^>]*fill="#/g)?.length ?? 0).toBeGreaterThanOrEqual(5);
    const unknown = await (await get(planSrc(""))).text();
    expect(unknown).toContain("Планировка уточняется");
    for (const path of [
      `/plan/${ART_VERSION}/4.7,7.8_b,0,5.4.svg`,
      `/plan/${ART_VERSION}/${"1,".repeat(400)}1.svg`,
      `/plan/${ART_VERSION + 1}/4.7,7.8_B,0,5.4,2.1,2.4.svg`,
    ]) {
      expect((await get(path)).status, path).toBe(404);
    }
  });

  it("keep the plans out of the apartments' HTML: a card has the plan's image, whose address answers", async () => {
    const { html } = await visit("/kvartiry/");
    const srcs = [...html.matchAll(/<img src="(\/img\/\?src=%2Fplan%2F\d+%2F[^"]+)"/g)].map(
      (m) => m[1] ?? "",
    );
    expect(srcs.length).toBeGreaterThan(5);
    for (const src of srcs.slice(0, 3)) {
      const res = await get(src.replaceAll("&amp;", "&"));
      expect(res.status, src).toBe(200);
      expect(res.headers.get("Content-Type"), src).toContain("image/svg+xml");
    }
    expect(mainOf(html)).not.toContain('class="apt-card__plan"><svg');
  });

  it("keep the drawings out of a listing's HTML", async () => {
    const { html } = await visit("/novostroyki/?facade=img");
    expect(html).toMatch(
      /<img src="\/img\/\?src=%2Ffacade%2F\d+%2F\d+-[1-5]-\d+-day-480x300\.svg&amp;w=640"/,
    );
    expect(html).not.toContain("<pattern");
  });

  it("keep the skylines out of the home page's and the journal's HTML", async () => {
    for (const path of ["/", "/journal/"]) {
      const { html } = await visit(path);
      expect(html, path).toMatch(
        /<img src="\/img\/\?src=%2Fskyline%2F\d+%2F\d+-[0-9a-f]{6}-[a-z]+-640x(280|360)\.svg&amp;w=640"/,
      );
      expect(html, path).not.toContain("<linearGradient");
    }
  });
});
