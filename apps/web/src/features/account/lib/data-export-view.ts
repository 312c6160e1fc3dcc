import type { DataExport } from "@wonderkin/contract";

/** While a zip is being prepared its progress is read this often. */
export const EXPORT_POLL_MS = 2000;

export function exportPollInterval(current: DataExport | null | undefined): number | false {
  return current?.status === "pending" ? EXPORT_POLL_MS : false;
}

/** What the "Download all your data" panel shows for the newest export. */
export type ExportView =
  | { kind: "none" }
  | { kind: "pending"; progress: number }
  | { kind: "ready"; url: string; byteSize: number | null; expiresAt: string | null }
  | { kind: "failed" }
  | { kind: "expired"; createdAt: string };

export function exportView(current: DataExport | null | undefined, now: Date = new Date()): ExportView {
  if (!current) return { kind: "none" };
  switch (current.status) {
    case "pending":
      return { kind: "pending", progress: current.progress };
    case "ready": {
      // The page may have stayed open past the expiry the server gave: the file is gone by then.
      const lapsed = current.expiresAt !== null && new Date(current.expiresAt).getTime() <= now.getTime();
      if (lapsed || !current.url) return { kind: "expired", createdAt: current.createdAt };
      return { kind: "ready", url: current.url, byteSize: current.byteSize, expiresAt: current.expiresAt };
    }
    case "failed":
      return { kind: "failed" };
    case "expired":
      return { kind: "expired", createdAt: current.createdAt };
  }
}

const units = ["bytes", "KB", "MB", "GB"] as const;

/** A file size as people read it: "840 KB", "12.4 MB" (1 KB = 1000 bytes, as file managers show). */
export function formatByteSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  // 999.7 KB reads "1 MB", not "1,000 KB".
  while (value >= 999.5 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  if (unit === 0) return bytes === 1 ? "1 byte" : `${bytes} bytes`;
  const digits = value < 10 ? 1 : 0;
  return `${new Intl.NumberFormat("en", { maximumFractionDigits: digits }).format(value)} ${units[unit]}`;
}
