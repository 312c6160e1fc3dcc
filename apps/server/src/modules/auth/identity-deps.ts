import type { Env } from "../../config/env";
import type { Database } from "../../db/client";
import type { Mailer } from "../../providers/mailer/mailer";
import type { Auth } from "./better-auth/create-auth";
import type { PasswordCheck } from "./password-check";

/** What the identity functions use: the database, Better Auth, the mailer and a few settings. */
export type IdentityDeps = {
  db: Database;
  auth: Auth;
  mailer: Mailer;
  /** Re-authentication before a change of e-mail address. */
  checkPassword: PasswordCheck;
  env: Pick<Env, "APP_NAME" | "publicUrl" | "EMAIL_SEND_RECIPIENT_LIMIT" | "EMAIL_SEND_CLIENT_LIMIT">;
};
