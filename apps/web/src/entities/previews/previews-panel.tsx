import { type Child, type GeneratedImage, type Previews, studioMessages } from "@wonderkin/contract";
import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { PreviewTiles } from "./preview-tiles";
import { usePreviews } from "./previews-api";

/**
 * A child's free previews where the training is followed (the progress page, the studio before it
 * opens): made from a few of the child's best photos while the model trains, so the parent has
 * something to look at during the wait. Nothing shows until a set exists, and a read that failed
 * says nothing either (previews are a bonus); a preview service that failed gets one calm line,
 * since it never stands in the way of training.
 */
export function PreviewsPanel({
  familyId,
  child,
  photosReady,
  action,
  footer,
}: {
  familyId: string;
  /** The live training status: the set is watched while the model trains. */
  child: Pick<Child, "id" | "firstName" | "trainingStatus">;
  /** The child has the photos a preview set needs: before that, there is nothing to ask about. */
  photosReady: boolean;
  /** What can be done with a finished preview, under its tile (the progress page's "Change style"). */
  action?: (image: GeneratedImage, previews: Previews) => ReactNode;
  /** What the page adds under the previews (the progress page's e-mail switch). */
  footer?: (previews: Previews) => ReactNode;
}) {
  const name = child.firstName;
  const trained = child.trainingStatus === "completed";
  const previews = usePreviews(familyId, child.id, {
    trainingRunning: child.trainingStatus === "started",
    enabled: photosReady || child.trainingStatus !== null,
  });
  const data = previews.data;

  if (!data || data.status === "none") return null;
  if (data.status === "unavailable") {
    return (
      <p className="px-1 text-sm text-muted" data-testid="previews-unavailable">
        {studioMessages.previewsUnavailable}
      </p>
    );
  }

  return (
    <Card padding="sm" data-testid="previews-section">
      <section aria-labelledby="previews-title">
        <h2
          id="previews-title"
          className="font-sans text-sm font-bold tracking-wide text-primary-700 uppercase"
        >
          Previews
        </h2>
        <p className="mt-1.5 text-muted">
          Free previews, made from {name}'s photos while the model {trained ? "trained" : "trains"}. Portraits
          from {name}'s own model look more like {name}
          {trained ? ": in the studio, you can make any of these with it." : "."}
        </p>
        <PreviewTiles
          images={data.images}
          childName={name}
          action={(image) => action?.(image, data)}
          className="mt-4"
        />
        {footer?.(data)}
      </section>
    </Card>
  );
}
