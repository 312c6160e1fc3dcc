import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { ATTRIBUTION_FIELD_MAX_LENGTH } from "./rules/analytics-rules";
import { publicApiPaths } from "./rules/api-paths";

// The record's keys, limit and plain check live in the zod-free entry (./rules), which the tracker
// reads on every first page; the schema below is made of the same limit and listed with the same keys.
export {
  ATTRIBUTION_FIELD_MAX_LENGTH,
  type Attribution,
  attributionKeys,
  parseAttribution,
} from "./rules/analytics-rules";

/** The first-party visitor cookie: an anonymous random id, the only analytics cookie we set. */
export const VISITOR_COOKIE = "wk_vid";

const field = z.string().trim().max(ATTRIBUTION_FIELD_MAX_LENGTH).optional();

/** Spec §3's attribution record (stored locally under `utm_params`; the last sent under `sent_utm_params`). */
export const attributionSchema = z.object({
  utm_source: field,
  utm_medium: field,
  utm_campaign: field,
  utm_term: field,
  utm_content: field,
  fbp: field,
  fbc: field,
  ga_client_id: field,
  referrer: field,
  timestamp: z.number().int().optional(),
});

/** A page view from a browser that has not asked not to be tracked. */
export const recordVisitEndpoint = defineEndpoint({
  method: "POST",
  path: publicApiPaths.recordVisit,
  request: z.object({ landingPage: z.string().max(2000), attribution: attributionSchema }),
  /** `tracked: false` when the browser sends Do-Not-Track or Global Privacy Control. */
  response: z.object({ tracked: z.boolean() }),
});

/** Spec §7's identify call: links this browser's visitor to the verified parent, with the attribution. */
export const identifyEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/analytics/identify",
  request: z.object({ attribution: attributionSchema }),
  response: z.object({ recorded: z.boolean() }),
});

/** submitUserDataToAnalytics of spec §7. */
export const submitUserDataEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/user/analytics",
  request: z.object({
    data: z.object({
      user_id: field,
      first_name: field,
      last_name: field,
      email: field,
      signup_date: field,
      last_signin_date: field,
      device_type: field,
      os: field,
      signup_authentication: field,
      utm_source: field,
      utm_medium: field,
      utm_campaign: field,
      utm_term: field,
      utm_content: field,
      user_agent: z.string().max(1000).optional(),
      fbp: field,
      fbc: field,
      ga_client_id: field,
    }),
  }),
  response: z.object({ recorded: z.boolean() }),
});

export const funnelRowSchema = z.object({
  source: z.string(),
  medium: z.string(),
  campaign: z.string(),
  visitors: z.number().int(),
  signups: z.number().int(),
  verified: z.number().int(),
  childTrained: z.number().int(),
  paid: z.number().int(),
  /** Each step as a share of the step before (0–1), null when the step before is zero. */
  rates: z.object({
    signup: z.number().nullable(),
    verified: z.number().nullable(),
    childTrained: z.number().nullable(),
    paid: z.number().nullable(),
  }),
});
export type FunnelRow = z.infer<typeof funnelRowSchema>;

/** The attribution funnel for an admin page (admin token). */
export const attributionFunnelEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/admin/analytics/funnel",
  request: z.object({ since: z.iso.datetime().optional() }).optional(),
  response: z.object({ rows: z.array(funnelRowSchema) }),
});
