import { eq } from "drizzle-orm";
import { zipSync } from "fflate";
import { dataExport } from "../../db/schema";
import { renderInvoicePdf } from "../billing/render-invoice-pdf";
import { collectExportData, type ExportData } from "./collect-export-data";
import { EXPORT_RETENTION_DAYS, stillPending } from "./data-export";
import { exportDocument, invoiceExportPath } from "./export-document";
import { exportReadme } from "./export-readme";
import { exportKey } from "./export-storage-keys";
import { gatherExportFiles } from "./gather-export-files";
import type { PrivacyDeps } from "./privacy-deps";
import { sendDataExportReady } from "./send-data-export-ready";

/**
 * The export job: reads everything (collectExportData), copies every training photo and portrait
 * into the zip (reporting progress as it goes), stores it under exports/{userId}/ and marks it ready
 * for EXPORT_RETENTION_DAYS, then e-mails the parent a signed link. Any failure marks it failed, so
 * the parent can ask again.
 */
export async function buildDataExport(deps: PrivacyDeps, exportId: string, now = new Date()): Promise<void> {
  const [row] = await deps.db.select().from(dataExport).where(eq(dataExport.id, exportId));
  if (row?.status !== "pending") return;
  const progress = async (percent: number) => {
    await deps.db.update(dataExport).set({ progress: percent }).where(stillPending(exportId));
  };
  const key = exportKey(row.userId, exportId);
  let ready: typeof row | undefined;
  let person: ExportData["person"] | undefined;
  try {
    const data = await collectExportData(deps.db, row.userId);
    if (!data) return;
    person = data.person;
    await progress(5);

    const { entries, files } = await gatherExportFiles(deps.storage, data, progress);
    for (const { invoice, ...paid } of data.invoices) {
      entries[invoiceExportPath(invoice.number)] = await renderInvoicePdf(invoice, paid);
    }
    const document = exportDocument(data, files, now, { publicUrl: deps.env.publicUrl });
    entries["export.json"] = new TextEncoder().encode(JSON.stringify(document, null, 2));
    entries["README.txt"] = new TextEncoder().encode(exportReadme(deps.env.APP_NAME));
    // Photos are JPEGs already: storing them spares the CPU and changes nothing in size.
    const zip = Buffer.from(zipSync(entries, { level: 0, mtime: now }));
    await progress(95);
    await deps.storage.put(key, zip, "application/zip");

    const expiresAt = new Date(now.getTime() + EXPORT_RETENTION_DAYS * 86_400_000);
    [ready] = await deps.db
      .update(dataExport)
      .set({ status: "ready", progress: 100, storageKey: key, byteSize: zip.length, readyAt: now, expiresAt })
      .where(stillPending(exportId))
      .returning();
  } catch (error) {
    await deps.storage.delete([key]).catch(() => undefined);
    await deps.db
      .update(dataExport)
      .set({ status: "failed", error: error instanceof Error ? error.message.slice(0, 500) : "failed" })
      .where(stillPending(exportId));
    throw error;
  }
  if (!ready?.expiresAt || !person) {
    // The account (or the export) went meanwhile: the file must not outlive it.
    await deps.storage.delete([key]);
    return;
  }
  await sendDataExportReady(deps, { key, ready, expiresAt: ready.expiresAt, person });
}
