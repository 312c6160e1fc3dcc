import { authErrorCodes, authMessages } from "@wonderkin/contract";
import { and, eq, ne } from "drizzle-orm";
import { account, emailToken, session, user } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import type { IdentityDeps } from "./identity-deps";

/**
 * "This wasn't me", from the link sent to the old address after a change of address. Whoever
 * changed it knew the password, so moving the address back is not enough: in one transaction the
 * account returns to the old address, every session ends, pending links die and the password stops
 * working; then a reset link goes to the old address, the only way in that is left.
 */
export async function secureAccount(
  deps: Pick<IdentityDeps, "db" | "auth">,
  options: { userId: string; email: string },
): Promise<{ email: string }> {
  await deps.db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: user.id })
      .from(user)
      .where(and(eq(user.email, options.email), ne(user.id, options.userId)));
    if (taken) throw new AppError(409, authErrorCodes.emailInUse, authMessages.emailInUse);
    await tx
      .update(user)
      .set({ email: options.email, emailVerified: true })
      .where(eq(user.id, options.userId));
    await tx.delete(session).where(eq(session.userId, options.userId));
    await tx.delete(emailToken).where(eq(emailToken.userId, options.userId));
    await tx
      .update(account)
      .set({ password: null })
      .where(and(eq(account.userId, options.userId), eq(account.providerId, "credential")));
  });
  await deps.auth.api.requestPasswordReset({
    body: { email: options.email, redirectTo: "/reset-password" },
  });
  return { email: options.email };
}
