import { and, eq, inArray, isNull, not, or, sql } from "drizzle-orm";
import { child, generatedImage, user } from "../../../db/schema";
import { studioReadyEmail } from "../../../emails";
import type { ChildRow } from "../../children/child-record";
import { unfinishedStatuses } from "../portrait-record";
import type { StudioDeps } from "../studio-deps";
import { previewAttachments } from "./previews";

/** A preview of the child still being made. */
const previewStillComing = sql`exists (
  select 1 from ${generatedImage}
  where ${generatedImage.childId} = ${child.id}
    and ${generatedImage.kind} = 'preview'
    and ${inArray(generatedImage.status, [...unfinishedStatuses])}
)`;

/**
 * Sends the "studio ready" e-mail once it is due, and only once per training: the training has
 * completed and, when the parent asked for the previews by e-mail, none is still being made (a
 * preview can finish after the model, and would otherwise be missing from the mail). Called when
 * training completes and whenever a preview settles — succeeded, dropped, withheld or timed out
 * (the reconciler ends a stuck one within PORTRAIT_DEADLINE_MS, so the mail is late by at most that).
 * The claim is one conditional UPDATE, so of two callers settling at once one sends.
 */
export async function announceStudioIfDue(deps: StudioDeps, childId: number): Promise<void> {
  const [claimed] = await deps.db
    .update(child)
    .set({ studioAnnouncedAt: new Date() })
    .where(
      and(
        eq(child.id, childId),
        eq(child.trainingStatus, "completed"),
        isNull(child.studioAnnouncedAt),
        or(not(child.previewsByEmail), not(previewStillComing)),
      ),
    )
    .returning();
  if (claimed) await sendStudioReadyEmail(deps, claimed);
}

async function sendStudioReadyEmail(deps: StudioDeps, row: ChildRow): Promise<void> {
  if (!row.trainingStartedByUserId) return;
  const [parent] = await deps.db
    .select({ email: user.email, firstName: user.firstName })
    .from(user)
    .where(eq(user.id, row.trainingStartedByUserId));
  if (!parent) return;
  const url = `${deps.env.publicUrl}/kids/children/${row.id}/studio-intro?family=${encodeURIComponent(row.organizationId)}`;
  const previews = row.previewsByEmail ? await previewAttachments(deps, row.id) : [];
  await deps.mailer.send({
    to: parent.email,
    kind: "studio-ready",
    link: url,
    attachments: previews.map(({ attachment }) => attachment),
    ...studioReadyEmail({
      appName: deps.env.APP_NAME,
      firstName: parent.firstName,
      childName: row.firstName,
      url,
      previews: previews.map(({ attachment, title }) => ({ cid: attachment.cid, title })),
    }),
  });
}
