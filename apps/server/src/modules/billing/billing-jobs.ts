import { z } from "zod";
import { defineJob } from "../../jobs/define-job";
import type { BillingMailDeps } from "./billing-deps";
import { grantDueCredits } from "./grant-due-credits";
import { planReceiptLines, sendPaymentReceipt } from "./send-payment-receipt";

type Deps = { billing: BillingMailDeps };

export const billingJobs = [
  // Every five minutes: monthly grants, local renewals (each with its receipt) and plans whose paid
  // period is over.
  defineJob(
    { name: "billing.grant-due-credits", payload: z.object({}).passthrough() },
    {
      schedule: "*/5 * * * *",
      async handle(_payload, deps: Deps) {
        await grantDueCredits(deps.billing, new Date(), {
          onRenewalPaid: async ({ paymentId, planId }) => {
            await sendPaymentReceipt(deps.billing, { paymentId, ...planReceiptLines(planId, "renewal") });
          },
        });
      },
    },
  ),
];
