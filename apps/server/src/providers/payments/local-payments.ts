import type { Payments } from "./payments";

/** The built-in checkout: the order is shown at /checkout/{id}; paying there completes it. */
export function createLocalPayments(): Payments {
  return {
    kind: "local",
    async startCheckout(order) {
      return { url: `/checkout/${encodeURIComponent(order.sessionId)}`, providerSessionId: null };
    },
    async confirmCheckout(checkout) {
      return { providerPaymentId: `local:${checkout.id}` };
    },
    // Local renewals are made by our own scheduled job, which reads these from the subscription row.
    async cancelAtPeriodEnd() {},
    async cancelNow() {},
    async applyRetentionDiscount() {},
    async updateCustomer() {},
  };
}
