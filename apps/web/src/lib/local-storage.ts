/**
 * What a server render of a signed-in page reads as this browser's storage (its session token and
 * family, decision 0066): set only while that render runs, never in a browser. The server entry
 * runs one render at a time (prerender/one-at-a-time.ts), so no other page ever reads it.
 */
let renderedOnServer: Pick<Storage, "getItem" | "setItem" | "removeItem"> | null = null;

/** Runs `render` (and the requests it awaits) with `values` as the storage, then forgets them. */
export async function withServerRenderStorage<T>(
  values: Record<string, string>,
  render: () => Promise<T>,
): Promise<T> {
  // Read-only: nothing a server render does is kept for a later one.
  renderedOnServer = { getItem: (key) => values[key] ?? null, setItem() {}, removeItem() {} };
  try {
    return await render();
  } finally {
    renderedOnServer = null;
  }
}

const storage = () => renderedOnServer ?? localStorage;

/**
 * Local storage that never throws: it is unavailable in some private modes and when the user blocks
 * site data, and a sign-in page must still work there (for this tab, at least).
 */
export function readLocal(key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

export function writeLocal(key: string, value: string): void {
  try {
    storage().setItem(key, value);
  } catch {
    // Nothing to do: the value lives only as long as this page.
  }
}

export function removeLocal(key: string): void {
  try {
    storage().removeItem(key);
  } catch {
    // As above.
  }
}
