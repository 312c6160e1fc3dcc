import { randomUUID } from "node:crypto";
import {
  type CreateStorybookRequest,
  defaultStorybookCaption,
  STORYBOOK_MAX_PAGES,
  STORYBOOK_MIN_PAGES,
  type Storybook,
  type StorybookAllowance,
  storybookErrorCodes,
  storybookMessages,
} from "@wonderkin/contract";
import { eq } from "drizzle-orm";
import { storybook, user } from "../../db/schema";
import { sendJobInTransaction } from "../../jobs/send-in-transaction";
import { AppError } from "../../lib/app-error";
import { changeAddOnUnits, readAddOnBalance } from "../add-ons/change-add-on-units";
import { findFamilyChild } from "../children/child-record";
import { requireFamilyNotSuspended } from "../safety/family-suspension";
import { nothingPays } from "../subscriptions/choose-payer";
import { resolveSpending } from "../subscriptions/resolve-spending";
import type { KeepsakeDeps } from "./keepsake-deps";
import { makeStorybookJob } from "./keepsake-job-specs";
import { planHasStorybooks, storybookAllowance } from "./storybook-allowance";
import { findBookPortraits } from "./storybook-portraits";
import { toStorybook } from "./storybook-record";

function checkPageCount(pages: CreateStorybookRequest["pages"]): void {
  if (pages.length < STORYBOOK_MIN_PAGES) {
    throw new AppError(400, storybookErrorCodes.tooFewPages, storybookMessages.tooFewPages);
  }
  if (pages.length > STORYBOOK_MAX_PAGES) {
    throw new AppError(400, storybookErrorCodes.tooManyPages, storybookMessages.tooManyPages);
  }
  if (new Set(pages.map(({ imageId }) => imageId)).size !== pages.length) {
    throw new AppError(400, storybookErrorCodes.samePortraitTwice, storybookMessages.samePortraitTwice);
  }
}

/**
 * Orders a storybook (decision 0067). Every check comes before anything is spent: the page count,
 * the child, the plan, each portrait (a finished picture of this child). Then, in ONE transaction
 * under the paying parent's locked row, the plan's book of the month (or else a Storybook add-on
 * unit) is taken, the book written and its job queued: two orders at once cannot both take the
 * month's one book, and no book is made unpaid. The answer comes at once; the worker makes the PDF.
 */
export async function createStorybook(
  deps: KeepsakeDeps,
  options: { familyId: string; userId: string; request: CreateStorybookRequest; now?: Date },
): Promise<{ storybook: Storybook; allowance: StorybookAllowance }> {
  const { request } = options;
  const now = options.now ?? new Date();
  checkPageCount(request.pages);
  const kid = await findFamilyChild(deps.db, { familyId: options.familyId, childId: request.childId });
  await requireFamilyNotSuspended(deps.db, options.familyId);

  const spending = await resolveSpending(deps.db, { ...options, now });
  const payerId = spending.payer?.userId ?? options.userId;
  const plan = spending.payer?.plan ?? null;
  if (!planHasStorybooks(plan)) {
    const bought = await readAddOnBalance(deps.db, { userId: payerId, unit: "book" });
    if (bought === 0) {
      if (spending.blocked === "ask-owner") throw nothingPays(spending.blocked);
      throw new AppError(403, storybookErrorCodes.notIncluded, storybookMessages.notIncluded);
    }
  }

  const portraits = await findBookPortraits(deps.db, {
    familyId: options.familyId,
    childId: kid.id,
    imageIds: request.pages.map(({ imageId }) => imageId),
  });

  const id = randomUUID();
  const pages = request.pages.map((page, index) => ({
    imageId: page.imageId,
    caption: page.caption || defaultStorybookCaption(portraits[index]?.styleId ?? "", kid.firstName),
  }));
  const row = await deps.db.transaction(async (tx) => {
    // The paying parent's row, locked: the month's count below cannot change until this commits.
    await tx.select({ id: user.id }).from(user).where(eq(user.id, payerId)).for("update");
    const before = await storybookAllowance(tx, { userId: payerId, plan, now });
    const paidWith = before.leftThisMonth > 0 ? "plan" : "add-on";
    const creditReference = paidWith === "add-on" ? `storybook:${id}` : null;
    if (creditReference) {
      if (before.purchased === 0) {
        throw before.perMonth > 0
          ? new AppError(409, storybookErrorCodes.allowanceUsed, storybookMessages.allowanceUsed)
          : new AppError(409, storybookErrorCodes.addOnNeeded, storybookMessages.addOnNeeded);
      }
      await changeAddOnUnits(tx, {
        userId: payerId,
        unit: "book",
        delta: -1,
        kind: "use",
        reference: creditReference,
        note: "Storybook",
      });
    }
    const [inserted] = await tx
      .insert(storybook)
      .values({
        id,
        childId: kid.id,
        organizationId: options.familyId,
        requestedByUserId: options.userId,
        paidByUserId: payerId,
        paidWith,
        creditReference,
        title: request.title,
        format: request.format,
        pages,
        createdAt: now,
      })
      .returning();
    await sendJobInTransaction(tx, deps.boss, makeStorybookJob, { storybookId: id });
    return inserted;
  });
  if (!row) throw new Error("The storybook was not written");
  deps.wakeWorker?.(makeStorybookJob.name);
  return {
    storybook: await toStorybook(deps.storage, row),
    allowance: await storybookAllowance(deps.db, { userId: payerId, plan, now }),
  };
}
