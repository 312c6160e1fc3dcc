import { formatCredits } from "@/entities/billing/format-credits";

export type RegenerateWords = {
  action: string;
  title: string;
  description: string;
  confirm: string;
  done: string;
  failed: string;
};

/**
 * The words of the viewer's "again" action: a free preview is made again with the child's own
 * model; a portrait gets a new version.
 */
export function regenerateWords({
  preview,
  childName,
  title,
  cost,
}: {
  preview: boolean;
  childName: string;
  title: string;
  cost: number;
}): RegenerateWords {
  return preview
    ? {
        action: `Make this one with ${childName}'s model`,
        title: `Make this one with ${childName}'s model?`,
        description: `A ${title} portrait made with ${childName}'s own model, so it looks more like ${childName}. It costs ${formatCredits(cost)}; the preview stays in the gallery.`,
        confirm: `Make it · ${formatCredits(cost)}`,
        done: "Your portrait is on its way.",
        failed: "We couldn't start the portrait. Please try again.",
      }
    : {
        action: "Regenerate",
        title: "Make a new version?",
        description: `A fresh ${title} portrait of ${childName}, with a new twist. It costs ${formatCredits(cost)}; this one stays in the gallery.`,
        confirm: `Regenerate · ${formatCredits(cost)}`,
        done: "A new version is on its way.",
        failed: "We couldn't start a new version. Please try again.",
      };
}
