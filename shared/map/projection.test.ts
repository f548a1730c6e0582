import { describe, expect, it } from "vitest";
import {
  boundsOf,
  CENTRE,
  clampView,
  FIRST_LEVEL,
  FRAME_MAX_HEIGHT,
  fitBounds,
  guessedFrame,
  HOME,
  homeView,
  panBy,
  project,
  REGION,
  type Size,
  toMap,
  toScreen,
  unproject,
  type View,
  viewOfParam,
  viewToParam,
  ZOOM_MAX,
  ZOOM_MIN,
  zoomAround,
  zoomInto,
  zoomStep,
} from "./projection";

const SIZE = { width: 800, height: 600 };
const close = (a: { x: number; y: number }, b: { x: number; y: number }) => {
  expect(a.x).toBeCloseTo(b.x, 6);
  expect(a.y).toBeCloseTo(b.y, 6);
};

describe("projection", () => {
  it("puts Red Square at the origin, east to +x and north to −y", () => {
    close(project(CENTRE.lat, CENTRE.lng), { x: 0, y: 0 });
    const east = project(CENTRE.lat, CENTRE.lng + 0.1);
    const north = project(CENTRE.lat + 0.1, CENTRE.lng);
    expect(east.x).toBeGreaterThan(0);
    expect(north.y).toBeLessThan(0);
  });

  it("measures distances in kilometres, within 3 % of the great circle across the region", () => {
    const R = 6371.0088;
    const rad = (d: number) => (d * Math.PI) / 180;
    const haversine = (a: [number, number], b: [number, number]) => {
      const h =
        Math.sin(rad(b[0] - a[0]) / 2) ** 2 +
        Math.cos(rad(a[0])) * Math.cos(rad(b[0])) * Math.sin(rad(b[1] - a[1]) / 2) ** 2;
      return 2 * R * Math.asin(Math.sqrt(h));
    };
    const places: [number, number][] = [
      [55.7889, 37.6799], // Сокольники
      [55.9116, 37.7308], // Мытищи
      [55.4312, 37.5446], // Подольск
      [56.7364, 37.1667], // Дубна
      [55.3833, 36.7333], // Наро-Фоминск
      [55.8036, 38.9817], // Орехово-Зуево
    ];
    for (const [a, b] of places.flatMap((p, i) => places.slice(i + 1).map((q) => [p, q] as const))) {
      const pa = project(...a);
      const pb = project(...b);
      const d = haversine(a, b);
      expect(Math.abs(Math.hypot(pa.x - pb.x, pa.y - pb.y) - d) / d).toBeLessThan(0.03);
    }
    // A degree of latitude is ~111 km; a degree of longitude here ~62,6 km.
    expect(project(CENTRE.lat - 1, CENTRE.lng).y).toBeCloseTo(111.13, 1);
    expect(project(CENTRE.lat, CENTRE.lng + 1).x).toBeCloseTo(62.6, 0);
  });

  it("maps the screen and the map both ways", () => {
    const view: View = { x: 3, y: -2, zoom: 4 };
    close(toScreen(view, SIZE, { x: 3, y: -2 }), { x: 400, y: 300 });
    close(toScreen(view, SIZE, { x: 4, y: -2 }), { x: 416, y: 300 });
    const p = { x: 7.5, y: 1.25 };
    close(toMap(view, SIZE, toScreen(view, SIZE, p)), p);
  });

  it("pans with the pointer: what was under it stays under it", () => {
    const view: View = { x: 0, y: 0, zoom: 5 };
    const before = toMap(view, SIZE, { x: 100, y: 100 });
    const moved = panBy(view, 40, -20);
    close(toScreen(moved, SIZE, before), { x: 140, y: 80 });
  });

  it("zooms around the anchor and keeps the zoom within its limits", () => {
    const view: View = { x: 0, y: 0, zoom: 4 };
    const anchor = { x: 650, y: 120 };
    const at = toMap(view, SIZE, anchor);
    const zoomed = zoomAround(view, SIZE, anchor, 6.5);
    expect(zoomed.zoom).toBe(6.5);
    close(toScreen(zoomed, SIZE, at), anchor);
    expect(zoomAround(view, SIZE, anchor, 99).zoom).toBe(ZOOM_MAX);
    expect(zoomAround(view, SIZE, anchor, -5).zoom).toBe(ZOOM_MIN);
  });

  it("steps the zoom to the next whole level, around the centre or a point", () => {
    const view: View = { x: 2, y: 3, zoom: 4.4 };
    expect(zoomStep(view, SIZE, 1)).toEqual({ x: 2, y: 3, zoom: 5 });
    expect(zoomStep(view, SIZE, -1)).toEqual({ x: 2, y: 3, zoom: 4 });
    expect(zoomStep({ ...view, zoom: 4 }, SIZE, -1).zoom).toBe(3);
    // Never a step too small to see: just under a level goes to the next one, just over it to the one before.
    expect(zoomStep({ ...view, zoom: 2.99 }, SIZE, 1).zoom).toBe(4);
    expect(zoomStep({ ...view, zoom: 3.01 }, SIZE, -1).zoom).toBe(2);
    expect(zoomStep({ ...view, zoom: 3.5 }, SIZE, 1).zoom).toBe(4);
    expect(zoomStep({ ...view, zoom: 3.5 }, SIZE, -1).zoom).toBe(3);
    const at = { x: 100, y: 500 };
    close(toScreen(zoomStep(view, SIZE, 1, at), SIZE, toMap(view, SIZE, at)), at);
    expect(zoomStep({ ...view, zoom: ZOOM_MAX }, SIZE, 1).zoom).toBe(ZOOM_MAX);
  });

  it("keeps the centre inside the region", () => {
    const far = clampView({ x: 1e6, y: -1e6, zoom: 3 });
    expect(far).toEqual({ x: REGION.max.x, y: REGION.min.y, zoom: 3 });
    expect(panBy({ x: 0, y: 0, zoom: 2 }, -1e7, 0).x).toBe(REGION.max.x);
  });

  it("fits bounds into the screen with padding", () => {
    const bounds = { min: { x: -10, y: -5 }, max: { x: 30, y: 5 } };
    const view = fitBounds(bounds, SIZE, 50);
    expect(view.x).toBe(10);
    expect(view.y).toBe(0);
    // 40 km into 700 px (the tighter side): 17,5 px/km.
    expect(2 ** view.zoom).toBeCloseTo(17.5, 6);
    const corner = toScreen(view, SIZE, bounds.min);
    expect(corner.x).toBeCloseTo(50, 6);
    // A single point: the closest zoom.
    expect(fitBounds(boundsOf([{ x: 1, y: 1 }]), SIZE).zoom).toBe(ZOOM_MAX);
  });

  it("fits Moscow first and the whole region one zoom out, on a phone and on a desktop", () => {
    for (const size of [
      { width: 358, height: 440 },
      { width: 1392, height: 558 },
    ]) {
      for (const bounds of [HOME, REGION]) {
        const view = fitBounds(bounds, size, 8);
        expect(view.zoom).toBeGreaterThanOrEqual(ZOOM_MIN);
        const a = toScreen(view, size, bounds.min);
        const b = toScreen(view, size, bounds.max);
        expect(Math.min(a.x, a.y)).toBeGreaterThanOrEqual(7.99);
        expect(b.x).toBeLessThanOrEqual(size.width - 7.99);
        expect(b.y).toBeLessThanOrEqual(size.height - 7.99);
      }
      // МКАД (~35 km across) takes a good part of the first view.
      expect(35 * 2 ** fitBounds(HOME, size, 8).zoom).toBeGreaterThan(Math.min(size.width, size.height) / 3);
    }
  });

  it("knows the closest level a first view can have, in any frame up to the tallest", () => {
    expect(FIRST_LEVEL).toBe(3);
    const levels = new Set<number>();
    for (const width of [280, 358, 768, 1216, 1392, 2560, 5120]) {
      for (const height of [360, 440, 558, FRAME_MAX_HEIGHT]) {
        const level = Math.floor(homeView({ width, height }).zoom);
        expect(level, `${width}×${height}`).toBeLessThanOrEqual(FIRST_LEVEL);
        levels.add(level);
      }
    }
    // A phone's first view is a level out, a desktop's the closest one.
    expect([...levels].sort()).toEqual([1, 2, 3]);
  });

  it("guesses a phone's frame and a desktop's at the level the measured frame will have", () => {
    const levelIn = (size: Size) => Math.floor(homeView(size).zoom);
    // A phone's frame as map.css lays it out: the screen's width less 16 px a side, 62 % of its height.
    const phoneFrame = (width: number, height: number) => ({
      width: width - 32,
      height: Math.min(FRAME_MAX_HEIGHT, Math.max(360, 0.62 * height)),
    });
    for (const width of [360, 375, 390, 393, 412, 414, 430]) {
      for (const height of [640, 667, 740, 844, 915, 932]) {
        expect(levelIn(phoneFrame(width, height)), `${width}×${height}`).toBe(levelIn(guessedFrame(true)));
      }
    }
    // Desktops' frames beside the filter (1440×900 and 1920×950 windows, as a browser lays them out): the
    // height decides. A laptop's shorter window is a level out, measured and redrawn (a desktop's CPU).
    for (const frame of [
      { width: 1232, height: 558 },
      { width: 1712, height: 589 },
    ]) {
      expect(levelIn(frame), `${frame.width}×${frame.height}`).toBe(levelIn(guessedFrame(false)));
    }
    expect(levelIn(guessedFrame(true))).toBeLessThan(levelIn(guessedFrame(false)));
  });

  it("keeps a view in a URL parameter: the same centre to a metre, the same level, within the map", () => {
    const { lat, lng } = unproject({ x: 12.3, y: -45.6 });
    close(project(lat, lng), { x: 12.3, y: -45.6 });
    for (const view of [
      { x: 0, y: 0, zoom: 3.02 },
      { x: -41.234567, y: 17.000001, zoom: 7.999 },
      { x: REGION.max.x, y: REGION.min.y, zoom: ZOOM_MAX },
    ]) {
      const param = viewToParam(view);
      expect(param).toMatch(/^\d+(\.\d{1,5})?,\d+(\.\d{1,5})?,\d+(\.\d{1,2})?$/);
      const back = viewOfParam(param);
      expect(Math.hypot((back?.x ?? 0) - view.x, (back?.y ?? 0) - view.y)).toBeLessThan(0.002);
      expect(Math.floor(back?.zoom ?? -1)).toBe(Math.floor(view.zoom));
      expect(view.zoom - (back?.zoom ?? 0)).toBeLessThan(0.01);
    }
    expect(viewToParam({ x: 0, y: 0, zoom: 4 })).toBe(`${CENTRE.lat},${CENTRE.lng},4`);
    // Beyond the region or the zoom limits: the nearest view the map has.
    expect(viewOfParam("60,30,20")).toEqual(clampView({ ...project(60, 30), zoom: 20 }));
    expect(viewOfParam("60,30,20")?.zoom).toBe(ZOOM_MAX);
    for (const bad of [
      null,
      "",
      "abc",
      "55.75,37.62",
      "55.75,37.62,5,1",
      "-55.75,37.62,5",
      "55.75;37.62;5",
      "5e1,37,5",
    ]) {
      expect(viewOfParam(bad), String(bad)).toBeNull();
    }
  });

  it("opens a cluster at least one level closer, on its points", () => {
    const view: View = { x: 0, y: 0, zoom: 3.6 };
    const wide = zoomInto(view, SIZE, { min: { x: -40, y: -40 }, max: { x: 40, y: 40 } });
    expect(wide.zoom).toBe(4);
    const tight = zoomInto(view, SIZE, { min: { x: 10, y: 10 }, max: { x: 10.5, y: 10.2 } });
    expect(tight.zoom).toBeGreaterThan(9);
    expect(tight.x).toBeCloseTo(10.25, 6);
    expect(tight.y).toBeCloseTo(10.1, 6);
  });
});
