import { storybookMessages } from "@wonderkin/contract";
import { eq } from "drizzle-orm";
import { child, storybook } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { changeAddOnUnits } from "../add-ons/change-add-on-units";
import { findUnitSpender } from "../add-ons/find-unit-spender";
import type { KeepsakeDeps } from "./keepsake-deps";
import { sendStorybookReady } from "./send-storybook-ready";
import { findBookPortraits } from "./storybook-portraits";
import {
  isUnfinishedStorybook,
  type StorybookRow,
  stillUnfinishedStorybook,
  storybookKey,
} from "./storybook-record";

/**
 * Ends an unfinished book as failed and gives back what paid, once: a plan's book counts again as
 * soon as its book failed (storybook-allowance.ts); an add-on unit is refunded to whoever spent it
 * (only the call that moved the book to failed refunds, and the refund's reference is unique).
 */
export async function failStorybook(
  deps: Pick<KeepsakeDeps, "db">,
  id: string,
  reason: string,
): Promise<void> {
  const [failed] = await deps.db
    .update(storybook)
    .set({ status: "failed", error: reason, completedAt: new Date() })
    .where(stillUnfinishedStorybook(id))
    .returning();
  if (!failed?.creditReference) return;
  const refundTo =
    (await findUnitSpender(deps.db, { reference: failed.creditReference })) ?? failed.paidByUserId;
  if (!refundTo) return;
  await changeAddOnUnits(deps.db, {
    userId: refundTo,
    unit: "book",
    delta: 1,
    kind: "refund",
    reference: `storybook-refund:${failed.id}`,
    note: "Storybook that could not be made",
  });
}

/**
 * The storybook job: reads the book's portraits again (one deleted since the order fails the book,
 * which spends nothing), lays them out as a print-ready PDF in the image-work pool, stores it beside
 * the child's files, marks the book made and e-mails the parent who ordered it. A book deleted with
 * its child meanwhile takes its file with it: a PDF finished after that is removed again.
 */
export async function renderStorybook(deps: KeepsakeDeps, id: string): Promise<void> {
  const [row] = await deps.db.select().from(storybook).where(eq(storybook.id, id));
  if (!row || !isUnfinishedStorybook(row)) return;
  const [kid] = await deps.db
    .select({ firstName: child.firstName })
    .from(child)
    .where(eq(child.id, row.childId));
  if (!kid) return failStorybook(deps, id, storybookMessages.portraitDeleted);
  const key = storybookKey(row.organizationId, row.childId, row.id);
  let made: StorybookRow | null;
  try {
    made = await makeStorybookFile(deps, row, kid.firstName, key);
  } catch (error) {
    await deps.storage.delete([key]).catch(() => undefined);
    await failStorybook(deps, id, storybookMessages.failed);
    throw error;
  }
  if (made) await sendStorybookReady(deps, made, kid.firstName);
}

/** The book's portraits as they are now, or null when one is gone (deleted, withheld). */
function currentPortraits(deps: Pick<KeepsakeDeps, "db">, row: StorybookRow) {
  return findBookPortraits(deps.db, {
    familyId: row.organizationId,
    childId: row.childId,
    imageIds: row.pages.map(({ imageId }) => imageId),
  }).catch((error: unknown) => {
    if (error instanceof AppError) return null;
    throw error;
  });
}

/** Makes and stores the PDF; the book's row once made, or null when it failed or went meanwhile. */
async function makeStorybookFile(
  deps: KeepsakeDeps,
  row: StorybookRow,
  childName: string,
  key: string,
): Promise<StorybookRow | null> {
  const progress = (percent: number, extra: Partial<StorybookRow> = {}) =>
    deps.db
      .update(storybook)
      .set({ progress: percent, ...extra })
      .where(stillUnfinishedStorybook(row.id));
  const portraitDeleted = async () => {
    await failStorybook(deps, row.id, storybookMessages.portraitDeleted);
    return null;
  };
  await progress(5, { status: "processing", startedAt: new Date() });
  const portraits = await currentPortraits(deps, row);
  if (!portraits) return portraitDeleted();
  const pictures: Uint8Array[] = [];
  for (const portrait of portraits) {
    const bytes = await deps.storage.get(portrait.storageKey);
    if (!bytes) return portraitDeleted();
    pictures.push(bytes);
    await progress(5 + Math.floor((35 * pictures.length) / portraits.length));
  }
  const dates = portraits.map(({ createdAt }) => createdAt.getTime());
  const pdf = await deps.imageWork.makeStorybookPdf({
    format: row.format as "a4" | "square",
    title: row.title,
    childName,
    // The first page's portrait is the cover's too.
    cover: pictures[0] as Uint8Array,
    pages: pictures.map((portrait, index) => ({ portrait, caption: row.pages[index]?.caption ?? "" })),
    firstPortraitAt: new Date(Math.min(...dates)).toISOString(),
    lastPortraitAt: new Date(Math.max(...dates)).toISOString(),
    madeAt: row.createdAt.toISOString(),
  });
  await progress(90);
  // A portrait deleted while the pages were laid out must not be printed.
  if (!(await currentPortraits(deps, row))) return portraitDeleted();
  await deps.storage.put(key, pdf, "application/pdf");
  const [made] = await deps.db
    .update(storybook)
    .set({
      status: "succeeded",
      progress: 100,
      storageKey: key,
      bytes: pdf.byteLength,
      completedAt: new Date(),
    })
    .where(stillUnfinishedStorybook(row.id))
    .returning();
  // Deleted with its child (or failed by the deadline) while it was made: the file goes too.
  if (!made) await deps.storage.delete([key]);
  return made ?? null;
}
