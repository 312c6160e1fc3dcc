/**
 * The page's attribution tracker with the browser's storage, cookies and the analytics calls:
 * loaded by browser-attribution.ts once the first page is shown. A visit is recorded without zod,
 * on every first page; the calls about a signed-in parent (their zod schemas, the Better Auth
 * client) load when one is made (decision 0036).
 */
import { publicApiPaths } from "@wonderkin/contract/rules";
import { loadAuthClient } from "@/entities/session/load-auth-client";
import { readLocal, writeLocal } from "@/lib/local-storage";
import { plainRequest } from "@/lib/plain-request";
import type { AnalyticsApi, SignInFacts } from "./analytics-api";
import { type AttributionTracker, createAttributionTracker } from "./attribution-tracker";
import type { PrivacySignals } from "./tracking-allowed";

const isoDate = (value: Date | string | undefined) => {
  const date = value === undefined ? undefined : new Date(value);
  return date && !Number.isNaN(date.getTime()) ? date.toISOString() : undefined;
};

/** Better Auth's e-mail-and-password account is named "credential"; analytics says "email". */
const methodName = (providerId: string) => (providerId === "credential" ? "email" : providerId);

async function signInFacts(): Promise<SignInFacts> {
  const authClient = await loadAuthClient();
  const [session, accounts] = await Promise.all([authClient.getSession(), authClient.listAccounts()]);
  const first = [...(accounts.data ?? [])].sort(
    (a, b) => new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime(),
  )[0];
  return {
    lastSignInDate: isoDate(session.data?.session.createdAt),
    signupAuthentication: first ? methodName(first.providerId) : undefined,
  };
}

const analyticsApi: AnalyticsApi = {
  // The answer says only whether the visit was tracked, which nothing reads.
  recordVisit: (request) => plainRequest(publicApiPaths.recordVisit, { method: "POST", body: request }),
  identify: (request) => import("./parent-analytics-calls").then((calls) => calls.identify(request)),
  submitUserData: (request) =>
    import("./parent-analytics-calls").then((calls) => calls.submitUserData(request)),
  signInFacts,
};

/** The tracker for the page as it was loaded (`page`, captured before the app moved on from it). */
export function createBrowserTracker(
  page: { url: string; referrer: string; userAgent: string },
  privacy: PrivacySignals,
): AttributionTracker {
  return createAttributionTracker({
    page,
    privacy,
    storage: { read: readLocal, write: writeLocal },
    readCookies: () => document.cookie,
    now: Date.now,
    api: analyticsApi,
  });
}
