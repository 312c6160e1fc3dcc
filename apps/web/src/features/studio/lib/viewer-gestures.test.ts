import { describe, expect, it } from "vitest";
import {
  clampZoom,
  DOUBLE_TAP_SCALE,
  MAX_SCALE,
  SWIPE_DISTANCE,
  swipeOf,
  UNZOOMED,
  ViewerGestures,
  zoomAbout,
} from "./viewer-gestures";

const size = { width: 400, height: 600 };

/** One finger from `from` to `to`, over `ms` milliseconds, starting at `at`. */
function drag(gestures: ViewerGestures, from: [number, number], to: [number, number], at = 0, ms = 120) {
  gestures.down(1, { x: from[0], y: from[1] }, at);
  gestures.move(1, { x: (from[0] + to[0]) / 2, y: (from[1] + to[1]) / 2 });
  gestures.move(1, { x: to[0], y: to[1] });
  return gestures.up(1, { x: to[0], y: to[1] }, at + ms);
}

function tap(gestures: ViewerGestures, x: number, y: number, at: number) {
  gestures.down(1, { x, y }, at);
  return gestures.up(1, { x, y }, at + 60);
}

function pinch(gestures: ViewerGestures, from: number, to: number, at = 0) {
  gestures.down(1, { x: -from / 2, y: 0 }, at);
  gestures.down(2, { x: from / 2, y: 0 }, at + 5);
  gestures.move(1, { x: -to / 2, y: 0 });
  gestures.move(2, { x: to / 2, y: 0 });
  gestures.up(1, { x: -to / 2, y: 0 }, at + 200);
  return gestures.up(2, { x: to / 2, y: 0 }, at + 210);
}

describe("swipes", () => {
  it("a clear sideways move is a swipe: leftwards to the next portrait, rightwards to the previous", () => {
    expect(swipeOf({ x: 100, y: 0 }, { x: 100 - SWIPE_DISTANCE, y: 10 })).toBe("next");
    expect(swipeOf({ x: 0, y: 0 }, { x: 120, y: -20 })).toBe("previous");
  });

  it("a short, or mostly vertical, move is no swipe", () => {
    expect(swipeOf({ x: 0, y: 0 }, { x: SWIPE_DISTANCE - 1, y: 0 })).toBeNull();
    expect(swipeOf({ x: 0, y: 0 }, { x: 80, y: 70 })).toBeNull();
  });

  it("the portrait follows the finger while it moves, and settles when it lifts", () => {
    const gestures = new ViewerGestures(size);
    gestures.down(1, { x: 0, y: 0 }, 0);
    expect(gestures.move(1, { x: -70, y: 4 }).dragX).toBe(-70);
    const lifted = gestures.up(1, { x: -90, y: 4 }, 150);
    expect(lifted).toEqual({ zoom: UNZOOMED, dragX: 0, swipe: "next" });
  });

  it("a cancelled touch (the system took it) swipes nothing", () => {
    const gestures = new ViewerGestures(size);
    gestures.down(1, { x: 0, y: 0 }, 0);
    gestures.move(1, { x: -200, y: 0 });
    expect(gestures.cancel(1)).toEqual({ zoom: UNZOOMED, dragX: 0, swipe: null });
    expect(gestures.active).toBe(false);
  });
});

describe("zoom", () => {
  it("pinching out zooms in by the fingers' spread, up to the limit; pinching back settles at fit", () => {
    const gestures = new ViewerGestures(size);
    expect(pinch(gestures, 100, 200).zoom.scale).toBeCloseTo(2);
    expect(pinch(gestures, 100, 1000, 1000).zoom.scale).toBe(MAX_SCALE);
    expect(pinch(gestures, 400, 100, 2000).zoom).toEqual(UNZOOMED);
  });

  it("a pinch keeps what is between the fingers under them", () => {
    const zoom = zoomAbout(UNZOOMED, 2, { x: 100, y: 50 });
    // The picture's point (100, 50) is drawn at t + s·p = (100, 50) still.
    expect({ x: zoom.x + 2 * 100, y: zoom.y + 2 * 50 }).toEqual({ x: 100, y: 50 });
  });

  it("a double tap zooms in on the tapped spot, and a second one zooms back out", () => {
    const gestures = new ViewerGestures(size);
    tap(gestures, 40, -60, 0);
    const zoomed = tap(gestures, 42, -58, 200);
    expect(zoomed.swipe).toBeNull();
    expect(zoomed.zoom.scale).toBe(DOUBLE_TAP_SCALE);
    expect(zoomed.zoom.x).toBeCloseTo(42 - DOUBLE_TAP_SCALE * 42);
    tap(gestures, 0, 0, 2000);
    expect(tap(gestures, 0, 0, 2200).zoom).toEqual(UNZOOMED);
  });

  it("two taps far apart in time or place are not a double tap", () => {
    const gestures = new ViewerGestures(size);
    tap(gestures, 0, 0, 0);
    expect(tap(gestures, 0, 0, 1000).zoom).toEqual(UNZOOMED);
    expect(tap(gestures, 150, 0, 1100).zoom).toEqual(UNZOOMED);
  });

  it("while zoomed, a drag pans within the picture's edges and never swipes", () => {
    const gestures = new ViewerGestures(size);
    pinch(gestures, 100, 200);
    const panned = drag(gestures, [0, 0], [-150, 0], 1000);
    expect(panned.swipe).toBeNull();
    expect(panned.zoom.x).toBeCloseTo(-150);
    // At 2×, the picture overflows by half its size on each side: no further than that.
    const far = drag(gestures, [0, 0], [-1000, -1000], 2000);
    expect(far.zoom).toEqual({ scale: 2, x: -200, y: -300 });
  });

  it("clamps any zoom to the picture's box and the scale's range", () => {
    expect(clampZoom({ scale: 0.5, x: 30, y: 30 }, size)).toEqual(UNZOOMED);
    expect(clampZoom({ scale: 9, x: 0, y: 0 }, size).scale).toBe(MAX_SCALE);
    expect(clampZoom({ scale: 3, x: 9999, y: -9999 }, size)).toEqual({ scale: 3, x: 400, y: -600 });
  });

  it("resetting (a new portrait) shows it at fit", () => {
    const gestures = new ViewerGestures(size);
    pinch(gestures, 100, 300);
    gestures.reset();
    expect(gestures.zoom).toEqual(UNZOOMED);
    expect(drag(gestures, [0, 0], [-100, 0]).swipe).toBe("next");
  });
});
