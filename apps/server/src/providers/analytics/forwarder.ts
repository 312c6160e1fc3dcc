/** One thing to pass on: an event of a person (`$identify` and `$set` carry person properties). */
export type ForwardedEvent = {
  distinctId: string;
  event: string;
  properties: Record<string, unknown>;
  timestamp: Date;
};

/**
 * Where first-party analytics are passed on to (the tables stay the source). `posthog` sends them
 * to PostHog's batch capture API; without a forwarder nothing leaves the product.
 */
export type AnalyticsForwarder = {
  kind: "posthog";
  send(events: ForwardedEvent[]): Promise<void>;
};
