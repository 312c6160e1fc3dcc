import type { Storybook } from "@wonderkin/contract";
import { and, eq, inArray } from "drizzle-orm";
import { storybook } from "../../db/schema";
import type { Storage } from "../../providers/storage/storage";
import { childStoragePrefix } from "../storage-layout/family-storage-prefix";

export type StorybookRow = typeof storybook.$inferSelect;

/** A book unfinished this long after it was ordered has failed (and gives back what paid). */
export const STORYBOOK_DEADLINE_MS = 20 * 60 * 1000;

export const unfinishedStorybookStatuses = ["pending", "processing"] as const;
export const isUnfinishedStorybook = (row: Pick<StorybookRow, "status">) =>
  (unfinishedStorybookStatuses as readonly string[]).includes(row.status);

/** Matches the book while it is still unfinished: a late write never revives a failed book. */
export const stillUnfinishedStorybook = (id: string) =>
  and(eq(storybook.id, id), inArray(storybook.status, [...unfinishedStorybookStatuses]));

/** Under the child's prefix, so deleting the child (or the family) deletes it by prefix. */
export function storybookKey(familyId: string, childId: number, id: string): string {
  return `${childStoragePrefix(familyId, childId)}storybooks/${id}.pdf`;
}

/** "Mia's magical year" → "mias-magical-year-storybook.pdf". */
export function storybookDownloadName(title: string): string {
  return `${fileNameSlug(title) || "wonderkin"}-storybook.pdf`;
}

/** "Mia's magical year" → "mias-magical-year": lower-case ASCII words and hyphens, at most 48. */
export function fileNameSlug(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 48);
}

/** The API's view of a book, with a fresh signed download address once the PDF exists. */
export async function toStorybook(storage: Storage, row: StorybookRow): Promise<Storybook> {
  return {
    id: row.id,
    childId: row.childId,
    title: row.title,
    format: row.format as Storybook["format"],
    portraitCount: row.pages.length,
    status: row.status as Storybook["status"],
    progress: row.progress,
    paidWith: row.paidWith as Storybook["paidWith"],
    downloadUrl: row.storageKey
      ? await storage.signedUrl(row.storageKey, { downloadName: storybookDownloadName(row.title) })
      : null,
    bytes: row.bytes,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}
