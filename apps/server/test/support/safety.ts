import { createHash } from "node:crypto";
import sharp from "sharp";
import type { SafetyClassifier, SafetyScores } from "../../src/image-work/safety/safety-classifier";

/** What the real classifier answers for an everyday picture. */
export const NEUTRAL_SCORES: SafetyScores = {
  drawing: 0.02,
  hentai: 0.01,
  neutral: 0.95,
  porn: 0.01,
  sexy: 0.01,
};
/** Far over every default threshold. */
export const UNSAFE_SCORES: SafetyScores = {
  drawing: 0,
  hentai: 0.02,
  neutral: 0.01,
  porn: 0.95,
  sexy: 0.02,
};

export type ClassifiedPicture = {
  sha256: string;
  width: number;
  height: number;
  verdict: "neutral" | "unsafe";
};

/**
 * A deterministic stand-in for the safety classifier (the real one takes ≈ 13 s to load per
 * thread): it decodes every picture it is given, as the real one does (so bytes that are not a
 * picture fail the same way), records what it saw, and answers "unsafe" for the pictures a test
 * marks — by content (`flagWhen`) or for the next N classifications (`flagNext`) — and neutral
 * scores otherwise.
 */
export function createSafetyDouble() {
  const seen: ClassifiedPicture[] = [];
  let flagNextCount = 0;
  let flagWhen: ((picture: { sha256: string }) => boolean) | null = null;
  const classifier: SafetyClassifier = {
    async classify({ bytes }) {
      const { width = 0, height = 0 } = await sharp(bytes, { failOn: "error" }).metadata();
      const sha256 = createHash("sha256").update(bytes).digest("hex");
      let unsafe = flagWhen?.({ sha256 }) ?? false;
      if (!unsafe && flagNextCount > 0) {
        flagNextCount -= 1;
        unsafe = true;
      }
      seen.push({ sha256, width, height, verdict: unsafe ? "unsafe" : "neutral" });
      return unsafe ? { ...UNSAFE_SCORES } : { ...NEUTRAL_SCORES };
    },
  };
  return {
    classifier,
    /** Every picture classified so far, in order. */
    seen,
    /** The next `count` pictures classified are unsafe. */
    flagNext(count: number) {
      flagNextCount = count;
    },
    /** Pictures for which `predicate` holds are unsafe (null: none). */
    flagWhen(predicate: ((picture: { sha256: string }) => boolean) | null) {
      flagWhen = predicate;
    },
    reset() {
      seen.length = 0;
      flagNextCount = 0;
      flagWhen = null;
    },
  };
}

export type SafetyDouble = ReturnType<typeof createSafetyDouble>;
