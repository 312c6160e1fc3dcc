import { readLocal, removeLocal, writeLocal } from "@/lib/local-storage";

/** Where the session's bearer token is kept; sign-out clears local storage as a whole (spec §4). */
export const sessionTokenKey = "wonderkin.session-token";
/** The family every product request acts for (spec §6), known once the user record has loaded. */
export const organizationIdKey = "wonderkin.organization-id";
/** The address an e-mail sign-in link was sent to, so /finalize-signup can finish without asking. */
export const emailForSignInKey = "wonderkin.email-for-sign-in";

/** Whether this tab has held a session: set the first time it reads or stores a token. */
let heldSessionInThisTab = false;

export function readSessionToken(): string | null {
  const token = readLocal(sessionTokenKey);
  if (token !== null) heldSessionInThisTab = true;
  return token;
}
export function storeSessionToken(token: string): void {
  heldSessionInThisTab = true;
  writeLocal(sessionTokenKey, token);
}

/**
 * Whether this tab was signed in at some point, even if the token is gone from local storage now:
 * another tab that found the session over (a password changed elsewhere) signs out and clears the
 * storage all tabs share, and this tab must still learn, from its next 401, that it is signed out.
 */
export const heldSessionInThisTabBefore = () => heldSessionInThisTab;
export const forgetSessionToken = () => removeLocal(sessionTokenKey);

const organizationListeners = new Set<() => void>();

export const readOrganizationId = () => readLocal(organizationIdKey);
export function storeOrganizationId(id: string | null): void {
  if (id === readOrganizationId()) return;
  if (id) writeLocal(organizationIdKey, id);
  else removeLocal(organizationIdKey);
  for (const listener of organizationListeners) listener();
}

/**
 * Tells `listener` whenever the current family changes, in this tab or another one (they share
 * local storage, so a switch in one tab is a switch in all). Returns the unsubscribe function.
 */
export function subscribeToOrganizationId(listener: () => void): () => void {
  organizationListeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === organizationIdKey || event.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    organizationListeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export const readEmailForSignIn = () => readLocal(emailForSignInKey);
export const storeEmailForSignIn = (email: string) => writeLocal(emailForSignInKey, email);
export const forgetEmailForSignIn = () => removeLocal(emailForSignInKey);
