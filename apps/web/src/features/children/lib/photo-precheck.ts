import { photoErrorCodes, photoMessage } from "@wonderkin/contract";

export type PhotoLimits = { min: number; max: number; maxMegabytes: number };
export type PhotoProblem = { code: string; message: string };

const MEGABYTE = 1024 * 1024;
const heicTypes = new Set(["image/heic", "image/heif", "image/heic-sequence", "image/heif-sequence"]);
/** Pictures a browser knows but the server never accepts (it reads JPEG, PNG, WebP and AVIF). */
const unsupportedImageTypes = new Set([
  "image/gif",
  "image/svg+xml",
  "image/bmp",
  "image/tiff",
  "image/x-icon",
  "image/vnd.microsoft.icon",
]);
const photoExtensions = new Set(["jpg", "jpeg", "jpe", "jfif", "png", "webp", "avif"]);

function extensionOf(name: string): string | null {
  const match = /\.([a-z0-9]+)$/i.exec(name);
  return match?.[1]?.toLowerCase() ?? null;
}

/**
 * Why a chosen file is sure to be refused, found before sending it (saving the parent's data and
 * time); null when only the server can tell. The server reads the type from the bytes and checks
 * everything again, so this only catches the obvious: iPhone HEIC photos, files that are not
 * photos, empty files and files over the size limit. The words are the server's own.
 */
export function precheckPhoto(
  file: { name: string; type: string; size: number },
  limits: Pick<PhotoLimits, "maxMegabytes">,
): PhotoProblem | null {
  const type = file.type.toLowerCase();
  const extension = extensionOf(file.name);
  if (heicTypes.has(type) || extension === "heic" || extension === "heif") {
    return { code: photoErrorCodes.heic, message: photoMessage("heic") };
  }
  const notAPhoto =
    unsupportedImageTypes.has(type) ||
    (type !== "" && !type.startsWith("image/")) ||
    (type === "" && extension !== null && !photoExtensions.has(extension));
  if (notAPhoto) {
    return { code: photoErrorCodes.unsupportedType, message: photoMessage("unsupportedType") };
  }
  if (file.size === 0) return { code: photoErrorCodes.unreadable, message: photoMessage("unreadable") };
  if (file.size > limits.maxMegabytes * MEGABYTE) {
    return {
      code: photoErrorCodes.tooLarge,
      message: photoMessage("tooLarge", { maxMegabytes: limits.maxMegabytes }),
    };
  }
  return null;
}

/** "2.4 MB", "830 KB": file sizes for people. */
export function formatFileSize(bytes: number): string {
  if (bytes < MEGABYTE) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / MEGABYTE).toLocaleString("en-GB", { maximumFractionDigits: 1 })} MB`;
}
