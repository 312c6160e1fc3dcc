import type PgBoss from "pg-boss";
import type { Env } from "../../config/env";
import type { Database } from "../../db/client";
import type { ImageModel } from "../../providers/image-model/image-model";
import type { Mailer } from "../../providers/mailer/mailer";
import type { Payments } from "../../providers/payments/payments";
import type { Storage } from "../../providers/storage/storage";
import type { PasswordCheck } from "../auth/password-check";

/** What deletion, export and retention use; the HTTP routes and the worker build it the same way. */
export type PrivacyDeps = {
  db: Database;
  storage: Storage;
  mailer: Mailer;
  imageModel: ImageModel;
  /** Queues the provider deletions that must be retried, and the export job. */
  boss: PgBoss;
  payments: Payments;
  /** The server's auth secret: the key that signs deletion receipts is derived from it (decision 0043). */
  secret: string;
  /** Re-authentication before an account is deleted (the auth module's port). */
  checkPassword: PasswordCheck;
  /** Where problems that must not fail a deletion are reported (an undeliverable confirmation). */
  logger?: { warn(obj: object, msg: string): void };
  env: Pick<
    Env,
    | "APP_NAME"
    | "publicUrl"
    | "TRAINING_PHOTO_RETENTION_DAYS"
    | "UNVERIFIED_ACCOUNT_RETENTION_DAYS"
    | "SIGN_IN_MAX_FAILURES"
    | "SIGN_IN_FAILURE_WINDOW_MINUTES"
    | "SIGN_IN_ACCOUNT_MAX_FAILURES"
  >;
};

/** What erasing children and families needs: rows, files, and the models at the provider. */
export type ErasureDeps = Pick<PrivacyDeps, "db" | "storage" | "imageModel" | "boss">;
