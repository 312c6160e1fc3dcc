import type { EmailDetail } from "./email-content";

/**
 * The receipt as the deletion e-mails show it (decision 0043). Structural, so the e-mails do not
 * import the privacy module that sends them.
 */
export type DeletionReceiptView = {
  counts: {
    photos: number;
    portraits: number;
    previews: number;
    printFiles: number;
    videos: number;
    exports: number;
    shareLinks: number;
    databaseRecords: number;
  };
  providers: { provider: string; item: string; answer: string }[];
  /** The signed receipt between its BEGIN/END markers, as `npm run admin -- verify-receipt` reads it. */
  armoured: string;
};

const providerNames: Record<string, string> = { replicate: "Replicate", local: "Our image model" };

export function deletionReceiptSection(receipt: DeletionReceiptView): {
  paragraphs: string[];
  details: EmailDetail[];
} {
  const { counts } = receipt;
  return {
    paragraphs: [
      "Your deletion receipt lists everything deleted and what our image provider answered. It is signed: keep this e-mail, and if you ever ask us about this deletion, send us the receipt below and we can confirm it is genuine and unchanged.",
      receipt.armoured,
    ],
    details: [
      { label: "Photos", value: String(counts.photos) },
      { label: "Portraits", value: String(counts.portraits) },
      { label: "Free previews", value: String(counts.previews) },
      { label: "Print files", value: String(counts.printFiles) },
      { label: "Videos", value: String(counts.videos) },
      { label: "Data exports", value: String(counts.exports) },
      { label: "Share links", value: String(counts.shareLinks) },
      { label: "Database records", value: String(counts.databaseRecords) },
      ...receipt.providers.map((entry) => ({
        label: `${providerNames[entry.provider] ?? entry.provider}, ${entry.item}`,
        value: entry.answer,
      })),
    ],
  };
}
