import {
  can,
  type GalleryFilter,
  type GeneratedImage,
  studioErrorCodes,
  studioMessages,
} from "@wonderkin/contract";
import { and, desc, eq, inArray, isNotNull, lt, ne, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { preparedStatement } from "../../../db/prepared-statement";
import { generatedImage } from "../../../db/schema";
import { AppError } from "../../../lib/app-error";
import { findFamilyChild } from "../../children/child-record";
import { readCredits } from "../../credits/change-credits";
import { dropStorybooksOfPortrait } from "../../keepsakes/storybooks-of-portrait";
import { findFamilyPortrait, isUnfinished, type PortraitRow, toGeneratedImage } from "../portrait-record";
import { toGeneratedImages } from "../queue";
import { failPortrait, PORTRAIT_DEADLINE_MS, settlePortrait } from "../rendering";
import type { StudioDeps } from "../studio-deps";
import { videoKeysOf } from "../video-print";

/** The status poll asks the provider itself about portraits quiet for this long (a lost webhook). */
const SETTLE_ON_READ_AFTER_MS = 30 * 1000;

function encodeCursor(row: Pick<PortraitRow, "createdAt" | "id">): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString("base64url");
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [iso, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const createdAt = new Date(iso ?? "");
  if (!id || Number.isNaN(createdAt.getTime())) {
    throw new AppError(400, "INVALID_CURSOR", "This page of portraits is out of date: reload the gallery.");
  }
  return { createdAt, id };
}

const newestFirst = [desc(generatedImage.createdAt), desc(generatedImage.id)];

/** A failed preview is dropped, never shown: previews fail silently (previews.ts). */
const shownInGallery = or(eq(generatedImage.kind, "portrait"), ne(generatedImage.status, "failed"));

// The gallery is read on every studio visit: its two page queries are prepared once.
const firstPage = preparedStatement((db: Database) =>
  db
    .select()
    .from(generatedImage)
    .where(and(eq(generatedImage.childId, sql.placeholder("childId")), shownInGallery))
    .orderBy(...newestFirst)
    .limit(sql.placeholder("limit"))
    .prepare("wonderkin_gallery_first_page"),
);

const nextPage = preparedStatement((db: Database) =>
  db
    .select()
    .from(generatedImage)
    .where(
      and(
        eq(generatedImage.childId, sql.placeholder("childId")),
        shownInGallery,
        or(
          lt(generatedImage.createdAt, sql.placeholder("afterCreatedAt")),
          and(
            eq(generatedImage.createdAt, sql.placeholder("afterCreatedAt")),
            lt(generatedImage.id, sql.placeholder("afterId")),
          ),
        ),
      ),
    )
    .orderBy(...newestFirst)
    .limit(sql.placeholder("limit"))
    .prepare("wonderkin_gallery_next_page"),
);

/**
 * A page of the child's portraits in one style, or of the favourites (portraits only: the previews
 * have their own strip). Chosen now and then, so built per request rather than prepared.
 */
function filteredPage(
  db: Database,
  options: {
    childId: number;
    filter: GalleryFilter;
    after: { createdAt: Date; id: string } | null;
    limit: number;
  },
) {
  const conditions: SQL[] = [
    eq(generatedImage.childId, options.childId),
    eq(generatedImage.kind, "portrait"),
    "styleId" in options.filter
      ? eq(generatedImage.styleId, options.filter.styleId)
      : isNotNull(generatedImage.favouriteAt),
  ];
  const { after } = options;
  if (after) {
    const older = or(
      lt(generatedImage.createdAt, after.createdAt),
      and(eq(generatedImage.createdAt, after.createdAt), lt(generatedImage.id, after.id)),
    );
    if (older) conditions.push(older);
  }
  return db
    .select()
    .from(generatedImage)
    .where(and(...conditions))
    .orderBy(...newestFirst)
    .limit(options.limit);
}

/**
 * A child's portraits, newest first, a page at a time (the cursor survives new portraits): all of
 * them and the previews, or those of one filter.
 */
export async function listPortraits(
  deps: StudioDeps,
  options: {
    familyId: string;
    childId: number;
    cursor?: string | undefined;
    limit: number;
    filter?: GalleryFilter | undefined;
  },
): Promise<{ images: GeneratedImage[]; nextCursor: string | null }> {
  const found = await findFamilyChild(deps.db, options);
  const after = options.cursor ? decodeCursor(options.cursor) : null;
  const limit = options.limit + 1;
  const rows = options.filter
    ? await filteredPage(deps.db, { childId: found.id, filter: options.filter, after, limit })
    : after
      ? await nextPage(deps.db).execute({
          childId: found.id,
          afterCreatedAt: after.createdAt.toISOString(),
          afterId: after.id,
          limit,
        })
      : await firstPage(deps.db).execute({ childId: found.id, limit });
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  return {
    images: await toGeneratedImages(deps, page),
    nextCursor: rows.length > options.limit && last ? encodeCursor(last) : null,
  };
}

/** The page's poll: the portraits asked about, settling any that have gone quiet at the provider. */
export async function portraitStatuses(
  deps: StudioDeps,
  options: { familyId: string; imageIds: string[] },
): Promise<GeneratedImage[]> {
  const rows = await deps.db
    .select()
    .from(generatedImage)
    .where(
      and(eq(generatedImage.organizationId, options.familyId), inArray(generatedImage.id, options.imageIds)),
    );
  const now = Date.now();
  const fresh = await Promise.all(
    rows.map(async (row) => {
      const quiet = row.startedAt && now - row.startedAt.getTime() > SETTLE_ON_READ_AFTER_MS;
      if (row.providerPredictionId && quiet && isUnfinished(row)) {
        return (await settlePortrait(deps, row.id).catch(() => row)) ?? row;
      }
      return row;
    }),
  );
  return toGeneratedImages(deps, fresh);
}

/**
 * A portrait the page saw fail or stall: settle it with the provider; if it is still unfinished past
 * its deadline, end it as failed. Either way a failed portrait ends refunded and reported, once.
 */
export async function reportPortraitError(
  deps: StudioDeps,
  options: { familyId: string; userId: string; imageId: string },
): Promise<{ image: GeneratedImage; balance: number }> {
  let row = await findFamilyPortrait(deps.db, options);
  if (isUnfinished(row)) {
    row = (await settlePortrait(deps, row.id).catch(() => row)) ?? row;
    if (isUnfinished(row) && Date.now() - row.createdAt.getTime() > PORTRAIT_DEADLINE_MS) {
      await failPortrait(deps, row.id, "Took too long at the provider");
      row = await findFamilyPortrait(deps.db, options);
    }
  }
  return {
    image: toGeneratedImage(deps.storage, row),
    balance: await readCredits(deps.db, { userId: options.userId }),
  };
}

/** Deletes a finished portrait and its files: the parent who asked for it, or a role that may delete any. */
export async function deletePortrait(
  deps: StudioDeps,
  options: { familyId: string; userId: string; role: string; imageId: string },
): Promise<void> {
  const row = await findFamilyPortrait(deps.db, options);
  const own = row.requestedByUserId === options.userId;
  if (!own && !can(options.role, { resource: "image", action: "delete-any" })) {
    throw new AppError(403, studioErrorCodes.imageNotYours, studioMessages.imageNotYours);
  }
  if (isUnfinished(row)) {
    throw new AppError(409, studioErrorCodes.imageNotReady, studioMessages.imageNotReady);
  }
  const keys = [row.storageKey, row.thumbnailKey, row.printKey].filter((key): key is string => Boolean(key));
  // Its clips ("Create video") go with it: their rows by cascade, their files here.
  keys.push(...(await videoKeysOf(deps.db, row.id)));
  // The books it is in hold its pixels: one being made fails (refunded), a made one goes too.
  keys.push(...(await dropStorybooksOfPortrait(deps.db, row.id)));
  await deps.db.delete(generatedImage).where(eq(generatedImage.id, row.id));
  await deps.storage.delete(keys);
}
