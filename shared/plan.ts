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

/** Each kind of room's fill, on the site's drawing (client/components/apartment/FloorPlan.tsx) and in letters. */
export const ROOM_FILL: Record<RoomCode, string> = {
  R: "#f6efe4",
  S: "#f6efe4",
  L: "#fbf3dc",
  K: "#fbf3dc",
  B: "#e3eef8",
  H: "#eef0f3",
  G: "#eaf4e6",
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
  // A studio and a free plan are one living space (the buyer divides a free plan), labelled «Жилая зона».
  if (rooms <= 0) zones.push({ type: "S", weight: 1 });
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

/** The apartment's own areas, when known: the labels then add up to them. */
export interface PlanAreas {
  total: number;
  living: number;
  kitchen: number;
}

const drawnArea = (r: PlanRoom) => r.w * r.h;

/**
 * The area to print in each room, in tenths of a metre. The drawing is schematic, so its rectangles only share
 * out the apartment's stated areas: the living area among the rooms, the kitchen's to the kitchen (both to the
 * one living space of a studio or a free plan), the rest among the hall and bathroom, rounded so that the
 * printed areas add up to the total exactly; the loggia keeps its drawn size. Without stated areas (or with
 * ones that do not fit) the rectangles' own areas are printed.
 */
export function roomAreas(rooms: readonly PlanRoom[], areas?: PlanAreas): Map<PlanRoom, number> {
  const out = new Map(rooms.map((r) => [r, r1(drawnArea(r))]));
  if (!areas) return out;
  const of = (...types: RoomCode[]) => rooms.filter((r) => types.includes(r.type));
  const kitchens = of("K", "L");
  const living = of("R", "S");
  const service = of("B", "H");
  const rest = areas.total - areas.living - areas.kitchen;
  if (rest <= 0 || !service.length || !(kitchens.length || living.length)) return out;
  const shares: [PlanRoom, number][] = [];
  const share = (group: readonly PlanRoom[], total: number) => {
    const drawn = group.reduce((a, r) => a + drawnArea(r), 0);
    for (const r of group) shares.push([r, drawn ? (total * drawnArea(r)) / drawn : total / group.length]);
  };
  if (!kitchens.length) share(living, areas.living + areas.kitchen);
  else if (!living.length) share(kitchens, areas.living + areas.kitchen);
  else {
    share(living, areas.living);
    share(kitchens, areas.kitchen);
  }
  share(service, rest);
  // Largest remainder: round down to tenths, then give the missing tenths to the largest remainders.
  const tenths = shares.map(([, a]) => Math.floor(a * 10 + 1e-9));
  let missing = Math.round(areas.total * 10) - tenths.reduce((a, b) => a + b, 0);
  const order = shares
    .map(([, a], i) => ({ i, rem: a * 10 - (tenths[i] ?? 0) }))
    .sort((a, b) => b.rem - a.rem);
  for (const { i } of order) {
    if (missing <= 0) break;
    tenths[i] = (tenths[i] ?? 0) + 1;
    missing -= 1;
  }
  for (const [i, [r]] of shares.entries()) out.set(r, (tenths[i] ?? 0) / 10);
  return out;
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
