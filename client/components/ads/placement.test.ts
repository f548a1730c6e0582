import { describe, expect, it } from "vitest";
import { DISCLAIMER_EDGE_PX, HEADER_HEIGHT } from "../../../shared/constants";
import { type Box, type Placement, POPUP_GAP, placePopup, type Size } from "./placement";

const PHONE: Size = { width: 390, height: 844 };
const DESKTOP: Size = { width: 1440, height: 900 };
const POPUP: Size = { width: 320, height: 220 };
/** A badge of 90 × 28 px with its top left corner at (left, top). */
const badge = (left: number, top: number): Box => ({ left, top, width: 90, height: 28 });

/** The popup lies wholly inside the viewport and below the sticky header. */
function expectVisible(p: Placement, viewport: Size, popup: Size = POPUP, header = HEADER_HEIGHT) {
  expect(p.top).toBeGreaterThanOrEqual(header + POPUP_GAP);
  expect(p.left).toBeGreaterThanOrEqual(POPUP_GAP);
  expect(p.top + popup.height).toBeLessThanOrEqual(viewport.height - POPUP_GAP);
  expect(p.left + popup.width).toBeLessThanOrEqual(viewport.width - POPUP_GAP);
}

/** The popup does not cover the badge. */
function expectClear(p: Placement, b: Box, popup: Size = POPUP) {
  const apart =
    p.top >= b.top + b.height ||
    p.top + popup.height <= b.top ||
    p.left >= b.left + b.width ||
    p.left + popup.width <= b.left;
  expect(apart).toBe(true);
}

describe("disclaimer popup placement", () => {
  it("goes below a badge with room below, centred on it", () => {
    const b = badge(600, 300);
    const p = placePopup(b, POPUP, DESKTOP);
    expect(p).toEqual({ side: "bottom", top: 300 + 28 + POPUP_GAP, left: 600 + 45 - 160 });
  });

  it("flips up when the badge is less than 246 px from the bottom edge", () => {
    const edge = DESKTOP.height - DISCLAIMER_EDGE_PX - 28;
    expect(placePopup(badge(600, edge), POPUP, DESKTOP).side).toBe("bottom");
    const p = placePopup(badge(600, edge + 1), POPUP, DESKTOP);
    expect(p.side).toBe("top");
    expect(p.top).toBe(edge + 1 - POPUP_GAP - POPUP.height);
  });

  it("goes up only with the header's 69 px and its own height above the badge", () => {
    // Near the bottom of a short window: exactly enough room above, then one pixel less.
    const viewport = { width: 1440, height: 420 };
    const exact = HEADER_HEIGHT + 2 * POPUP_GAP + POPUP.height;
    expect(placePopup(badge(600, exact), POPUP, viewport).side).toBe("top");
    expect(placePopup(badge(600, exact - 1), POPUP, viewport).side).not.toBe("top");
  });

  it("stays below a badge right under the header", () => {
    const b = badge(600, HEADER_HEIGHT + 4);
    const p = placePopup(b, POPUP, DESKTOP);
    expect(p.side).toBe("bottom");
    expectVisible(p, DESKTOP);
    expectClear(p, b);
  });

  it("goes beside the badge when neither above nor below has room, away from a near side edge", () => {
    const low = { width: 1440, height: 360 };
    const nearLeft = placePopup(badge(100, 150), POPUP, low);
    expect(nearLeft.side).toBe("right");
    expect(nearLeft.left).toBe(100 + 90 + POPUP_GAP);
    const nearRight = placePopup(badge(low.width - 100 - 90, 150), POPUP, low);
    expect(nearRight.side).toBe("left");
    expect(nearRight.left).toBe(low.width - 100 - 90 - POPUP_GAP - POPUP.width);
    const middle = placePopup(badge(700, 150), POPUP, low);
    expect(middle.side).toBe("right");
    for (const p of [nearLeft, nearRight, middle]) expectVisible(p, low);
  });

  it("keeps to the screen on a phone, where a side never fits", () => {
    for (const left of [0, 8, 150, PHONE.width - 90 - 8, PHONE.width - 90]) {
      for (const top of [HEADER_HEIGHT, 200, 500, PHONE.height - 28 - 8]) {
        const b = badge(left, top);
        const p = placePopup(b, POPUP, PHONE);
        expect(["top", "bottom"]).toContain(p.side);
        expectVisible(p, PHONE);
        expectClear(p, b);
      }
    }
  });

  it("keeps to the screen at every corner and edge of a desktop window", () => {
    const xs = [0, 100, DISCLAIMER_EDGE_PX, 700, DESKTOP.width - DISCLAIMER_EDGE_PX, DESKTOP.width - 90];
    const ys = [HEADER_HEIGHT, 120, 450, DESKTOP.height - DISCLAIMER_EDGE_PX, DESKTOP.height - 28];
    for (const left of xs) {
      for (const top of ys) {
        const b = badge(left, top);
        const p = placePopup(b, POPUP, DESKTOP);
        expectVisible(p, DESKTOP);
        expectClear(p, b);
      }
    }
  });

  it("keeps below the header while the top banner above it is still in view", () => {
    // Unscrolled, with a 90 px top banner: the header ends at 159 px. The room above this badge holds the
    // popup under a header at 69 px, not under this one.
    const header = 90 + HEADER_HEIGHT;
    const low = { width: 1440, height: 560 };
    expect(placePopup(badge(600, 330), POPUP, low).side).toBe("top");
    const p = placePopup(badge(600, 330), POPUP, low, header);
    expect(p.side).toBe("right");
    expectVisible(p, low, POPUP, header);
    for (const top of [header, 300, DESKTOP.height - 28]) {
      const b = badge(600, top);
      const q = placePopup(b, POPUP, DESKTOP, header);
      expectVisible(q, DESKTOP, POPUP, header);
      expectClear(q, b);
    }
  });

  it("still lies inside the viewport, under the header, when no side has room", () => {
    const tiny = { width: 360, height: 320 };
    const p = placePopup(badge(130, 160), POPUP, tiny);
    expectVisible(p, tiny);
  });
});
