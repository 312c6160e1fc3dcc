import { eq } from "drizzle-orm";
import { user } from "../../db/schema";
import { storybookReadyEmail } from "../../emails";
import type { KeepsakeDeps } from "./keepsake-deps";
import { type StorybookRow, storybookDownloadName } from "./storybook-record";

/** How long the e-mail's link works; the studio gives fresh ones for as long as the book is kept. */
export const STORYBOOK_LINK_TTL_SECONDS = 7 * 24 * 60 * 60;

/** E-mails the parent who ordered the book a signed link to its PDF. */
export async function sendStorybookReady(
  deps: Pick<KeepsakeDeps, "db" | "storage" | "mailer" | "env">,
  row: StorybookRow,
  childName: string,
): Promise<void> {
  if (!row.requestedByUserId || !row.storageKey) return;
  const [parent] = await deps.db
    .select({ email: user.email, firstName: user.firstName })
    .from(user)
    .where(eq(user.id, row.requestedByUserId));
  if (!parent) return;
  const signed = await deps.storage.signedUrl(row.storageKey, {
    downloadName: storybookDownloadName(row.title),
    expiresInSeconds: STORYBOOK_LINK_TTL_SECONDS,
  });
  const url = signed.startsWith("/") ? `${deps.env.publicUrl}${signed}` : signed;
  const studioUrl = `${deps.env.publicUrl}/kids/children/${row.childId}/magic-studio?family=${encodeURIComponent(row.organizationId)}`;
  await deps.mailer.send({
    to: parent.email,
    kind: "storybook-ready",
    link: url,
    ...storybookReadyEmail({
      appName: deps.env.APP_NAME,
      firstName: parent.firstName,
      childName,
      title: row.title,
      pages: row.pages.length + 2,
      url,
      linkValidFor: "7 days",
      studioUrl,
    }),
  });
}
