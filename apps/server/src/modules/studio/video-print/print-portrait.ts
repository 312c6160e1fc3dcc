import { studioErrorCodes, studioMessages } from "@wonderkin/contract";
import { and, eq, isNull } from "drizzle-orm";
import { generatedImage } from "../../../db/schema";
import { AppError } from "../../../lib/app-error";
import { changeAddOnUnits } from "../../add-ons/change-add-on-units";
import { printAllowance } from "../../add-ons/print-allowance";
import { nothingPays } from "../../subscriptions/choose-payer";
import { resolveSpending } from "../../subscriptions/resolve-spending";
import { findFamilyPortrait, portraitKeys } from "../portrait-record";
import type { StudioDeps } from "../studio-deps";

/**
 * A ready-to-print A4 (300 dpi) file of a finished portrait. Plans include a number of prints a
 * month (Oracle: 10); once those are used (or on a plan without them), a file bought with the Ready
 * to print add-on is used (decision 0033). A portrait printed once is free to fetch again. In a
 * family whose owner shares the family's credits, a member prints on the owner's plan and add-on
 * files; otherwise on their own (decision 0050).
 */
export async function printPortrait(
  deps: StudioDeps,
  options: { familyId: string; userId: string; imageId: string; now?: Date },
): Promise<{ url: string; remainingThisMonth: number; purchasedLeft: number }> {
  const now = options.now ?? new Date();
  const row = await findFamilyPortrait(deps.db, options);
  if (row.status !== "succeeded" || !row.storageKey) {
    throw new AppError(409, studioErrorCodes.imageNotReady, studioMessages.imageNotReady);
  }
  const spending = await resolveSpending(deps.db, { ...options, now });
  // The parent whose allowance pays; printedByUserId records them, so their month counts it.
  const payerId = spending.payer?.userId ?? options.userId;
  const before = await printAllowance(deps.db, { userId: payerId, now });
  if (!row.printKey) {
    if (before.perMonth === 0 && before.purchased === 0) {
      if (spending.blocked === "ask-owner") throw nothingPays(spending.blocked);
      throw new AppError(403, studioErrorCodes.printNotIncluded, studioMessages.printNotIncluded);
    }
    if (before.leftThisMonth === 0 && before.purchased === 0) {
      throw new AppError(409, studioErrorCodes.printAllowanceUsed, studioMessages.printAllowanceUsed);
    }
    const source = before.leftThisMonth > 0 ? "plan" : "add-on";
    const portrait = await deps.storage.get(row.storageKey);
    if (!portrait) throw new AppError(409, studioErrorCodes.imageNotReady, studioMessages.imageNotReady);
    const { printKey } = portraitKeys(row.organizationId, row.childId, row.id);
    await deps.storage.put(printKey, await deps.imageWork.makePrintFile({ portrait }), "image/jpeg");
    // Two clicks at once make the same file; only the one that records it counts (and, from the
    // add-on, takes its file in the same transaction: none is taken for a print not recorded).
    const record = deps.db.transaction(async (tx) => {
      const [marked] = await tx
        .update(generatedImage)
        .set({ printKey, printedAt: now, printedByUserId: payerId, printSource: source })
        .where(and(eq(generatedImage.id, row.id), isNull(generatedImage.printKey)))
        .returning({ id: generatedImage.id });
      if (marked && source === "add-on") {
        await changeAddOnUnits(tx, {
          userId: payerId,
          unit: "print",
          delta: -1,
          kind: "use",
          reference: `print:${row.id}`,
          note: "Ready-to-print A4 file",
        });
      }
      return Boolean(marked);
    });
    const refused = await record.then(
      () => null,
      (error: unknown) => error,
    );
    const [still] = await deps.db
      .select({ id: generatedImage.id, printKey: generatedImage.printKey })
      .from(generatedImage)
      .where(eq(generatedImage.id, row.id));
    if (!still?.printKey) {
      // Deleted (with its child or family) while the print file was made, or its add-on file was
      // taken meanwhile by another print: the file must not stay.
      await deps.storage.delete([printKey]);
      if (!still) throw new AppError(404, studioErrorCodes.imageNotFound, studioMessages.imageNotFound);
      throw (
        refused ?? new AppError(409, studioErrorCodes.printAllowanceUsed, studioMessages.printAllowanceUsed)
      );
    }
    row.printKey = printKey;
  }
  const after = await printAllowance(deps.db, { userId: payerId, now });
  return {
    url: await deps.storage.signedUrl(row.printKey, { downloadName: `${row.styleId}-a4-print.jpg` }),
    remainingThisMonth: after.leftThisMonth,
    purchasedLeft: after.purchased,
  };
}
