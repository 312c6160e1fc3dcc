import { creditErrorCodes, creditMessages, studioErrorCodes, studioMessages } from "@wonderkin/contract";
import { ApiError } from "@/lib/api-client";
import { errorMessage } from "@/lib/error-message";

/**
 * Why asking for portraits (generate, regenerate, or "make this one" from a preview) failed, for
 * the parent: out of credits, or a family an operator paused from making portraits (decision 0038),
 * in our own words; anything else the server explained (a studio that is not open yet, a plan that
 * is needed) in its words, else `fallback`.
 */
export function portraitRequestError(error: unknown, fallback: string): string | null {
  if (!error) return null;
  if (error instanceof ApiError && error.code === creditErrorCodes.insufficientCredits)
    return creditMessages.insufficientCredits;
  if (error instanceof ApiError && error.code === studioErrorCodes.familySuspended)
    return studioMessages.familySuspended;
  return errorMessage(error, fallback);
}
