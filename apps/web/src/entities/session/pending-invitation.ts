import { invitationRoutePattern } from "@/config/paths";
import { readLocal, removeLocal, writeLocal } from "@/lib/local-storage";

/**
 * An invitation someone opened before they could act on it (signed out, or e-mail not verified
 * yet). Once they are signed in and verified, the guard brings them back to it once; the
 * invitation page forgets it as soon as they can answer it.
 */
export const pendingInvitationKey = "wonderkin.pending-invitation";

export function isInvitationPath(value: string | null | undefined): value is string {
  return typeof value === "string" && invitationRoutePattern.test(value);
}

/** The remembered invitation's path, or null (anything that is not an invitation path is ignored). */
export function readPendingInvitation(): string | null {
  const value = readLocal(pendingInvitationKey);
  return isInvitationPath(value) ? value : null;
}

export function rememberPendingInvitation(path: string): void {
  if (isInvitationPath(path)) writeLocal(pendingInvitationKey, path);
}

export function forgetPendingInvitation(): void {
  removeLocal(pendingInvitationKey);
}
