import type { AnalyticsForwarder } from "./forwarder";

/** PostHog's batch endpoint (`POST {host}/batch/`), with the project API key. */
export function createPosthogForwarder(options: { host: string; apiKey: string }): AnalyticsForwarder {
  const url = `${options.host.replace(/\/$/, "")}/batch/`;
  return {
    kind: "posthog",
    async send(events) {
      if (events.length === 0) return;
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          api_key: options.apiKey,
          batch: events.map((event) => ({
            event: event.event,
            distinct_id: event.distinctId,
            properties: event.properties,
            timestamp: event.timestamp.toISOString(),
          })),
        }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`PostHog answered ${response.status} to a batch of ${events.length}`);
    },
  };
}
