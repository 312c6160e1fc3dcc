import { paths } from "@/config/paths";
import { readLocal, writeLocal } from "@/lib/local-storage";

/**
 * Whether the parent has seen a child's studio introduction, remembered in this browser per child
 * (sign-out clears local storage, spec §4, so it is shown again after signing back in: harmless).
 */
export const studioIntroSeenKey = (childId: number) => `wonderkin.studio-intro-seen.${childId}`;

export function hasSeenStudioIntro(childId: number): boolean {
  return readLocal(studioIntroSeenKey(childId)) !== null;
}

export function markStudioIntroSeen(childId: number): void {
  writeLocal(studioIntroSeenKey(childId), new Date().toISOString());
}

/** What the introduction passes to the studio in the navigation state. */
export type StudioLocationState = { fromIntro?: boolean } | null | undefined;

/**
 * Where the magic studio sends a visitor before showing anything: to the introduction on the first
 * visit, nowhere (null) after it. Arriving from the introduction counts as having seen it, in case
 * local storage is unavailable and the visit could not be remembered.
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
