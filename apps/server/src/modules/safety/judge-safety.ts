import type { Env } from "../../config/env";
import type { SafetyScores } from "../../image-work/safety/safety-classifier";

/** The classes the screen refuses on, each with its own threshold (decision 0038). */
export const screenedClasses = ["porn", "hentai", "sexy"] as const;
export type ScreenedClass = (typeof screenedClasses)[number];
export type SafetyThresholds = Record<ScreenedClass, number>;

export const safetyThresholdsOf = (
  env: Pick<Env, "SAFETY_PORN_THRESHOLD" | "SAFETY_HENTAI_THRESHOLD" | "SAFETY_SEXY_THRESHOLD">,
): SafetyThresholds => ({
  porn: env.SAFETY_PORN_THRESHOLD,
  hentai: env.SAFETY_HENTAI_THRESHOLD,
  sexy: env.SAFETY_SEXY_THRESHOLD,
});

/** A picture passes when no screened class reaches its threshold; `over` names the ones that did. */
export function judgeSafety(
  scores: SafetyScores,
  thresholds: SafetyThresholds,
): { passed: boolean; over: ScreenedClass[] } {
  const over = screenedClasses.filter((name) => scores[name] >= thresholds[name]);
  return { passed: over.length === 0, over };
}
