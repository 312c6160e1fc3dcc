import { FAMILY_PICTURE_MAX_BYTES } from "@wonderkin/contract";

/** What the picture input offers; the server reads the real type from the bytes anyway. */
export const acceptedPictureTypes = ["image/jpeg", "image/png", "image/webp"] as const;

function megabytes(bytes: number): string {
  return (bytes / (1024 * 1024)).toLocaleString(undefined, { maximumFractionDigits: 1 });
}

/** Why a chosen file cannot be a family or profile picture, in words for the parent; null when it can. */
export function pictureFileProblem(file: { type: string; size: number }): string | null {
  if (!(acceptedPictureTypes as readonly string[]).includes(file.type)) {
    return "Choose a JPEG, PNG or WebP picture.";
  }
  if (file.size === 0) return "That file is empty. Choose another picture.";
  if (file.size > FAMILY_PICTURE_MAX_BYTES) {
    return `That picture is ${megabytes(file.size)} MB. Choose one of at most ${megabytes(FAMILY_PICTURE_MAX_BYTES)} MB.`;
  }
  return null;
}

/** The file as a data URL, which is how the picture travels to the server. */
export function readFileAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === "string" ? resolve(reader.result) : reject(new Error("Unreadable file"));
    reader.onerror = () => reject(reader.error ?? new Error("Unreadable file"));
    reader.readAsDataURL(file);
  });
}
