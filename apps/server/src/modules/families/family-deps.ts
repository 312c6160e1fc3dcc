import type { Storage } from "../../providers/storage/storage";
import type { IdentityDeps } from "../auth/identity-deps";

/** The identity dependencies, the key that signs private media addresses, and where files live. */
export type FamilyDeps = IdentityDeps & { mediaSecret: string; storage: Storage };
