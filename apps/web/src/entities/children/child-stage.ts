import type { Child } from "@wonderkin/contract";

/**
 * Where a child is on the way to their studio: photos first, then a model trained on them, then
 * ready. The training starts when an owner or admin finishes the upload step with enough photos in
 * (or from the progress page and the studio, to retry); until then the child waits at "photos-in".
 */
export type ChildStage = "needs-photos" | "photos-in" | "training" | "failed" | "ready";

export function childStage(
  child: Pick<Child, "photoCount" | "trainingStatus">,
  minPhotos: number,
): ChildStage {
  switch (child.trainingStatus) {
    case "completed":
      return "ready";
    case "started":
      return "training";
    case "failed":
      return "failed";
    default:
      return child.photoCount >= minPhotos ? "photos-in" : "needs-photos";
  }
}

export type StageTone = "warning" | "primary" | "success";

/** A short label for lists (the family page) and the tone of its badge. */
export const childStageLabels: Record<ChildStage, { label: string; tone: StageTone }> = {
  "needs-photos": { label: "Needs photos", tone: "warning" },
  "photos-in": { label: "Photos in", tone: "primary" },
  training: { label: "Training", tone: "primary" },
  failed: { label: "Training failed", tone: "warning" },
  ready: { label: "Ready", tone: "success" },
};

/** "5 years old", "1 year old", "Under 1". */
export function describeAge(age: number): string {
  if (age < 1) return "Under 1 year old";
  return age === 1 ? "1 year old" : `${age} years old`;
}

/** "1 photo", "12 photos". */
export function photoCountText(count: number): string {
  return count === 1 ? "1 photo" : `${count} photos`;
}
