import type { Env } from "../../config/env";
import type { AnalyticsForwarder } from "./forwarder";
import { createPosthogForwarder } from "./posthog-forwarder";

export function createAnalyticsForwarder(env: Env): AnalyticsForwarder | null {
  if (env.ANALYTICS_FORWARDER === "posthog" && env.POSTHOG_API_KEY) {
    return createPosthogForwarder({ host: env.POSTHOG_HOST, apiKey: env.POSTHOG_API_KEY });
  }
  return null;
}
