import { type APIRequestContext, expect, test } from "@playwright/test";

type OutboxMessage = {
  id: number;
  to: string;
  subject: string;
  kind: string;
  /** The plain-text part, as sent. */
  text: string;
  link: string | null;
  createdAt: string;
};

let counter = 0;

/** A fresh address per call: every test signs up its own parent. */
export function uniqueEmail(prefix = "parent"): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`;
}

/**
 * The newest link of a kind sent to an address, read from the local outbox as a developer would
 * (GET /api/dev/outbox). Waits for it, since mail is sent while the page moves on.
 */
export async function waitForMailLink(request: APIRequestContext, to: string, kind: string): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
        const { messages } = (await response.json()) as { messages: OutboxMessage[] };
        link = messages.find((message) => message.kind === kind)?.link ?? null;
        return link;
      },
      { message: `a ${kind} e-mail to ${to}`, timeout: 10_000 },
    )
    .toBeTruthy();
  return link as unknown as string;
}

/** The newest e-mail of a kind sent to an address (with or without a link), waited for like a link. */
export async function waitForMail(
  request: APIRequestContext,
  to: string,
  kind: string,
): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
        const { messages } = (await response.json()) as { messages: OutboxMessage[] };
        found = messages.find((message) => message.kind === kind);
        return Boolean(found);
      },
      { message: `a ${kind} e-mail to ${to}`, timeout: 10_000 },
    )
    .toBe(true);
  return found as unknown as OutboxMessage;
}

const providerControl = () =>
  `http://127.0.0.1:${Number(process.env.E2E_OAUTH_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 1) + 1}`;

/**
 * Makes the local OAuth provider sign in as this person next. The provider has one such person at a
 * time, so this waits until no other test (the same spec on the other project, say) holds it; the
 * test keeps it until `releaseProviderIdentity` (see oauth-provider.ts).
 */
export async function setProviderIdentity(
  request: APIRequestContext,
  identity: { sub: string; email: string; givenName: string; familyName: string; picture?: string },
): Promise<void> {
  const response = await request.post(`${providerControl()}/identity`, {
    data: { picture: "https://example.com/avatar.png", ...identity, holder: test.info().testId },
    // Waiting for another test's sign-in is part of this call.
    timeout: 0,
  });
  expect(response.status()).toBe(204);
}

/** Lets the next test sign in at the local provider (call after each test that set an identity). */
export async function releaseProviderIdentity(request: APIRequestContext): Promise<void> {
  const response = await request.post(`${providerControl()}/identity/release`, {
    data: { holder: test.info().testId },
  });
  expect(response.status()).toBe(204);
}
