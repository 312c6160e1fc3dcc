/**
 * Whether this browser can hand an image file to the system share sheet (phones, mostly). Where it
 * cannot, the page offers no Share button at all rather than a weaker substitute.
 */
export function canShareImageFiles(nav: Pick<Navigator, "canShare" | "share"> | undefined): boolean {
  if (!nav || typeof nav.share !== "function" || typeof nav.canShare !== "function") return false;
  try {
    return nav.canShare({ files: [new File([new Uint8Array([0])], "portrait.png", { type: "image/png" })] });
  } catch {
    return false;
  }
}

/** A file name for a shared or downloaded portrait: "mia-astronaut.webp". */
export function portraitFileName(childName: string, styleTitle: string, type: string): string {
  const slug = (text: string) =>
    text
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "");
  const extension = type === "image/png" ? "png" : type === "image/webp" ? "webp" : "jpg";
  return `${[slug(childName), slug(styleTitle)].filter(Boolean).join("-") || "portrait"}.${extension}`;
}
