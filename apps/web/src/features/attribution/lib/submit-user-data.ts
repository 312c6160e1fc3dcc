import type { EndpointRequest, submitUserDataEndpoint } from "@wonderkin/contract";
import type { Attribution } from "@wonderkin/contract/rules";
import type { AnalyticsApi } from "./analytics-api";
import type { KeyValueStorage } from "./attribution-record";
import { deviceTypeOf, operatingSystemOf } from "./describe-device";

/** The parent as far as analytics needs them (from the server's user record). */
export type AnalyticsUser = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  /** When the account was created (ISO). */
  createdAt: string;
};

type UserData = EndpointRequest<typeof submitUserDataEndpoint>["data"];

/** Marks that this browser has sent a parent's profile: it is sent once, not on every load. */
export const userDataSentKey = (userId: string) => `wonderkin.analytics-user-data-sent.${userId}`;

const orUndefined = (value: string) => value || undefined;

export function buildUserData(options: {
  user: AnalyticsUser;
  attribution: Attribution;
  userAgent: string;
  clientId: string | undefined;
  lastSignInDate?: string;
  signupAuthentication?: string;
}): UserData {
  const { user, attribution, userAgent } = options;
  return {
    user_id: user.id,
    first_name: orUndefined(user.firstName),
    last_name: orUndefined(user.lastName),
    email: user.email,
    signup_date: user.createdAt,
    last_signin_date: options.lastSignInDate,
    device_type: deviceTypeOf(userAgent),
    os: operatingSystemOf(userAgent),
    signup_authentication: options.signupAuthentication,
    utm_source: attribution.utm_source,
    utm_medium: attribution.utm_medium,
    utm_campaign: attribution.utm_campaign,
    utm_term: attribution.utm_term,
    utm_content: attribution.utm_content,
    user_agent: orUndefined(userAgent.slice(0, 1000)),
    fbp: attribution.fbp,
    fbc: attribution.fbc,
    ga_client_id: options.clientId ?? attribution.ga_client_id,
  };
}

/**
 * submitUserDataToAnalytics of spec §7, once per verified parent in this browser: the marker is
 * written only after the server took it, so a failure is tried again on the next run.
 */
export async function submitUserDataOnce(options: {
  api: Pick<AnalyticsApi, "submitUserData" | "signInFacts">;
  storage: KeyValueStorage;
  user: AnalyticsUser;
  attribution: Attribution;
  userAgent: string;
  clientId: string | undefined;
  now: () => number;
}): Promise<boolean> {
  const { api, storage, user } = options;
  if (storage.read(userDataSentKey(user.id))) return false;
  // Without these facts the profile is still worth sending.
  const facts = await api.signInFacts().catch(() => ({}));
  await api.submitUserData({ data: buildUserData({ ...options, ...facts }) });
  storage.write(userDataSentKey(user.id), String(options.now()));
  return true;
}
