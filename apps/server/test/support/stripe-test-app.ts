import { createTestApp, type TestApp } from "../create-test-app";
import { FAKE_STRIPE_WEBHOOK_SECRET, type FakeStripe, startFakeStripe, stripeEnvFor } from "./fake-stripe";

/** A test app whose payments go to a fake Stripe of its own (its webhooks signed with the fake's secret). */
export async function startStripeTestApp(
  env: Record<string, string> = {},
): Promise<{ t: TestApp; stripe: FakeStripe }> {
  const stripe = await startFakeStripe({ webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET });
  const t = await createTestApp({ ...stripeEnvFor(stripe), ...env });
  return { t, stripe };
}

/** Closes what `startStripeTestApp` started (either may be missing if starting failed). */
export async function closeStripeTestApp(started: { t?: TestApp; stripe?: FakeStripe }): Promise<void> {
  await started.t?.close();
  await started.stripe?.close();
}
