/**
 * An apartment's floor plan in a letter: mail clients draw no SVG (Gmail, Outlook) and block images by default,
 * so the rooms are the cells of a table. The plan's rectangles (shared/plan.ts) cut it into a grid at every
 * wall; each room is one cell spanning its rows and columns, filled with its colour, and a gap is an empty
 * cell. Readable with images blocked and in any client that lays out tables.
 */
import { decodePlan, type PlanRoom, ROOM_FILL } from "../../shared/plan";

/** The longer side of the drawing, in CSS pixels. */
const SIDE_PX = 150;

/** The plan as a table of `SIDE_PX` on its longer side; null when the plan cannot be read. */
export function PlanTable({ plan, label }: { plan: string; label: string }) {
  const decoded = decodePlan(plan);
  if (!decoded || decoded.rooms.length === 0) return null;
  // To the centimetre, so that walls a float's error apart are one cut of the grid, not a sliver between two.
  const cm = (m: number) => Math.round(m * 100) / 100;
  const p = {
    width: cm(decoded.width),
    depth: cm(decoded.depth),
    rooms: decoded.rooms.map((r) => ({
      ...r,
      x: cm(r.x),
      y: cm(r.y),
      w: cm(r.x + r.w) - cm(r.x),
      h: cm(r.y + r.h) - cm(r.y),
    })),
  };
  const cuts = (from: (r: PlanRoom) => number, size: (r: PlanRoom) => number, whole: number) =>
    [...new Set([0, whole, ...p.rooms.flatMap((r) => [from(r), cm(from(r) + size(r))])])].sort(
      (a, b) => a - b,
    );
  const xs = cuts(
    (r) => r.x,
    (r) => r.w,
    p.width,
  );
  const ys = cuts(
    (r) => r.y,
    (r) => r.h,
    p.depth,
  );
  const first = (ys[0] ?? 0) as number;
  const last = (ys[ys.length - 1] ?? 0) as number;
  const scale = SIDE_PX / Math.max(p.width, last - first);
  const px = (m: number) => Math.max(1, Math.round(m * scale));
  const roomAt = (i: number, j: number) => {
    const cx = ((xs[i] ?? 0) + (xs[i + 1] ?? 0)) / 2;
    const cy = ((ys[j] ?? 0) + (ys[j + 1] ?? 0)) / 2;
    return p.rooms.find((r) => cx > r.x && cx < cm(r.x + r.w) && cy > r.y && cy < cm(r.y + r.h));
  };
  const rows = ys.slice(0, -1).map((y, j) => {
    const cells = xs.slice(0, -1).flatMap((x, i) => {
      const room = roomAt(i, j);
      if (!room) return [<td key={x} width={px((xs[i + 1] ?? x) - x)} />];
      // Only the room's top-left cell is drawn; it spans the rest of the room.
      if (room.x !== x || room.y !== y) return [];
      const colSpan = xs.filter((v) => v >= room.x && v < cm(room.x + room.w)).length;
      const rowSpan = ys.filter((v) => v >= room.y && v < cm(room.y + room.h)).length;
      return [
        <td
          key={x}
          colSpan={colSpan}
          rowSpan={rowSpan}
          width={px(room.w)}
          style={{ background: ROOM_FILL[room.type], border: "2px solid #374151" }}
        />,
      ];
    });
    return (
      <tr key={y} style={{ height: px((ys[j + 1] ?? y) - y) }}>
        {cells}
      </tr>
    );
  });
  return (
    <table
      role="img"
      aria-label={label}
      cellPadding={0}
      cellSpacing={0}
      width={px(p.width)}
      style={{ borderCollapse: "collapse", margin: "8px 0 4px", tableLayout: "fixed" }}
    >
      <tbody>{rows}</tbody>
    </table>
  );
}
