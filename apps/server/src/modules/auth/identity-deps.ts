import type { Auth } from "../../auth/create-auth";
import type { Env } from "../../config/env";
import type { Database } from "../../db/client";
import type { Mailer } from "../../providers/mailer/mailer";

/** What the identity functions use: the database, Better Auth, the mailer and a few settings. */
export type IdentityDeps = {
  db: Database;
  auth: Auth;
  mailer: Mailer;
  env: Pick<Env, "APP_NAME" | "publicUrl" | "EMAIL_SEND_RECIPIENT_LIMIT" | "EMAIL_SEND_CLIENT_LIMIT">;
};
