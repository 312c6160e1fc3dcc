import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";

/** What the open viewer steps through (the gallery's portraits or the previews) and where it is. */
export type ViewerEntry = { list: "portraits" | "previews"; index: number };

const STATE_KEY = "portraitViewer";

/** The viewer's entry in a history state, if it holds a well-formed one. */
export function viewerEntryOf(state: unknown): ViewerEntry | null {
  if (typeof state !== "object" || state === null) return null;
  const entry = (state as Record<string, unknown>)[STATE_KEY] as Partial<ViewerEntry> | undefined;
  if (!entry || (entry.list !== "portraits" && entry.list !== "previews")) return null;
  return Number.isInteger(entry.index) && (entry.index ?? -1) >= 0
    ? { list: entry.list, index: entry.index as number }
    : null;
}

function withEntry(state: unknown, entry: ViewerEntry): Record<string, unknown> {
  return { ...(typeof state === "object" && state !== null ? state : {}), [STATE_KEY]: entry };
}

/**
 * The open portrait viewer lives in the browser's history, not only in the page: opening it pushes
 * an entry (same address, the viewer in its state), so a phone's Back closes the viewer instead of
 * leaving the studio, and Forward opens it again. Stepping through portraits replaces that entry
 * (Back never walks through every portrait seen); closing it (Close, Escape, the last one deleted)
 * goes back to the studio's own entry. The studio stays mounted throughout, so its choices (style,
 * filter, scroll position) are as they were.
 */
export function useViewerHistory() {
  const location = useLocation();
  const navigate = useNavigate();
  const { pathname, search, hash, state, key } = location;
  const found = viewerEntryOf(state);
  const list = found?.list;
  const index = found?.index;
  const inHistory = useMemo(() => (list && index !== undefined ? { list, index } : null), [list, index]);
  // Closing twice from the same entry (Escape and a deletion at once, StrictMode's double effects)
  // must go back once, not leave the studio.
  const closedFrom = useRef<string | null>(null);

  // Opening is pushed from an effect, once the page has the address as it is now: whoever opens
  // may have just changed it (use-open-from-address.ts takes `?portrait=` out first). The viewer
  // shows meanwhile.
  const [opening, setOpening] = useState<ViewerEntry | null>(null);
  useEffect(() => {
    if (!opening) return;
    setOpening(null);
    void navigate({ pathname, search, hash }, { state: withEntry(state, opening), preventScrollReset: true });
  }, [opening, navigate, pathname, search, hash, state]);
  const open = useCallback((next: ViewerEntry) => setOpening(next), []);
  const entry = opening ?? inHistory;

  const show = useCallback(
    (index: number) => {
      if (!inHistory || inHistory.index === index) return;
      const entry = inHistory;
      void navigate(
        { pathname, search, hash },
        { replace: true, state: withEntry(state, { ...entry, index }), preventScrollReset: true },
      );
    },
    [navigate, pathname, search, hash, state, inHistory],
  );

  const close = useCallback(() => {
    if (!inHistory || closedFrom.current === key) return;
    closedFrom.current = key;
    void navigate(-1);
  }, [navigate, inHistory, key]);

  return { entry, open, show, close };
}
