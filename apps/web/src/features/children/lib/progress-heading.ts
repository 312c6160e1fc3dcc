import type { TrainingStatus } from "@wonderkin/contract";

/**
 * The progress page's heading, said as things stand: "getting ready" while photos are added and the
 * model trains, "ready" once it is trained, so a finished studio is never called unready (decision
 * 0056).
 */
export function progressHeading(child: { firstName: string; trainingStatus: TrainingStatus } | null): {
  title: string;
  description: string;
} {
  if (!child) {
    return {
      title: "Getting ready",
      description: "Photos first, then a portrait model trained on them, then the magic studio.",
    };
  }
  if (child.trainingStatus === "completed") {
    return {
      title: `${child.firstName}'s studio is ready`,
      description: `${child.firstName}'s portrait model is trained: open the studio and pick a style.`,
    };
  }
  return {
    title: `${child.firstName}'s studio is getting ready`,
    description: "Photos first, then a portrait model trained on them, then the magic studio.",
  };
}
