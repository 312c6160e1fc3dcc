import { creditErrorCodes, creditMessages } from "@wonderkin/contract";
import { ApiError } from "@/lib/api-client";
import { errorMessage } from "@/lib/error-message";

/**
 * Why asking for portraits (generate, regenerate, or "make this one" from a preview) failed, for
 * the parent: out of credits in our own words, anything else the server explained (a studio that
 * is not open yet, a plan that is needed) in its words, else `fallback`.
 */
export function portraitRequestError(error: unknown, fallback: string): string | null {
  if (!error) return null;
  if (error instanceof ApiError && error.code === creditErrorCodes.insufficientCredits)
    return creditMessages.insufficientCredits;
  return errorMessage(error, fallback);
}
