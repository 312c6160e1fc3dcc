import { familyErrorCodes, familyMessages, studioErrorCodes, studioMessages } from "@wonderkin/contract";
import type { Database } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { type Payer, resolveSpending, type Spending } from "./resolve-spending";

/** The refusal for a parent with nothing to pay with: ask the owner, or choose a plan (decision 0050). */
export function nothingPays(blocked: Spending["blocked"]): AppError {
  return blocked === "ask-owner"
    ? new AppError(403, familyErrorCodes.spendingNotShared, familyMessages.spendingNotShared)
    : new AppError(403, studioErrorCodes.planRequired, studioMessages.planRequired);
}

/** Who pays for portraits a parent creates in a family, or a 403 that says what to do instead. */
export async function choosePayer(
  db: Database,
  options: { familyId: string; userId: string; now?: Date },
): Promise<Payer> {
  const spending = await resolveSpending(db, options);
  if (!spending.payer) throw nothingPays(spending.blocked);
  return spending.payer;
}
