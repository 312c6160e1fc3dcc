import { randomInt, randomUUID } from "node:crypto";
import {
  type CategoriesEntitlement,
  fillStylePrompt,
  findCategory,
  findStyle,
  isStyleUnlocked,
  POPULAR_CATEGORY_ID,
  type Previews,
} from "@wonderkin/contract";
import { and, asc, count, desc, eq, gte, sql } from "drizzle-orm";
import type PgBoss from "pg-boss";
import type { Database } from "../../../db/client";
import { child, generatedImage, previewSet } from "../../../db/schema";
import { sendJobInTransaction } from "../../../jobs/send-in-transaction";
import type { MailAttachment } from "../../../providers/mailer/mailer";
import { type ChildRow, currentAge, findFamilyChild } from "../../children/child-record";
import { childIdentity, photosNotOfTheChild } from "../../photos/face-identity";
import type { PhotoRow } from "../../photos/photo-record";
import { describedPhotos, photosBestFirst } from "../../photos/photo-set";
import { isFamilySuspended } from "../../safety/family-suspension";
import { findFamilyPlanHolder } from "../../subscriptions/family-plan-holder";
import { currentPlan } from "../../subscriptions/subscription-record";
import { isUnfinished } from "../portrait-record";
import { queuePriorities, queueRenders, toGeneratedImages } from "../queue";
import type { StudioDeps } from "../studio-deps";
import { makePreviewsJob, renderPortraitJob } from "../studio-job-specs";

/**
 * Instant previews (decision 0029): as soon as a child has the minimum photos, a small free set of
 * portraits made from a few of the best photos by the reference-image model, while the child's own
 * model trains. They are generated images like any other (`kind: "preview"`): rendered by the same
 * job, checked for likeness, stored, listed, deleted and exported alike; they cost nothing, are
 * watermarked "Preview", and a failed one is dropped without a word beyond "unavailable".
 */

/** What the prompt calls the child, in place of the trained model's trigger word. */
export const PREVIEW_SUBJECT = "the child in the reference photos";
/** The label burnt into every preview. */
export const PREVIEW_WATERMARK = "Preview";
/** The credit reference of a set's previews (they cost nothing): `preview:<set id>`. */
export const PREVIEW_SET_REFERENCE = "preview:";
/** How many of the best photos a preview is made from (the reference models take up to 8). */
export const PREVIEW_REFERENCE_PHOTOS = 4;
/** Sets one child may have: the first, and one more after its photos changed substantially. */
const SETS_PER_CHILD = 2;
/** A second set needs at least this share of the child's photos to be new since the first. */
const SUBSTANTIAL_CHANGE = 0.5;

/** A child's previews in the order they were asked for (a set's share one creation time). */
const previewOrder = [
  asc(generatedImage.createdAt),
  asc(generatedImage.queuePriority),
  asc(generatedImage.id),
];

/** The styles of a preview set: PREVIEW_STYLES, else the popular ones, that the plan unlocks. */
export function previewStyleIds(
  env: Pick<StudioDeps["env"], "PREVIEW_PORTRAITS" | "PREVIEW_STYLES">,
  entitlement: CategoriesEntitlement,
): string[] {
  const configured = env.PREVIEW_STYLES?.split(",");
  const popular = findCategory(POPULAR_CATEGORY_ID)?.styleIds ?? [];
  return (configured ?? popular)
    .filter((id) => findStyle(id) && isStyleUnlocked(id, entitlement))
    .slice(0, env.PREVIEW_PORTRAITS);
}

/**
 * Asks for the child's preview set, in the caller's transaction (the upload that reached the photo
 * minimum, or the start of training). The job decides whether a set is due; asking twice is harmless.
 */
export async function requestPreviews(
  tx: Database,
  deps: { boss: PgBoss },
  options: { childId: number; userId: string },
): Promise<void> {
  await sendJobInTransaction(tx, deps.boss, makePreviewsJob, options);
}

/** Whether the photos show one child (or could not be compared): previews of a mixed set are not made. */
function showsOneChild(photos: PhotoRow[], threshold: number): boolean {
  const described = describedPhotos(photos);
  if (described.length < 2) return true;
  return photosNotOfTheChild(childIdentity(described, threshold)).length === 0;
}

/** A set is due: the child's first, or a second once at least half its photos are new. */
function setIsDue(earlier: { photoIds: string[] }[], photos: PhotoRow[]): boolean {
  if (earlier.length >= SETS_PER_CHILD) return false;
  const [latest] = earlier;
  if (!latest) return true;
  const before = new Set(latest.photoIds);
  const fresh = photos.filter((photo) => !before.has(photo.id)).length;
  return fresh / photos.length >= SUBSTANTIAL_CHANGE;
}

const startOfMonth = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/**
 * The preview job: makes the child's preview set when one is due — enough photos, all of one child,
 * not yet trained, within the child's and the family's allowance — as free portraits queued for
 * rendering, in one transaction on the locked child (two requests make one set).
 */
export async function makePreviews(
  deps: StudioDeps,
  options: { childId: number; userId: string },
): Promise<number> {
  if (deps.env.PREVIEW_PORTRAITS === 0) return 0;
  const [kid] = await deps.db.select().from(child).where(eq(child.id, options.childId));
  if (!kid || kid.trainingStatus === "completed") return 0;
  if (await isFamilySuspended(deps.db, kid.organizationId)) return 0;
  // The family's plan when it has one (an admin without a plan may upload), else the uploader's.
  const holder = await findFamilyPlanHolder(deps.db, { familyId: kid.organizationId });
  const plan = holder?.plan ?? (await currentPlan(deps.db, { userId: options.userId }));
  const styleIds = plan ? previewStyleIds(deps.env, plan.entitlements.categories) : [];
  if (styleIds.length === 0) return 0;
  const threshold = deps.env.FACE_MATCH_THRESHOLD;
  const photos = await photosBestFirst(deps.db, { childId: kid.id, childAge: currentAge(kid), threshold });
  if (photos.length < deps.env.PHOTOS_MIN_PER_CHILD || !showsOneChild(photos, threshold)) return 0;

  const made = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${child} where ${child.id} = ${kid.id} for update`);
    const earlier = await tx
      .select({ photoIds: previewSet.photoIds })
      .from(previewSet)
      .where(eq(previewSet.childId, kid.id))
      .orderBy(desc(previewSet.createdAt));
    if (!setIsDue(earlier, photos)) return 0;
    const [family] = await tx
      .select({ sets: count() })
      .from(previewSet)
      .where(
        and(
          eq(previewSet.organizationId, kid.organizationId),
          gte(previewSet.createdAt, startOfMonth(new Date())),
        ),
      );
    if ((family?.sets ?? 0) >= deps.env.PREVIEW_SETS_PER_FAMILY_MONTH) return 0;

    const setId = randomUUID();
    await tx.insert(previewSet).values({
      id: setId,
      organizationId: kid.organizationId,
      childId: kid.id,
      photoIds: photos.map((photo) => photo.id),
    });
    const priorities = await queuePriorities(tx, {
      familyId: kid.organizationId,
      childId: kid.id,
      count: styleIds.length,
      regeneration: true,
    });
    const createdAt = new Date();
    const inserted = await tx
      .insert(generatedImage)
      .values(
        styleIds.map((styleId, index) => ({
          id: randomUUID(),
          kind: "preview",
          childId: kid.id,
          organizationId: kid.organizationId,
          requestedByUserId: options.userId,
          styleId,
          prompt: previewPrompt(kid, styleId),
          seed: randomInt(0, 2 ** 31 - 1),
          creditReference: `${PREVIEW_SET_REFERENCE}${setId}`,
          creditCost: 0,
          watermarked: true,
          queuePriority: priorities[index] ?? 0,
          createdAt,
        })),
      )
      .returning();
    await queueRenders(tx, deps, inserted);
    return inserted.length;
  });
  if (made > 0) deps.wakeWorker?.(renderPortraitJob.name);
  return made;
}

/** A preview's prompt: the style's, naming "the child in the reference photos". */
export function previewPrompt(kid: ChildRow, styleId: string): string {
  const style = findStyle(styleId);
  if (!style) throw new Error(`Unknown preview style ${styleId}`);
  return fillStylePrompt(style.promptTemplate, {
    trigger: PREVIEW_SUBJECT,
    age: currentAge(kid),
    gender: kid.gender === "girl" ? "girl" : "boy",
  });
}

/**
 * The child's previews as the progress page and the studio show them: the ones made or still being
 * made (failed ones are dropped), and whether the set is still coming, ready, or unavailable.
 */
export async function previewsOf(
  deps: StudioDeps,
  options: { familyId: string; childId: number },
): Promise<Previews> {
  const kid = await findFamilyChild(deps.db, options);
  const rows = await deps.db
    .select()
    .from(generatedImage)
    .where(and(eq(generatedImage.childId, kid.id), eq(generatedImage.kind, "preview")))
    .orderBy(...previewOrder);
  const shown = rows.filter((row) => row.status !== "failed");
  const status =
    rows.length === 0
      ? "none"
      : shown.some(isUnfinished)
        ? "making"
        : shown.length > 0
          ? "ready"
          : "unavailable";
  const [latest] = await deps.db
    .select({ swaps: previewSet.swaps })
    .from(previewSet)
    .where(eq(previewSet.childId, kid.id))
    .orderBy(desc(previewSet.createdAt))
    .limit(1);
  // Swaps are for the wait: once the model is trained, a style is made with it instead.
  const swapsLeft =
    latest && kid.trainingStatus !== "completed" ? Math.max(0, deps.env.PREVIEW_PORTRAITS - latest.swaps) : 0;
  return {
    status,
    images: await toGeneratedImages(deps, shown),
    byEmail: kid.previewsByEmail,
    swapsLeft,
  };
}

/** The child's finished previews as e-mail attachments (the "studio ready" mail, when asked for). */
export async function previewAttachments(
  deps: Pick<StudioDeps, "db" | "storage">,
  childId: number,
): Promise<{ attachment: MailAttachment; title: string }[]> {
  const rows = await deps.db
    .select()
    .from(generatedImage)
    .where(
      and(
        eq(generatedImage.childId, childId),
        eq(generatedImage.kind, "preview"),
        eq(generatedImage.status, "succeeded"),
      ),
    )
    .orderBy(...previewOrder);
  const found = await Promise.all(
    rows.map(async (row, index) => {
      const content = row.storageKey ? await deps.storage.get(row.storageKey) : null;
      if (!content) return null;
      const title = findStyle(row.styleId)?.title ?? row.styleId;
      const cid = `preview-${index + 1}@wonderkin`;
      const filename = `${row.styleId}-preview.jpg`;
      return { attachment: { filename, contentType: "image/jpeg", content, cid }, title };
    }),
  );
  return found.filter((entry) => entry !== null);
}

/** Whether the child's previews come with the "studio ready" e-mail. */
export async function setPreviewsByEmail(
  deps: Pick<StudioDeps, "db">,
  options: { familyId: string; childId: number; byEmail: boolean },
): Promise<{ byEmail: boolean }> {
  const kid = await findFamilyChild(deps.db, options);
  await deps.db.update(child).set({ previewsByEmail: options.byEmail }).where(eq(child.id, kid.id));
  return { byEmail: options.byEmail };
}
