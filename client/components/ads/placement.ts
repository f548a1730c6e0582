/**
 * Where the «Реклама» popup goes (SPEC §4 Disclaimer popup), from the badge's box and the free space around it,
 * in viewport pixels. Below the badge by default; less than 246 px from the bottom edge flips it up, and up
 * needs the sticky header's 69 px plus the popup's height. When neither fits (a low window) it goes beside
 * the badge, away from a side edge closer than 246 px. Whatever is chosen, the popup is then kept inside the
 * viewport and under the header. `headerBottom` is where the header ends: 69 px once the page has scrolled,
 * lower while the top banner above it is still in view.
 */
import { DISCLAIMER_EDGE_PX, HEADER_HEIGHT } from "../../../shared/constants";

export type Side = "top" | "bottom" | "left" | "right";

export interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

export interface Size {
  width: number;
  height: number;
}

export interface Placement {
  side: Side;
  top: number;
  left: number;
}

/** Between the badge and the popup, and between the popup and the viewport's edges or the header. */
export const POPUP_GAP = 8;

const clamp = (value: number, min: number, max: number) => Math.max(min, Math.min(value, max));

export function placePopup(
  anchor: Box,
  popup: Size,
  viewport: Size,
  headerBottom: number = HEADER_HEIGHT,
): Placement {
  const below = viewport.height - anchor.top - anchor.height;
  const right = viewport.width - anchor.left - anchor.width;
  const room: Record<Side, number> = {
    top: anchor.top - headerBottom - POPUP_GAP,
    bottom: below - POPUP_GAP,
    left: anchor.left - POPUP_GAP,
    right: right - POPUP_GAP,
  };
  const spare = (side: Side) =>
    room[side] - POPUP_GAP - (side === "top" || side === "bottom" ? popup.height : popup.width);
  const order: Side[] = [
    ...(below < DISCLAIMER_EDGE_PX ? (["top", "bottom"] as const) : (["bottom", "top"] as const)),
    ...(anchor.left < DISCLAIMER_EDGE_PX || right >= DISCLAIMER_EDGE_PX
      ? (["right", "left"] as const)
      : (["left", "right"] as const)),
  ];
  const side =
    order.find((s) => spare(s) >= 0) ?? order.reduce((best, s) => (spare(s) > spare(best) ? s : best));

  const centreX = anchor.left + anchor.width / 2 - popup.width / 2;
  const centreY = anchor.top + anchor.height / 2 - popup.height / 2;
  const at: Record<Side, [top: number, left: number]> = {
    top: [anchor.top - POPUP_GAP - popup.height, centreX],
    bottom: [anchor.top + anchor.height + POPUP_GAP, centreX],
    left: [centreY, anchor.left - POPUP_GAP - popup.width],
    right: [centreY, anchor.left + anchor.width + POPUP_GAP],
  };
  const [top, left] = at[side];
  return {
    side,
    top: clamp(top, headerBottom + POPUP_GAP, viewport.height - POPUP_GAP - popup.height),
    left: clamp(left, POPUP_GAP, viewport.width - POPUP_GAP - popup.width),
  };
}
