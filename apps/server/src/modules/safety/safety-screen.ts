import { createHash } from "node:crypto";
import type { Env } from "../../config/env";
import type { SafetyClassifier, SafetyScores } from "../../image-work/safety/safety-classifier";
import { judgeSafety, type SafetyThresholds, type ScreenedClass, safetyThresholdsOf } from "./judge-safety";

/** What is screened: a parent's uploads, or the pictures we make. */
export type SafetySubject = "photo" | "family_picture" | "preview" | "portrait";
export type SafetyOutcome = "passed" | "refused" | "withheld";

export const isUpload = (subject: SafetySubject) => subject === "photo" || subject === "family_picture";

/** The outcome a failed check has for a subject: an upload is refused, a picture we made withheld. */
export const failedOutcome = (subject: SafetySubject): SafetyOutcome =>
  isUpload(subject) ? "refused" : "withheld";

export type SafetyLogger = { warn(details: Record<string, unknown>, message: string): void };

/**
 * The child-safety screen (decision 0038), built once in the composition root and shared by the
 * HTTP app (uploads) and the worker (portraits): the classifier, its thresholds, how long a held
 * picture is kept, and where each check is counted.
 */
export type SafetyScreen = {
  /** null with SAFETY_SCREENING=off: nothing is classified, every picture passes. */
  classifier: SafetyClassifier | null;
  thresholds: SafetyThresholds;
  /** Days a held picture is kept, encrypted, for review (0: only its hash and scores). */
  quarantineDays: number;
  /** The deployment's secret, from which the quarantine's encryption key is derived. */
  secret: string;
  logger: SafetyLogger;
  /** Counts one check (the `wonderkin_safety_checks_total` and duration metrics). */
  observe(subject: SafetySubject, outcome: SafetyOutcome, seconds: number): void;
};

export function createSafetyScreen(
  env: Pick<
    Env,
    "SAFETY_PORN_THRESHOLD" | "SAFETY_HENTAI_THRESHOLD" | "SAFETY_SEXY_THRESHOLD" | "SAFETY_QUARANTINE_DAYS"
  >,
  deps: {
    classifier: SafetyClassifier | null;
    secret: string;
    logger: SafetyLogger;
    observe?: SafetyScreen["observe"] | undefined;
  },
): SafetyScreen {
  return {
    classifier: deps.classifier,
    thresholds: safetyThresholdsOf(env),
    quarantineDays: env.SAFETY_QUARANTINE_DAYS,
    secret: deps.secret,
    logger: deps.logger,
    observe: deps.observe ?? (() => {}),
  };
}

export type ScreenVerdict =
  | { passed: true; scores: SafetyScores | null }
  | { passed: false; scores: SafetyScores; over: ScreenedClass[]; sha256: string };

export const sha256Of = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/**
 * Classifies one picture before it is stored or shown, and counts the check. A classifier that
 * fails (its thread crashed) fails the caller: nothing unscreened is let through.
 */
export async function screenPicture(
  screen: SafetyScreen,
  picture: { subject: SafetySubject; bytes: Uint8Array },
): Promise<ScreenVerdict> {
  if (!screen.classifier) return { passed: true, scores: null };
  const started = performance.now();
  const scores = await screen.classifier.classify({ bytes: picture.bytes });
  const { passed, over } = judgeSafety(scores, screen.thresholds);
  screen.observe(
    picture.subject,
    passed ? "passed" : failedOutcome(picture.subject),
    (performance.now() - started) / 1000,
  );
  return passed ? { passed, scores } : { passed, scores, over, sha256: sha256Of(picture.bytes) };
}
