import type { EmailContent, EmailDetail } from "./email-content";

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
    storybooks?: number | undefined;
    series?: number | undefined;
    exports: number;
    shareLinks: number;
    databaseRecords: number;
  };
  providers: { provider: string; item: string; answer: string }[];
  /** The signed receipt between its BEGIN/END markers, as `npm run admin -- verify-receipt` reads it. */
  armoured: string;
};

const providerNames: Record<string, string> = { replicate: "Replicate", local: "Our image model" };

/** A deletion e-mail with its receipt: a sentence, the table of what went, the signed block last. */
export function withDeletionReceipt(content: EmailContent, receipt: DeletionReceiptView): EmailContent {
  const section = deletionReceiptSection(receipt);
  return {
    ...content,
    paragraphs: [...content.paragraphs, ...section.paragraphs],
    details: section.details,
    appendix: section.appendix,
  };
}

function deletionReceiptSection(receipt: DeletionReceiptView): {
  paragraphs: string[];
  details: EmailDetail[];
  appendix: { intro: string; block: string };
} {
  const { counts } = receipt;
  return {
    paragraphs: ["Your deletion receipt: everything we deleted, and what our image provider answered."],
    appendix: {
      intro:
        "The same receipt, signed by us. Keep this e-mail: if you ever ask us about this deletion, send us this block and we can confirm it is genuine and unchanged.",
      block: receipt.armoured,
    },
    details: [
      { label: "Photos", value: String(counts.photos) },
      { label: "Portraits", value: String(counts.portraits) },
      { label: "Free previews", value: String(counts.previews) },
      { label: "Print files", value: String(counts.printFiles) },
      { label: "Videos", value: String(counts.videos) },
      { label: "Storybooks", value: String(counts.storybooks ?? 0) },
      { label: "Yearly series", value: String(counts.series ?? 0) },
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
