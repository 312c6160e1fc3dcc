/**
 * The portrait viewer's touch gestures as plain arithmetic over pointer positions (no DOM, so every
 * rule is unit-tested): swipe sideways to the next or previous portrait, pinch or double-tap to zoom,
 * drag to pan a zoomed portrait. Swipes only fire at the portrait's own size: once zoomed, a drag
 * moves the picture instead.
 *
 * Points are in pixels relative to the portrait's centre as laid out (unscaled); the view is drawn as
 * `translate(x, y) scale(scale)` about that centre.
 */

export type Point = { x: number; y: number };
export type Zoom = { scale: number; x: number; y: number };
/** The portrait's laid-out size at scale 1. */
export type Size = { width: number; height: number };
export type SwipeDirection = "next" | "previous";

export const UNZOOMED: Zoom = { scale: 1, x: 0, y: 0 };
export const MAX_SCALE = 4;
export const DOUBLE_TAP_SCALE = 2.5;
/** A sideways move at least this long (and clearly more sideways than up or down) is a swipe. */
export const SWIPE_DISTANCE = 48;
/** A touch that moves less than this and lifts within TAP_MS is a tap. */
const TAP_SLOP = 10;
const TAP_MS = 300;
/** Two taps this close in time and place are a double tap. */
const DOUBLE_TAP_MS = 300;
const DOUBLE_TAP_SLOP = 30;
/** A pinch that ends this close to the portrait's size settles at it. */
const SNAP_SCALE = 1.05;

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
const midpoint = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });

/** Whether the portrait is shown larger than its fitted size. */
export const isZoomed = (zoom: Zoom) => zoom.scale > 1;

/** Keeps the scale within 1…MAX_SCALE and the picture's edges from leaving the portrait's box. */
export function clampZoom(zoom: Zoom, size: Size): Zoom {
  const scale = Math.min(MAX_SCALE, Math.max(1, zoom.scale));
  if (scale === 1) return UNZOOMED;
  const limitX = (size.width * (scale - 1)) / 2;
  const limitY = (size.height * (scale - 1)) / 2;
  return {
    scale,
    x: Math.min(limitX, Math.max(-limitX, zoom.x)),
    y: Math.min(limitY, Math.max(-limitY, zoom.y)),
  };
}

/**
 * The zoom at `scale` that keeps what is under `focus` where it is (the fingers' midpoint, the
 * tapped spot): a point p of the picture is drawn at t + s·p, so t' = f − s'·(f − t)/s.
 */
export function zoomAbout(zoom: Zoom, scale: number, focus: Point): Zoom {
  const ratio = scale / zoom.scale;
  return { scale, x: focus.x - (focus.x - zoom.x) * ratio, y: focus.y - (focus.y - zoom.y) * ratio };
}

/** Double tap: zoom in on the tapped spot, or back to the fitted size when zoomed. */
export function doubleTapZoom(zoom: Zoom, focus: Point, size: Size): Zoom {
  return isZoomed(zoom) ? UNZOOMED : clampZoom(zoomAbout(UNZOOMED, DOUBLE_TAP_SCALE, focus), size);
}

/** A finished one-finger move that counts as a swipe, if it does. */
export function swipeOf(from: Point, to: Point): SwipeDirection | null {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  if (Math.abs(dx) < SWIPE_DISTANCE || Math.abs(dx) < Math.abs(dy) * 1.5) return null;
  return dx < 0 ? "next" : "previous";
}

/** What the view shows after a pointer event: the zoom, how far a swipe has dragged, and a swipe. */
export type GestureView = { zoom: Zoom; dragX: number; swipe: SwipeDirection | null };

type Gesture =
  | { kind: "none" }
  | { kind: "one"; id: number; start: Point; startZoom: Zoom; startedAt: number; moved: boolean }
  | { kind: "pinch"; startDistance: number; startMid: Point; startZoom: Zoom };

/**
 * One viewer's gesture state: fed pointer downs, moves and ups (with their time, for taps), it
 * answers what the view should show. A third finger is ignored; lifting one of two ends the pinch and
 * the remaining finger pans from where it is.
 */
export class ViewerGestures {
  private readonly pointers = new Map<number, Point>();
  private gesture: Gesture = { kind: "none" };
  private lastTap: { at: number; point: Point } | null = null;
  zoom: Zoom = UNZOOMED;
  dragX = 0;

  constructor(private size: Size) {}

  /** The portrait's laid-out size (it changes with the window and from one portrait to the next). */
  resize(size: Size): void {
    this.size = size;
    this.zoom = clampZoom(this.zoom, size);
  }

  /** Back to the fitted size (a new portrait is shown). */
  reset(): void {
    this.pointers.clear();
    this.gesture = { kind: "none" };
    this.lastTap = null;
    this.zoom = UNZOOMED;
    this.dragX = 0;
  }

  get active(): boolean {
    return this.gesture.kind !== "none";
  }

  private view(swipe: SwipeDirection | null = null): GestureView {
    return { zoom: this.zoom, dragX: this.dragX, swipe };
  }

  private startOne(id: number, point: Point, at: number): void {
    this.gesture = { kind: "one", id, start: point, startZoom: this.zoom, startedAt: at, moved: false };
  }

  down(id: number, point: Point, at: number): GestureView {
    if (this.pointers.size >= 2) return this.view();
    this.pointers.set(id, point);
    const [first, second] = [...this.pointers.values()];
    if (first && second) {
      this.dragX = 0;
      this.gesture = {
        kind: "pinch",
        startDistance: Math.max(1, distance(first, second)),
        startMid: midpoint(first, second),
        startZoom: this.zoom,
      };
    } else {
      this.startOne(id, point, at);
    }
    return this.view();
  }

  move(id: number, point: Point): GestureView {
    if (!this.pointers.has(id)) return this.view();
    this.pointers.set(id, point);
    const gesture = this.gesture;
    if (gesture.kind === "pinch") {
      const [first, second] = [...this.pointers.values()];
      if (!first || !second) return this.view();
      const scale = gesture.startZoom.scale * (distance(first, second) / gesture.startDistance);
      const mid = midpoint(first, second);
      // What was under the fingers' first midpoint follows their midpoint now.
      const anchored = zoomAbout(gesture.startZoom, scale, gesture.startMid);
      this.zoom = clampZoom(
        {
          scale: anchored.scale,
          x: anchored.x + mid.x - gesture.startMid.x,
          y: anchored.y + mid.y - gesture.startMid.y,
        },
        this.size,
      );
    } else if (gesture.kind === "one" && gesture.id === id) {
      const dx = point.x - gesture.start.x;
      const dy = point.y - gesture.start.y;
      if (Math.hypot(dx, dy) > TAP_SLOP) gesture.moved = true;
      if (isZoomed(gesture.startZoom)) {
        this.zoom = clampZoom(
          { scale: gesture.startZoom.scale, x: gesture.startZoom.x + dx, y: gesture.startZoom.y + dy },
          this.size,
        );
      } else {
        this.dragX = dx;
      }
    }
    return this.view();
  }

  up(id: number, point: Point, at: number): GestureView {
    if (!this.pointers.has(id)) return this.view();
    this.pointers.delete(id);
    const gesture = this.gesture;
    if (gesture.kind === "pinch") {
      if (this.zoom.scale < SNAP_SCALE) this.zoom = UNZOOMED;
      const [remaining] = [...this.pointers.entries()];
      if (remaining) this.startOne(remaining[0], remaining[1], at);
      else this.gesture = { kind: "none" };
      // A finger lifted from a pinch is never a tap.
      this.lastTap = null;
      return this.view();
    }
    if (gesture.kind !== "one" || gesture.id !== id) return this.view();
    this.gesture = { kind: "none" };
    this.dragX = 0;
    if (!gesture.moved && at - gesture.startedAt <= TAP_MS) return this.view(this.tap(point, at));
    this.lastTap = null;
    return this.view(isZoomed(gesture.startZoom) ? null : swipeOf(gesture.start, point));
  }

  /** A finger taken away by the browser (a system gesture): forget it, swipe nothing. */
  cancel(id: number): GestureView {
    if (!this.pointers.delete(id)) return this.view();
    this.gesture = { kind: "none" };
    this.dragX = 0;
    this.pointers.clear();
    return this.view();
  }

  private tap(point: Point, at: number): null {
    const last = this.lastTap;
    if (last && at - last.at <= DOUBLE_TAP_MS && distance(last.point, point) <= DOUBLE_TAP_SLOP) {
      this.lastTap = null;
      this.zoom = doubleTapZoom(this.zoom, point, this.size);
    } else {
      this.lastTap = { at, point };
    }
    return null;
  }
}
