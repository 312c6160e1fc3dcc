/** Spec §4: in the attribution flow the client id is tried up to 3 times… */
export const ATTRIBUTION_CLIENT_ID_ATTEMPTS = 3;
/** …and the start-up lookup retries once (spec §9)… */
export const STARTUP_CLIENT_ID_ATTEMPTS = 2;
/** …both 1 second apart. */
export const CLIENT_ID_RETRY_MS = 1000;

export const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The analytics client id, which the analytics script writes a moment after the page loads: `read`
 * is tried `attempts` times, `intervalMs` apart, and the first id found is the answer.
 */
export async function lookUpClientId({
  read,
  attempts,
  intervalMs = CLIENT_ID_RETRY_MS,
  sleep = delay,
}: {
  read: () => string | undefined;
  attempts: number;
  intervalMs?: number;
  sleep?: (ms: number) => Promise<void>;
}): Promise<string | undefined> {
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const found = read();
    if (found) return found;
    if (attempt < attempts) await sleep(intervalMs);
  }
  return undefined;
}
