import type { AttributionTracker } from "./attribution-tracker";
import { type PrivacySignals, trackingAllowed } from "./tracking-allowed";

type PrivacyNavigator = Navigator & { globalPrivacyControl?: boolean };

/** Analytics never gets in a parent's way (spec §8): a tracker that cannot load is no tracker. */
const ignoreFailure = () => undefined;

/** Once the browser has a moment (the first page drawn), or soon anyway. */
function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof window.requestIdleCallback === "function")
      window.requestIdleCallback(() => resolve(), { timeout: 2000 });
    else setTimeout(resolve, 0);
  });
}

let tracker: AttributionTracker | undefined;

/**
 * The page's one tracker, made on first use: call it while the app first renders, so that it keeps
 * the address the page was loaded with (the route guard moves on from it straight away). The tracker
 * itself (browser-tracker.ts: its calls, their zod schemas, the Better Auth client) loads once the
 * first page is shown, not before it; calls made meanwhile wait for it, in order.
 */
export function getAttributionTracker(): AttributionTracker {
  if (tracker) return tracker;
  const page = { url: window.location.href, referrer: document.referrer, userAgent: navigator.userAgent };
  const privacy: PrivacySignals = {
    doNotTrack: navigator.doNotTrack,
    globalPrivacyControl: (navigator as PrivacyNavigator).globalPrivacyControl,
  };
  // A Do-Not-Track or Global-Privacy-Control browser is not tracked: nothing to load.
  if (!trackingAllowed(privacy)) {
    tracker = { start: () => undefined, run: () => Promise.resolve() };
    return tracker;
  }
  let loaded: Promise<AttributionTracker> | undefined;
  const load = () => {
    loaded ??= whenIdle()
      .then(() => import("./browser-tracker"))
      .then((module) => module.createBrowserTracker(page, privacy));
    return loaded;
  };
  tracker = {
    start: () => void load().then((real) => real.start(), ignoreFailure),
    run: (user) => load().then((real) => real.run(user), ignoreFailure),
  };
  return tracker;
}
