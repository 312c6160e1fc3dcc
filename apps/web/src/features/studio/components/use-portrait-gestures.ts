import { type PointerEvent, useRef, useState } from "react";
import {
  type GestureView,
  isZoomed,
  type Point,
  type SwipeDirection,
  UNZOOMED,
  ViewerGestures,
} from "../lib/viewer-gestures";

/**
 * Binds the viewer's gestures (lib/viewer-gestures.ts) to the stage with Pointer Events, which carry
 * touch, pen and mouse alike: the stage gets the handlers and `touch-action: none` (so the browser
 * neither scrolls nor zooms the page under the fingers), the portrait gets the transform. Starts on
 * a button (previous, next) are the button's, not a gesture. A new portrait starts unzoomed.
 */
export function usePortraitGestures({
  imageId,
  onSwipe,
}: {
  imageId: string;
  onSwipe: (direction: SwipeDirection) => void;
}) {
  const imageRef = useRef<HTMLImageElement>(null);
  const gestures = useRef<ViewerGestures | null>(null);
  const [view, setView] = useState<Omit<GestureView, "swipe">>({ zoom: UNZOOMED, dragX: 0 });
  const [shownId, setShownId] = useState(imageId);
  if (shownId !== imageId) {
    setShownId(imageId);
    gestures.current?.reset();
    setView({ zoom: UNZOOMED, dragX: 0 });
  }

  const model = () => {
    gestures.current ??= new ViewerGestures({ width: 0, height: 0 });
    const image = imageRef.current;
    if (image) gestures.current.resize({ width: image.offsetWidth, height: image.offsetHeight });
    return gestures.current;
  };

  // Relative to the portrait's centre, which is the stage's (it is centred with even padding).
  const pointOf = (event: PointerEvent<HTMLElement>): Point => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - (box.left + box.width / 2), y: event.clientY - (box.top + box.height / 2) };
  };

  const show = (next: GestureView) => {
    setView({ zoom: next.zoom, dragX: next.dragX });
    if (next.swipe) onSwipe(next.swipe);
  };

  const handlers = {
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      if (!event.isPrimary && !gestures.current?.active) return;
      if ((event.target as Element).closest("button")) return;
      // A mouse keeps its drag when it leaves the stage; touches are held by their target already.
      if (event.pointerType === "mouse") event.currentTarget.setPointerCapture?.(event.pointerId);
      show(model().down(event.pointerId, pointOf(event), event.timeStamp));
    },
    onPointerMove: (event: PointerEvent<HTMLElement>) => {
      if (!gestures.current?.active) return;
      show(gestures.current.move(event.pointerId, pointOf(event)));
    },
    onPointerUp: (event: PointerEvent<HTMLElement>) => {
      if (!gestures.current?.active) return;
      show(gestures.current.up(event.pointerId, pointOf(event), event.timeStamp));
    },
    onPointerCancel: (event: PointerEvent<HTMLElement>) => {
      if (!gestures.current?.active) return;
      show(gestures.current.cancel(event.pointerId));
    },
  };

  const { zoom, dragX } = view;
  const moving = gestures.current?.active ?? false;
  return {
    imageRef,
    handlers,
    zoomed: isZoomed(zoom),
    /** The portrait's transform: follows the fingers while they move, eases back or in otherwise. */
    imageStyle: {
      transform: `translate3d(${zoom.x + dragX}px, ${zoom.y}px, 0) scale(${zoom.scale})`,
      transition: moving ? "none" : "transform 200ms ease-out, opacity 300ms",
    },
  };
}
