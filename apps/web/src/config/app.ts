/**
 * The product name comes from the server's APP_NAME, which it writes into index.html's
 * application-name meta tag (and the title) when it serves the page; the build default is Wonderkin.
 */
export function readAppName(doc: Document = document): string {
  return doc.querySelector<HTMLMetaElement>('meta[name="application-name"]')?.content || "Wonderkin";
}

/**
 * On the server (the copy of a public page, decision 0037) the page is not there yet: the name is
 * the server's own APP_NAME, which it read from the same environment.
 */
function serverAppName(): string {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  return env?.APP_NAME || "Wonderkin";
}

export const appName = typeof document === "undefined" ? serverAppName() : readAppName();

/** Spec §2 and §9: toasts stay for 4 seconds, top-right. */
export const toastDurationMs = 4000;
