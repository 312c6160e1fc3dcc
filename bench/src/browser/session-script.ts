import type { StudioParent } from "../subjects/studio-parent";

/**
 * The web app's session as it keeps it in local storage (apps/web/src/entities/session), as an init
 * script for a browser context: the page opens signed in as `parent`, studio introduction seen.
 */
export function sessionScript(parent: StudioParent): string {
  const entries = {
    "wonderkin.session-token": parent.token,
    "wonderkin.organization-id": parent.familyId,
    // The studio shows its introduction on the first visit; this parent has seen it.
    [`wonderkin.studio-intro-seen.${parent.childId}`]: new Date().toISOString(),
  };
  return `for (const [key, value] of Object.entries(${JSON.stringify(entries)})) localStorage.setItem(key, value);`;
}

/**
 * Better Auth's session cookie, as the browser that signed in holds it (set by the sign-in answer,
 * HttpOnly): the server embeds a signed-in page's first answers for it (decision 0064).
 */
export function sessionCookie(parent: StudioParent, origin: string) {
  return {
    name: "better-auth.session_token",
    value: parent.token,
    url: origin,
    httpOnly: true,
    sameSite: "Lax" as const,
  };
}
