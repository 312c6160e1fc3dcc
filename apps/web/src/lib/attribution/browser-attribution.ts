import { identifyEndpoint, recordVisitEndpoint, submitUserDataEndpoint } from "@wonderkin/contract";
import { callApi } from "@/lib/api-client";
import { readLocal, writeLocal } from "@/lib/local-storage";
import { authClient } from "@/lib/session/auth-client";
import type { AnalyticsApi, SignInFacts } from "./analytics-api";
import { type AttributionTracker, createAttributionTracker } from "./attribution-tracker";

const isoDate = (value: Date | string | undefined) => {
  const date = value === undefined ? undefined : new Date(value);
  return date && !Number.isNaN(date.getTime()) ? date.toISOString() : undefined;
};

/** Better Auth's e-mail-and-password account is named "credential"; analytics says "email". */
const methodName = (providerId: string) => (providerId === "credential" ? "email" : providerId);

async function signInFacts(): Promise<SignInFacts> {
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
  recordVisit: (request) => callApi(recordVisitEndpoint, request),
  identify: (request) => callApi(identifyEndpoint, request),
  submitUserData: (request) => callApi(submitUserDataEndpoint, request),
  signInFacts,
};

type PrivacyNavigator = Navigator & { globalPrivacyControl?: boolean };

let tracker: AttributionTracker | undefined;

/**
 * The page's one tracker, made on first use: call it while the app first renders, so that it keeps
 * the address the page was loaded with (the route guard moves on from it straight away).
 */
export function getAttributionTracker(): AttributionTracker {
  tracker ??= createAttributionTracker({
    page: { url: window.location.href, referrer: document.referrer, userAgent: navigator.userAgent },
    privacy: {
      doNotTrack: navigator.doNotTrack,
      globalPrivacyControl: (navigator as PrivacyNavigator).globalPrivacyControl,
    },
    storage: { read: readLocal, write: writeLocal },
    readCookies: () => document.cookie,
    now: Date.now,
    api: analyticsApi,
  });
  return tracker;
}
