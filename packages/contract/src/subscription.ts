import { z } from "zod";

export const subscriptionSummarySchema = z.object({
  isActive: z.boolean(),
});
export type SubscriptionSummary = z.infer<typeof subscriptionSummarySchema>;
