import { authErrorCodes, authMessages } from "@wonderkin/contract";
import { isAPIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import { user } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { hashToken } from "../../lib/tokens";
import { recordAnalyticsEvent } from "../analytics/record-event";
import type { IdentityDeps } from "./identity-deps";

const invalidLink = () => new AppError(400, authErrorCodes.invalidSignInLink, authMessages.invalidSignInLink);

function emailOfPendingLink(value: string): string | null {
  try {
    const parsed = JSON.parse(value) as { email?: unknown };
    return typeof parsed.email === "string" ? parsed.email.toLowerCase() : null;
  } catch {
    return null;
  }
}

/**
 * Signs in with an e-mail link, once its address is confirmed by the person holding it (spec §5).
 * The address is checked before the link is used, so a mistyped address does not burn the link.
 * A new address gets a new, verified account (and its personal family).
 */
export async function completeEmailLink(
  deps: Pick<IdentityDeps, "db" | "auth">,
  options: { email: string; token: string; headers: Headers; now?: Date },
): Promise<{ token: string; isNewUser: boolean }> {
  const context = await deps.auth.$context;
  const pending = await context.internalAdapter.findVerificationValue(
    `magic-link:${hashToken(options.token)}`,
  );
  if (!pending || pending.expiresAt.getTime() <= (options.now ?? new Date()).getTime()) throw invalidLink();
  if (emailOfPendingLink(pending.value) !== options.email) throw invalidLink();

  const [existing] = await deps.db.select({ id: user.id }).from(user).where(eq(user.email, options.email));
  try {
    const result = await deps.auth.api.magicLinkVerify({
      query: { token: options.token },
      headers: options.headers,
    });
    if (!result || typeof result !== "object" || !("token" in result) || typeof result.token !== "string") {
      throw invalidLink();
    }
    if (!existing) {
      await recordAnalyticsEvent(deps.db, {
        userId: result.user.id,
        name: "signup",
        properties: { method: "email-link" },
        once: true,
      });
    }
    return { token: result.token, isNewUser: !existing };
  } catch (error) {
    if (isAPIError(error) && error.body?.code === authErrorCodes.accountDisabled) {
      throw new AppError(403, authErrorCodes.accountDisabled, authMessages.accountDisabled);
    }
    if (error instanceof AppError) throw error;
    // Better Auth reports a used or expired link as a redirect to its error page.
    if (isAPIError(error)) throw invalidLink();
    throw error;
  }
}
