import { type KeyboardEvent, useEffect } from "react";

/**
 * Moving through the viewer's portraits: previous and next (buttons and arrow keys), and back into
 * the list when a portrait deleted (here or elsewhere) leaves the index past its end. The one place
 * that changes which portrait is shown: swipes (use-portrait-gestures.ts) call showNext and
 * showPrevious, and the page keeps the index in the history entry (use-viewer-history.ts).
 */
export function useViewerNavigation({
  index,
  count,
  onIndexChange,
  onClose,
  paused,
}: {
  index: number | null;
  count: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** While one of the viewer's own dialogs is open, the arrow keys are theirs. */
  paused: boolean;
}) {
  // A portrait deleted (here or elsewhere) leaves the index past the end: show the last one.
  useEffect(() => {
    if (index !== null && count > 0 && index >= count) onIndexChange(count - 1);
    if (index !== null && count === 0) onClose();
  }, [index, count, onIndexChange, onClose]);

  const go = (next: number) => {
    if (next >= 0 && next < count) onIndexChange(next);
  };
  const showPrevious = () => {
    if (index !== null) go(index - 1);
  };
  const showNext = () => {
    if (index !== null) go(index + 1);
  };

  return {
    hasPrevious: index !== null && index > 0,
    hasNext: index !== null && index < count - 1,
    showPrevious,
    showNext,
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      // A field (the share caption) keeps its arrow keys for its own cursor.
      if (paused || (event.target as Element).closest?.("input, textarea, [contenteditable='true']")) return;
      if (event.key === "ArrowLeft") {
        event.preventDefault();
        showPrevious();
      } else if (event.key === "ArrowRight") {
        event.preventDefault();
        showNext();
      }
    },
  };
}

export type ViewerNavigation = ReturnType<typeof useViewerNavigation>;
