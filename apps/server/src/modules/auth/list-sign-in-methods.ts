import type { SignInMethod } from "@wonderkin/contract";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { account, user } from "../../db/schema";

const methodOfProvider: Record<string, SignInMethod> = {
  credential: "password",
  google: "google",
  facebook: "facebook",
};

/**
 * The ways an e-mail address can sign in (spec §7's sign-in-methods lookup), none when it has no
 * account. Every account can use an e-mail link, since that only needs the address.
 */
export async function listSignInMethods(db: Database, options: { email: string }): Promise<SignInMethod[]> {
  const [found] = await db.select({ id: user.id }).from(user).where(eq(user.email, options.email));
  if (!found) return [];
  const accounts = await db
    .select({ providerId: account.providerId })
    .from(account)
    .where(eq(account.userId, found.id));
  const methods = new Set<SignInMethod>();
  for (const { providerId } of accounts) {
    const method = methodOfProvider[providerId];
    if (method) methods.add(method);
  }
  methods.add("email-link");
  const order: SignInMethod[] = ["password", "google", "facebook", "email-link"];
  return order.filter((method) => methods.has(method));
}
