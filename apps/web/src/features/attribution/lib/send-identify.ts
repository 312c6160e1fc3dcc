import type { Attribution } from "@wonderkin/contract/rules";
import type { AnalyticsApi } from "./analytics-api";
import {
  hasAttributionData,
  type KeyValueStorage,
  readAttribution,
  sameAttribution,
  sentAttributionKey,
  writeAttribution,
} from "./attribution-record";

export type IdentifyOutcome = "unverified" | "no-data" | "unchanged" | "sent";

/**
 * Spec §4 and §6: the identify call goes out only for a verified e-mail, when there is some
 * attribution, and when it differs from the copy last sent; that copy is then replaced. A failed
 * call records nothing, so the next run tries again.
 */
export async function sendIdentify(options: {
  api: Pick<AnalyticsApi, "identify">;
  storage: KeyValueStorage;
  emailVerified: boolean;
  attribution: Attribution;
}): Promise<IdentifyOutcome> {
  const { api, storage, attribution } = options;
  if (!options.emailVerified) return "unverified";
  if (!hasAttributionData(attribution)) return "no-data";
  const sent = readAttribution(storage, sentAttributionKey);
  if (sent && sameAttribution(sent, attribution)) return "unchanged";
  await api.identify({ attribution });
  writeAttribution(storage, sentAttributionKey, attribution);
  return "sent";
}
