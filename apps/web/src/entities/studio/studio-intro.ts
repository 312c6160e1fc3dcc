import { parseChildIdSegment } from "@wonderkin/contract";
import { childRoutePattern, paths } from "@/config/paths";

/** What the introduction passes to the studio in the navigation state. */
export type StudioLocationState = { fromIntro?: boolean } | null | undefined;

/**
 * Where the magic studio sends a visitor before showing anything: to the introduction until this
 * parent has seen it for this child (the children list says so, from the server), nowhere (null)
 * after it. Arriving from the introduction counts as having seen it, even while recording that is
 * still on its way (or failed: the introduction then simply shows once more another day).
 */
export function studioIntroRedirect(input: {
  childId: number;
  seen: boolean;
  locationState: unknown;
}): string | null {
  if (input.seen) return null;
  const state = input.locationState as StudioLocationState;
  if (typeof state === "object" && state?.fromIntro === true) return null;
  return paths.studioIntro(input.childId);
}

/** The way into a child's studio from elsewhere: the introduction first, once. */
export function studioEntryPath(childId: number, seen: boolean): string {
  return seen ? paths.magicStudio(childId) : paths.studioIntro(childId);
}

/**
 * The account menu's way to the studio: the child of the page the parent is on, else the family's
 * only child, else the styles page, where every child's studio starts (it also leads to adding one).
 */
export function studioMenuPath(
  children: readonly { id: number; studioIntroSeen: boolean }[],
  currentChildId: number | null,
): string {
  const child =
    children.find((entry) => entry.id === currentChildId) ??
    (children.length === 1 ? children[0] : undefined);
  return child ? studioEntryPath(child.id, child.studioIntroSeen) : paths.chooseTheme;
}

/** The child a page is about: the one in a studio address, or the `?child=` of the flow's pages. */
export function childOfLocation(location: { pathname: string; search: string }): number | null {
  const studio = childRoutePattern.exec(location.pathname);
  const segment = studio?.[1] ?? new URLSearchParams(location.search).get("child") ?? undefined;
  return parseChildIdSegment(segment);
}
