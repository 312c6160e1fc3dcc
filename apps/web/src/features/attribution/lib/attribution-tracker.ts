import type { Attribution } from "@wonderkin/contract/rules";
import type { AnalyticsApi } from "./analytics-api";
import {
  hasAttributionData,
  type KeyValueStorage,
  readAttribution,
  storedAttributionKey,
  writeAttribution,
} from "./attribution-record";
import { clientIdFromGaCookie, readCookie } from "./cookies";
import { gatherAttribution, landingPageOf } from "./gather-attribution";
import {
  ATTRIBUTION_CLIENT_ID_ATTEMPTS,
  CLIENT_ID_RETRY_MS,
  delay,
  lookUpClientId,
  STARTUP_CLIENT_ID_ATTEMPTS,
} from "./look-up-client-id";
import { sendIdentify } from "./send-identify";
import { type AnalyticsUser, submitUserDataOnce } from "./submit-user-data";
import { type PrivacySignals, trackingAllowed } from "./tracking-allowed";

export type AttributionDeps = {
  /** The page as it was loaded: the address (before the app redirects), its referrer, the browser. */
  page: { url: string; referrer: string; userAgent: string };
  privacy: PrivacySignals;
  storage: KeyValueStorage;
  readCookies: () => string;
  now: () => number;
  sleep?: (ms: number) => Promise<void>;
  api: AnalyticsApi;
};

/** Who is signed in, for a run: null when nobody is. `profile` once the server's record is known. */
export type TrackedUser = { id: string; emailVerified: boolean; profile?: AnalyticsUser } | null;

export type AttributionTracker = {
  /** App start (once per page load): stores what the address brings and records the visit. */
  start(): void;
  /** A run of spec §4 for the user signed in now; runs are queued, one at a time. */
  run(user: TrackedUser): Promise<void>;
};

/** Analytics never gets in a parent's way (spec §8): any failure is ignored. */
const ignoreFailure = () => undefined;

/**
 * Spec §4's attribution, once per page load and again on each run: gather, keep locally, record the
 * visit (once), and for a verified parent the identify call and submitUserDataToAnalytics. In a
 * Do-Not-Track or Global-Privacy-Control browser nothing at all happens.
 */
export function createAttributionTracker(deps: AttributionDeps): AttributionTracker {
  const { storage, api, page } = deps;
  const sleep = deps.sleep ?? delay;
  const allowed = trackingAllowed(deps.privacy);
  const readClientId = () => clientIdFromGaCookie(readCookie(deps.readCookies(), "_ga"));
  let started = false;
  let startupClientId: Promise<string | undefined> = Promise.resolve(undefined);
  let queue: Promise<void> = Promise.resolve();

  const gather = (): Attribution =>
    gatherAttribution({
      url: page.url,
      cookies: deps.readCookies(),
      referrer: page.referrer,
      now: deps.now(),
      stored: readAttribution(storage, storedAttributionKey),
    });

  /** Spec §4 and §9: kept locally, with a timestamp, when there is anything to keep. */
  const keep = (attribution: Attribution): Attribution => {
    if (!hasAttributionData(attribution)) return attribution;
    const stamped = { ...attribution, timestamp: deps.now() };
    writeAttribution(storage, storedAttributionKey, stamped);
    return stamped;
  };

  function start(): void {
    if (started || !allowed) return;
    started = true;
    startupClientId = lookUpClientId({
      read: readClientId,
      attempts: STARTUP_CLIENT_ID_ATTEMPTS,
      intervalMs: CLIENT_ID_RETRY_MS,
      sleep,
    }).catch(ignoreFailure);
    // Kept before anything waits: the app leaves the landing address at once, and the parent may too.
    void Promise.resolve()
      .then(() => api.recordVisit({ landingPage: landingPageOf(page.url), attribution: keep(gather()) }))
      .catch(ignoreFailure);
  }

  async function runOnce(user: TrackedUser): Promise<void> {
    const gathered = gather();
    const clientId = await lookUpClientId({
      read: readClientId,
      attempts: ATTRIBUTION_CLIENT_ID_ATTEMPTS,
      intervalMs: CLIENT_ID_RETRY_MS,
      sleep,
    });
    const attribution = keep(clientId ? { ...gathered, ga_client_id: clientId } : gathered);
    if (!user?.emailVerified) return;
    await sendIdentify({ api, storage, emailVerified: user.emailVerified, attribution }).catch(ignoreFailure);
    if (!user.profile) return;
    await submitUserDataOnce({
      api,
      storage,
      user: user.profile,
      attribution,
      userAgent: page.userAgent,
      clientId: await startupClientId,
      now: deps.now,
    }).catch(ignoreFailure);
  }

  function run(user: TrackedUser): Promise<void> {
    if (!allowed) return Promise.resolve();
    start();
    queue = queue.then(() => runOnce(user)).catch(ignoreFailure);
    return queue;
  }

  return { start, run };
}
