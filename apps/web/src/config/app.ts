/**
 * The product name comes from the server's APP_NAME, which it writes into index.html's
 * application-name meta tag (and the title) when it serves the page; the build default is Wonderkin.
 */
export function readAppName(doc: Document = document): string {
  return doc.querySelector<HTMLMetaElement>('meta[name="application-name"]')?.content || "Wonderkin";
}

export const appName = typeof document === "undefined" ? "Wonderkin" : readAppName();

/** Spec §2 and §9: toasts stay for 4 seconds, top-right. */
export const toastDurationMs = 4000;
