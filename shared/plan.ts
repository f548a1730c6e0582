/**
 * Floor plans of apartments: rectangles of rooms in metres, stored compactly in D1 and drawn as SVG.
 * Encoding: "W,D;T,x,y,w,h;T,x,y,w,h…" with T one of the room codes below.
 */
export type RoomCode = "K" | "L" | "R" | "B" | "H" | "G" | "S";

export const ROOM_NAMES: Record<RoomCode, string> = {
  K: "Кухня",
  L: "Кухня-гостиная",
  R: "Комната",
  B: "Санузел",
  H: "Прихожая",
  G: "Лоджия",
  S: "Жилая зона",
};

export interface PlanRoom {
  type: RoomCode;
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Plan {
  width: number;
  depth: number;
  rooms: PlanRoom[];
}

const r1 = (n: number) => Math.round(n * 10) / 10;

/**
 * A schematic layout for `rooms` (-1 free plan, 0 studio, 1…5) and a total area: a window strip of living
 * rooms and kitchen over a corridor strip of hall and bathroom, with a loggia along the façade.
 */
export function generatePlan(rooms: number, area: number, rand: () => number): Plan {
  const depth = r1(Math.min(10, Math.max(5.4, 5.6 + Math.sqrt(area) * 0.28 + rand() * 0.8)));
  const width = r1(Math.max(2.6, area / depth));
  const corridor = r1(Math.min(2.4, depth * 0.34));
  const windowDepth = r1(depth - corridor);
  const out: PlanRoom[] = [];

  const bathW = r1(Math.min(width * 0.45, 1.8 + Math.min(rooms, 3) * 0.35 + rand() * 0.4));
  out.push({ type: "B", x: 0, y: windowDepth, w: bathW, h: corridor });
  out.push({ type: "H", x: bathW, y: windowDepth, w: r1(width - bathW), h: corridor });

  const zones: { type: RoomCode; weight: number }[] = [];
  if (rooms <= 0) zones.push({ type: rooms === 0 ? "S" : "L", weight: 1 });
  else {
    const kitchenLiving = rooms >= 2 && rand() < 0.55;
    zones.push({ type: kitchenLiving ? "L" : "K", weight: kitchenLiving ? 1.35 : 0.75 });
    const bedrooms = kitchenLiving ? rooms - 1 : rooms;
    for (let i = 0; i < Math.max(1, bedrooms); i++) zones.push({ type: "R", weight: 1 + rand() * 0.25 });
    if (kitchenLiving && bedrooms < 1) zones.push({ type: "R", weight: 1 });
  }
  const total = zones.reduce((s, z) => s + z.weight, 0);
  let x = 0;
  zones.forEach((z, i) => {
    const w = i === zones.length - 1 ? r1(width - x) : r1((width * z.weight) / total);
    out.push({ type: z.type, x: r1(x), y: 0, w, h: windowDepth });
    x += w;
  });
  if (rooms !== 0 || rand() < 0.5) {
    const gw = r1(Math.min(width, 3 + rand() * 2.5));
    out.push({ type: "G", x: r1(width - gw), y: -1.3, w: gw, h: 1.3 });
  }
  return { width, depth, rooms: out };
}

export function encodePlan(plan: Plan): string {
  return [
    `${plan.width},${plan.depth}`,
    ...plan.rooms.map((r) => `${r.type},${r.x},${r.y},${r.w},${r.h}`),
  ].join(";");
}

export function decodePlan(text: string): Plan | null {
  const [head, ...parts] = text.split(";");
  const [width, depth] = (head ?? "").split(",").map(Number);
  if (!width || !depth) return null;
  const rooms: PlanRoom[] = [];
  for (const part of parts) {
    const [type, ...nums] = part.split(",");
    const [x, y, w, h] = nums.map(Number);
    if (!type || !(type in ROOM_NAMES) || [x, y, w, h].some((n) => n === undefined || Number.isNaN(n)))
      return null;
    rooms.push({ type: type as RoomCode, x: x as number, y: y as number, w: w as number, h: h as number });
  }
  return { width, depth, rooms };
}
