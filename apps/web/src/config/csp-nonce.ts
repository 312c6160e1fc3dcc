import { setNonce } from "get-nonce";

/**
 * The server serves index.html with a Content-Security-Policy that allows inline styles only with
 * this response's nonce. Libraries that inject <style> elements (react-remove-scroll, used by Radix
 * dialogs) read it through get-nonce.
 */
export function applyCspNonce(doc: Document = document): void {
  const nonce = doc.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
  if (nonce) setNonce(nonce);
}
