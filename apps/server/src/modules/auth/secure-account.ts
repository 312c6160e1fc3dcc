import { authErrorCodes, authMessages } from "@wonderkin/contract";
import { and, eq, ne } from "drizzle-orm";
import { account, emailToken, session, user } from "../../db/schema";
import { accountNoticeEmail } from "../../emails";
import { AppError } from "../../lib/app-error";
import type { IdentityDeps } from "./identity-deps";
import { revokeAccountLinks } from "./revoke-account-links";

/**
 * "This wasn't me", from the link sent to the old address after a change of address. Whoever
 * changed it knew the password, so moving the address back is not enough: in one transaction the
 * account returns to the old address, every session ends, every pending link dies (ours, and Better
 * Auth's reset and e-mail sign-in links: a reset the intruder asked for at their address would
 * otherwise let them back in) and the password stops working; then a reset link goes to the old
 * address, the only way in that is left, and the address it was moved to is told (decision 0039).
 */
export async function secureAccount(
  deps: Pick<IdentityDeps, "db" | "auth" | "mailer" | "env">,
  options: { userId: string; email: string },
): Promise<{ email: string }> {
  const movedTo = await deps.db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: user.id })
      .from(user)
      .where(and(eq(user.email, options.email), ne(user.id, options.userId)));
    if (taken) throw new AppError(409, authErrorCodes.emailInUse, authMessages.emailInUse);
    const [current] = await tx
      .select({ email: user.email, firstName: user.firstName })
      .from(user)
      .where(eq(user.id, options.userId))
      .for("update");
    await tx
      .update(user)
      .set({ email: options.email, emailVerified: true })
      .where(eq(user.id, options.userId));
    await tx.delete(session).where(eq(session.userId, options.userId));
    await tx.delete(emailToken).where(eq(emailToken.userId, options.userId));
    await revokeAccountLinks(tx, {
      userId: options.userId,
      emails: [options.email, ...(current ? [current.email] : [])],
    });
    await tx
      .update(account)
      .set({ password: null })
      .where(and(eq(account.userId, options.userId), eq(account.providerId, "credential")));
    return current;
  });
  await deps.auth.api.requestPasswordReset({
    body: { email: options.email, redirectTo: "/reset-password" },
  });
  if (movedTo && movedTo.email !== options.email) {
    await deps.mailer.send({
      to: movedTo.email,
      kind: "account-secured",
      ...accountNoticeEmail({
        appName: deps.env.APP_NAME,
        firstName: movedTo.firstName,
        title: "This address was removed from a Wonderkin account",
        body: `The account's previous address used the "this wasn't me" link we sent it, so the account uses that address again, every session was signed out and its password was reset.\n\nIf you changed the address yourself, please get in touch with us: we can help you move it again.`,
      }),
    });
  }
  return { email: options.email };
}
