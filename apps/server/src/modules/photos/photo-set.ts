import { asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { childPhoto } from "../../db/schema";
import { looksAdult } from "./age-plausibility";
import { bytesToDescriptor, type ChildIdentity, childIdentity, type DescribedPhoto } from "./face-identity";
import { rankPhotos } from "./photo-quality";
import type { PhotoRow, PhotoVerdict } from "./photo-record";

/** A child's photos, oldest first (the order identity ties and ranking ties are settled in). */
export function loadPhotoSet(db: Database, childId: number): Promise<PhotoRow[]> {
  return db
    .select()
    .from(childPhoto)
    .where(eq(childPhoto.childId, childId))
    .orderBy(asc(childPhoto.createdAt), asc(childPhoto.id));
}

/** The photos whose faces were described (face checks on when they were uploaded). */
export function describedPhotos(rows: Pick<PhotoRow, "id" | "faceDescriptor">[]): DescribedPhoto[] {
  return rows.flatMap((row) =>
    row.faceDescriptor ? [{ id: row.id, descriptor: bytesToDescriptor(row.faceDescriptor) }] : [],
  );
}

/**
 * What the page says about each photo of a child's set: whose face it shows, whether it looks like
 * an adult, and how it ranks. Computed from the rows each time (a set is at most a few dozen photos),
 * so it follows every upload and removal.
 */
export function judgePhotoSet(
  rows: PhotoRow[],
  options: { childAge: number; threshold: number },
): { identity: ChildIdentity; verdicts: Map<string, PhotoVerdict> } {
  const described = describedPhotos(rows);
  const identity = childIdentity(described, options.threshold);
  const descriptors = new Map(described.map((photo) => [photo.id, photo.descriptor]));
  const ranks = rankPhotos(
    rows.map((row) => ({ ...row, descriptor: descriptors.get(row.id) ?? null })),
    identity.reference,
    options.threshold,
  );
  const verdicts = new Map<string, PhotoVerdict>();
  for (const row of rows) {
    const ranked = ranks.get(row.id);
    verdicts.set(row.id, {
      identity: identity.identities.get(row.id) ?? "unchecked",
      looksAdult: looksAdult(row, options.childAge),
      qualityRank: ranked?.rank ?? rows.length,
      qualityIssues: ranked?.issues ?? [],
    });
  }
  return { identity, verdicts };
}

/**
 * The child's photos (or, with `photoIds`, those of them: a yearly update's), best first
 * (photo-quality.ts): a model that uses a few uses the best.
 */
export async function photosBestFirst(
  db: Database,
  options: { childId: number; childAge: number; threshold: number; photoIds?: string[] },
): Promise<PhotoRow[]> {
  const set = await loadPhotoSet(db, options.childId);
  const chosen = options.photoIds ? new Set(options.photoIds) : null;
  const rows = chosen ? set.filter((row) => chosen.has(row.id)) : set;
  const { verdicts } = judgePhotoSet(rows, { childAge: options.childAge, threshold: options.threshold });
  const rank = (id: string) => verdicts.get(id)?.qualityRank ?? rows.length;
  return rows.sort((a, b) => rank(a.id) - rank(b.id));
}
