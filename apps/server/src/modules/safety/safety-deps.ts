import type { SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import type { generatedImage } from "../../db/schema";
import type { Storage } from "../../providers/storage/storage";
import type { SafetyScreen } from "./safety-screen";

type PortraitRow = typeof generatedImage.$inferSelect;

/**
 * How a released picture reaches its family. The studio, photos and families own these writes and
 * call the safety screen themselves, so safety takes them as values the composition root fills
 * (compose-domain.ts) instead of importing them back: the modules' imports point one way.
 */
export type ReleaseDelivery = {
  /** The studio's portrait writer: files stored, row finished where `update.where` still holds. */
  storePortrait(
    row: PortraitRow,
    picture: Uint8Array,
    update: { where: SQL | undefined; set: Partial<PortraitRow> },
  ): Promise<PortraitRow | null | "gone">;
  /** The photo pipeline's upload of one photo; throws an AppError when the set refuses it. */
  uploadPhoto(photo: {
    userId: string;
    familyId: string;
    childId: number;
    bytes: Buffer;
    screening: "released";
  }): Promise<unknown>;
  /** Sets the family's picture (the 256 px crop that was screened). */
  setFamilyPicture(familyId: string, webp: Buffer): Promise<void>;
};

/** What the safety module's jobs use: the held items, their kept copies and the way out. */
export type SafetyDeps = {
  db: Database;
  storage: Storage;
  safety: SafetyScreen;
  deliver: ReleaseDelivery;
};
