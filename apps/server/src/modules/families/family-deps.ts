import type PgBoss from "pg-boss";
import type { ImageModel } from "../../providers/image-model/image-model";
import type { Storage } from "../../providers/storage/storage";
import type { IdentityDeps } from "../auth/identity-deps";
import type { SafetyScreen } from "../safety/safety-screen";

/**
 * The identity dependencies, the key that signs private media addresses, where files live, and
 * what deleting a family needs beyond that: the image model (each child's model is deleted at the
 * provider) and the queue (a provider deletion that must be retried later).
 */
export type FamilyDeps = IdentityDeps & {
  mediaSecret: string;
  /** How long a signed media address works (MEDIA_URL_TTL_SECONDS). */
  mediaTtlSeconds: number;
  storage: Storage;
  imageModel: ImageModel;
  boss: PgBoss;
  /** The child-safety screen the family picture passes before it is kept (decision 0038). */
  safety: SafetyScreen;
};
