import { studioErrorCodes, studioMessages } from "@wonderkin/contract";
import { and, count, eq, gte, isNull } from "drizzle-orm";
import { generatedImage } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { currentPlan } from "../billing/subscription-record";
import { findFamilyPortrait, portraitKeys } from "./portrait-record";
import type { StudioDeps } from "./studio-deps";

const startOfMonth = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/**
 * A ready-to-print A4 (300 dpi) file of a finished portrait. Plans include a number of prints a
 * month (Oracle: 10); a portrait printed once is free to fetch again.
 */
export async function printPortrait(
  deps: StudioDeps,
  options: { familyId: string; userId: string; imageId: string; now?: Date },
): Promise<{ url: string; remainingThisMonth: number }> {
  const now = options.now ?? new Date();
  const row = await findFamilyPortrait(deps.db, options);
  if (row.status !== "succeeded" || !row.storageKey) {
    throw new AppError(409, studioErrorCodes.imageNotReady, studioMessages.imageNotReady);
  }
  const plan = await currentPlan(deps.db, { userId: options.userId, now });
  const allowance = plan?.entitlements.readyToPrintPerMonth ?? 0;
  if (allowance === 0)
    throw new AppError(403, studioErrorCodes.printNotIncluded, studioMessages.printNotIncluded);

  const printedThisMonth = async () => {
    const [used] = await deps.db
      .select({ prints: count() })
      .from(generatedImage)
      .where(
        and(
          eq(generatedImage.printedByUserId, options.userId),
          gte(generatedImage.printedAt, startOfMonth(now)),
        ),
      );
    return used?.prints ?? 0;
  };

  if (!row.printKey) {
    if ((await printedThisMonth()) >= allowance) {
      throw new AppError(409, studioErrorCodes.printAllowanceUsed, studioMessages.printAllowanceUsed);
    }
    const portrait = await deps.storage.get(row.storageKey);
    if (!portrait) throw new AppError(409, studioErrorCodes.imageNotReady, studioMessages.imageNotReady);
    const { printKey } = portraitKeys(row.organizationId, row.childId, row.id);
    await deps.storage.put(printKey, await deps.imageWork.makePrintFile({ portrait }), "image/jpeg");
    // Two clicks at once make the same file; only one of them counts against the allowance.
    await deps.db
      .update(generatedImage)
      .set({ printKey, printedAt: now, printedByUserId: options.userId })
      .where(and(eq(generatedImage.id, row.id), isNull(generatedImage.printKey)));
    const [still] = await deps.db
      .select({ id: generatedImage.id })
      .from(generatedImage)
      .where(eq(generatedImage.id, row.id));
    if (!still) {
      // Deleted (with its child or family) while the print file was made: it must not stay.
      await deps.storage.delete([printKey]);
      throw new AppError(404, studioErrorCodes.imageNotFound, studioMessages.imageNotFound);
    }
    row.printKey = printKey;
  }
  return {
    url: await deps.storage.signedUrl(row.printKey, { downloadName: `${row.styleId}-a4-print.jpg` }),
    remainingThisMonth: Math.max(0, allowance - (await printedThisMonth())),
  };
}
