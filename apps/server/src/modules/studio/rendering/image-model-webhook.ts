import { and, eq } from "drizzle-orm";
import { child, childYearlyUpdate, generatedImage, webhookEvent } from "../../../db/schema";
import type { StudioDeps } from "../studio-deps";
import { settleTraining } from "../training";
import { settleYearlyUpdate } from "../yearly-update";
import { settlePortrait } from "./portrait-lifecycle";

export type VerifiedWebhook = { webhookId: string; kind: "training" | "prediction"; runId: string };

/**
 * Settles the run a verified webhook is about. Settling asks the provider for the current state,
 * so duplicates and reordering are harmless; the delivery id is recorded only to skip repeats cheaply.
 */
export async function handleImageModelWebhook(
  deps: StudioDeps,
  webhook: VerifiedWebhook,
): Promise<"duplicate" | "unknown-run" | "settled"> {
  const eventId = `${deps.imageModel.name}:${webhook.webhookId}`;
  const [seen] = await deps.db.select().from(webhookEvent).where(eq(webhookEvent.eventId, eventId));
  if (seen) return "duplicate";
  let known = false;
  if (webhook.kind === "training") {
    const [row] = await deps.db
      .select({ id: child.id })
      .from(child)
      .where(eq(child.trainingProviderId, webhook.runId));
    const [update] = row
      ? []
      : await deps.db
          .select({ id: childYearlyUpdate.id })
          .from(childYearlyUpdate)
          .where(eq(childYearlyUpdate.providerId, webhook.runId));
    if (row) await settleTraining(deps, row.id);
    else if (update) await settleYearlyUpdate(deps, update.id);
    known = Boolean(row ?? update);
  } else {
    const [row] = await deps.db
      .select({ id: generatedImage.id })
      .from(generatedImage)
      .where(and(eq(generatedImage.providerPredictionId, webhook.runId)));
    if (row) {
      known = true;
      await settlePortrait(deps, row.id);
    }
  }
  // Recorded after settling: a delivery that failed half-way is worked again when it is retried.
  await deps.db
    .insert(webhookEvent)
    .values({ eventId, provider: deps.imageModel.name, type: webhook.kind })
    .onConflictDoNothing();
  return known ? "settled" : "unknown-run";
}
