/**
 * Local storage that never throws: it is unavailable in some private modes and when the user blocks
 * site data, and a sign-in page must still work there (for this tab, at least).
 */
export function readLocal(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeLocal(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Nothing to do: the value lives only as long as this page.
  }
}

export function removeLocal(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // As above.
  }
}
