import { dataExportReadyEmail } from "../../emails";
import { type DataExportRow, exportDownloadName } from "./data-export";
import type { PrivacyDeps } from "./privacy-deps";

/** How long the link in the e-mail works; the privacy page gives fresh ones until the export expires. */
export const EXPORT_LINK_TTL_SECONDS = 24 * 60 * 60;

/** E-mails the parent a signed link to their finished export, stored under `key`. */
export async function sendDataExportReady(
  deps: Pick<PrivacyDeps, "storage" | "mailer" | "env">,
  options: {
    key: string;
    ready: Pick<DataExportRow, "createdAt">;
    expiresAt: Date;
    person: { email: string; firstName: string };
  },
): Promise<void> {
  const { key, ready, expiresAt, person } = options;
  const signed = await deps.storage.signedUrl(key, {
    downloadName: exportDownloadName(deps.env.APP_NAME, ready),
    expiresInSeconds: EXPORT_LINK_TTL_SECONDS,
  });
  const url = signed.startsWith("/") ? `${deps.env.publicUrl}${signed}` : signed;
  await deps.mailer.send({
    to: person.email,
    kind: "data-export-ready",
    link: url,
    ...dataExportReadyEmail({
      appName: deps.env.APP_NAME,
      firstName: person.firstName,
      url,
      linkValidFor: "24 hours",
      availableUntil: expiresAt.toUTCString().replace(/ \d\d:\d\d:\d\d GMT$/, ""),
      accountUrl: `${deps.env.publicUrl}/account/settings`,
    }),
  });
}
