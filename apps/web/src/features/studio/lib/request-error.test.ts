import { creditErrorCodes, creditMessages, studioErrorCodes, studioMessages } from "@wonderkin/contract";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-client";
import { portraitRequestError } from "./request-error";

const fallback = "We couldn't start the portraits. Please try again.";

describe("portraitRequestError", () => {
  it("says plainly that a paused family can't make portraits, never a generic failure", () => {
    const error = new ApiError(403, studioErrorCodes.familySuspended, "Forbidden.");
    expect(portraitRequestError(error, fallback)).toBe(studioMessages.familySuspended);
    expect(studioMessages.familySuspended).toContain("paused for this family");
  });

  it("says the credits ran out in our words, and anything else the server explained in its own", () => {
    expect(
      portraitRequestError(new ApiError(402, creditErrorCodes.insufficientCredits, "No credits."), fallback),
    ).toBe(creditMessages.insufficientCredits);
    expect(
      portraitRequestError(
        new ApiError(409, studioErrorCodes.trainingNotCompleted, studioMessages.trainingNotCompleted),
        fallback,
      ),
    ).toBe(studioMessages.trainingNotCompleted);
  });

  it("falls back when the server did not explain, and says nothing without an error", () => {
    expect(portraitRequestError(new TypeError("Failed to fetch"), fallback)).toBe(fallback);
    expect(portraitRequestError(null, fallback)).toBeNull();
  });
});
