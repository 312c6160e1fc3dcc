import { FAMILY_HEADER } from "@wonderkin/contract";
import { and, eq, inArray, like, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailToken, mailOutbox, member, rateLimit, user } from "../../src/db/schema";
import { reserveEmailSend } from "../../src/modules/mail/reserve-email-send";
import { createTestApp, type TestApp } from "../create-test-app";
import { latestMail, PASSWORD, post, tokenFor, tokenOfLink, uniqueEmail } from "../support/identity";

/**
 * Every route that sends an e-mail on a client's request counts it per recipient and per client
 * address, atomically (decision 0042): requests sent all at once get no more e-mails out than the
 * limits, and the rest are told to wait.
 */
const RECIPIENT_LIMIT = 3;
const CLIENT_LIMIT = 6;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    EMAIL_SEND_RECIPIENT_LIMIT: String(RECIPIENT_LIMIT),
    EMAIL_SEND_CLIENT_LIMIT: String(CLIENT_LIMIT),
    // Better Auth's own per-address limiters and the overload guard are not what is tested here.
    SIGN_IN_IP_LIMIT: "10000",
    EMAIL_LINK_IP_LIMIT: "10000",
    HTTP_MAX_BODIES_PER_CLIENT: "10000",
    HTTP_MAX_IN_FLIGHT: "10000",
  });
});
afterAll(() => t.close());

/** A client address of its own per use, so the per-client counters of the tests never meet. */
let clients = 0;
function newClient(): string {
  clients += 1;
  return `198.51.${Math.floor(clients / 250)}.${(clients % 250) + 1}`;
}

async function mailCount(kind: string, to: string[]): Promise<number> {
  const rows = await t.database.db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.kind, kind), inArray(mailOutbox.toAddress, to)));
  return rows.length;
}

function statuses(answers: LightMyRequestResponse[]) {
  return answers.map((answer) => answer.statusCode);
}

function expectRefusals(answers: LightMyRequestResponse[], code: string) {
  const refused = answers.filter((answer) => answer.statusCode !== 200);
  for (const answer of refused) {
    expect(answer.statusCode, answer.body).toBe(429);
    expect(answer.json()).toMatchObject({ code, message: expect.any(String) });
    expect(Number(answer.headers["retry-after"])).toBeGreaterThan(0);
  }
  return refused.length;
}

/** Asks for an account for `email`, as a browser at client address `from` would. */
const signUpFrom = (email: string, from = newClient()) =>
  post(t.app, "/api/auth/create-user", { firstName: "Ada", email, password: PASSWORD }, undefined, from);

/** Signs up (from a client of its own) and verifies; returns the address and a bearer token. */
async function verifiedParent(): Promise<{ email: string; token: string; userId: string }> {
  const email = uniqueEmail();
  const created = await signUpFrom(email);
  expect(created.statusCode, created.body).toBe(200);
  const link = (await latestMail(t.database.db, email, "email-verification"))?.link;
  expect((await post(t.app, "/api/auth/verify-email", { token: tokenOfLink(link) })).statusCode).toBe(200);
  const [row] = await t.database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return { email, token: await tokenFor(t.app, email), userId: row?.id ?? "" };
}

/** Moves every e-mail counter's window an hour back, as if the hour had passed. */
async function letTheHourPass() {
  await t.database.db
    .update(rateLimit)
    .set({ lastRequest: sql`${rateLimit.lastRequest} - 3600000` })
    .where(like(rateLimit.key, "email-send:%"));
}

const times = <T>(count: number, make: (index: number) => Promise<T>) =>
  Promise.all(Array.from({ length: count }, (_, index) => make(index)));

describe("password reset e-mails", () => {
  it("sends one address at most its limit of 40 resets asked for at once by one client", async () => {
    const { email } = await verifiedParent();
    await letTheHourPass(); // the sign-up's e-mail counted too
    const from = newClient();
    const answers = await times(40, () =>
      post(t.app, "/api/auth/send-password-reset-email", { email }, undefined, from),
    );
    expect(await mailCount("password-reset", [email])).toBe(RECIPIENT_LIMIT);
    expect(statuses(answers).filter((status) => status === 200)).toHaveLength(RECIPIENT_LIMIT);
    expect(expectRefusals(answers, "EMAIL_ADDRESS_RATE_LIMITED")).toBe(40 - RECIPIENT_LIMIT);
  });

  it("holds the address's limit across many client addresses", async () => {
    const { email } = await verifiedParent();
    await letTheHourPass();
    const answers = await times(40, () =>
      post(t.app, "/api/auth/send-password-reset-email", { email }, undefined, newClient()),
    );
    expect(await mailCount("password-reset", [email])).toBe(RECIPIENT_LIMIT);
    expect(expectRefusals(answers, "EMAIL_ADDRESS_RATE_LIMITED")).toBe(40 - RECIPIENT_LIMIT);
  });

  it("limits one client across many addresses, and answers the same whether an address has an account", async () => {
    const known = await verifiedParent();
    await letTheHourPass();
    const unknown = uniqueEmail("nobody");
    const ask = (email: string) =>
      times(RECIPIENT_LIMIT + 2, () =>
        post(t.app, "/api/auth/send-password-reset-email", { email }, undefined, newClient()),
      ).then((answers) => statuses(answers).sort());
    expect(await ask(known.email)).toEqual(await ask(unknown));

    const from = newClient();
    const addresses = Array.from({ length: 20 }, () => uniqueEmail("someone"));
    const answers = await Promise.all(
      addresses.map((email) =>
        post(t.app, "/api/auth/send-password-reset-email", { email }, undefined, from),
      ),
    );
    expect(statuses(answers).filter((status) => status === 200)).toHaveLength(CLIENT_LIMIT);
    expect(expectRefusals(answers, "EMAIL_CLIENT_RATE_LIMITED")).toBe(20 - CLIENT_LIMIT);
  });
});

describe("sign-up e-mails", () => {
  it("creates at most the client's limit of accounts, and sends as many e-mails, of 40 sign-ups at once", async () => {
    const from = newClient();
    const addresses = Array.from({ length: 40 }, () => uniqueEmail("signup"));
    const answers = await Promise.all(addresses.map((email) => signUpFrom(email, from)));
    expect(await mailCount("email-verification", addresses)).toBe(CLIENT_LIMIT);
    expect(expectRefusals(answers, "EMAIL_CLIENT_RATE_LIMITED")).toBe(40 - CLIENT_LIMIT);
    const created = await t.database.db
      .select({ id: user.id })
      .from(user)
      .where(inArray(user.email, addresses));
    expect(created).toHaveLength(CLIENT_LIMIT);
  });
});

describe("verification e-mails sent again", () => {
  it("sends one of 40 asked for at once: the pause after a link holds under concurrency", async () => {
    const email = uniqueEmail();
    const created = await signUpFrom(email);
    expect(created.statusCode).toBe(200);
    const token = await tokenFor(t.app, email);
    // Past the one-minute pause that follows the first e-mail.
    await t.database.db
      .update(emailToken)
      .set({ createdAt: sql`${emailToken.createdAt} - interval '2 minutes'` })
      .where(eq(emailToken.email, email));
    const from = newClient();
    const answers = await times(40, () => post(t.app, "/api/auth/send-verification-email", {}, token, from));
    // The sign-up's link and one more: the others were asked for within the minute after it.
    expect(await mailCount("email-verification", [email])).toBe(2);
    expect(statuses(answers).filter((status) => status === 200)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.statusCode !== 200);
    expect(refused.every((answer) => answer.json().code === "VERIFICATION_EMAIL_THROTTLED")).toBe(true);
  });
});

describe("e-mail sign-in links", () => {
  it("sends one address at most its limit, from any number of clients", async () => {
    const email = uniqueEmail("link");
    const answers = await times(40, () =>
      post(t.app, "/api/auth/sign-in/magic-link", { email }, undefined, newClient()),
    );
    expect(await mailCount("email-link-sign-in", [email])).toBe(RECIPIENT_LIMIT);
    expect(expectRefusals(answers, "EMAIL_ADDRESS_RATE_LIMITED")).toBe(40 - RECIPIENT_LIMIT);
  });

  it("sends one client at most its limit, to any number of addresses", async () => {
    const from = newClient();
    const addresses = Array.from({ length: 20 }, () => uniqueEmail("link"));
    const answers = await Promise.all(
      addresses.map((email) => post(t.app, "/api/auth/sign-in/magic-link", { email }, undefined, from)),
    );
    expect(await mailCount("email-link-sign-in", addresses)).toBe(CLIENT_LIMIT);
    expect(expectRefusals(answers, "EMAIL_CLIENT_RATE_LIMITED")).toBe(20 - CLIENT_LIMIT);
  });
});

describe("change of e-mail address", () => {
  it("sends the new address at most its limit of 10 requests at once", async () => {
    const parent = await verifiedParent();
    const newEmail = uniqueEmail("new");
    const from = newClient();
    const answers = await times(10, () =>
      post(t.app, "/api/user/change-email", { newEmail, currentPassword: PASSWORD }, parent.token, from),
    );
    expect(await mailCount("email-change", [newEmail])).toBe(RECIPIENT_LIMIT);
    expect(expectRefusals(answers, "EMAIL_ADDRESS_RATE_LIMITED")).toBe(10 - RECIPIENT_LIMIT);
  });
});

describe("family invitations", () => {
  it("sends an invited address at most its limit, invitation and resends together", async () => {
    const owner = await verifiedParent();
    const [membership] = await t.database.db
      .select({ familyId: member.organizationId })
      .from(member)
      .where(eq(member.userId, owner.userId));
    const from = newClient();
    const asOwner = (url: string, payload: object) =>
      t.app.inject({
        method: "POST",
        url,
        payload,
        remoteAddress: from,
        headers: { authorization: `Bearer ${owner.token}`, [FAMILY_HEADER]: membership?.familyId ?? "" },
      });
    const invitee = uniqueEmail("grandma");
    const invited = await asOwner("/api/organization/member/add", { email: invitee, role: "member" });
    expect(invited.statusCode, invited.body).toBe(200);
    const invitationId = invited.json().invitation.id;

    const answers = await times(10, () => asOwner("/api/organization/invitation/resend", { invitationId }));
    expect(await mailCount("family-invitation", [invitee])).toBe(RECIPIENT_LIMIT);
    expect(expectRefusals(answers, "EMAIL_ADDRESS_RATE_LIMITED")).toBe(10 - (RECIPIENT_LIMIT - 1));

    // One client inviting many addresses stops at its own limit (the resends above count too).
    const others = Array.from({ length: 8 }, () => uniqueEmail("cousin"));
    const more = await Promise.all(
      others.map((email) => asOwner("/api/organization/member/add", { email, role: "member" })),
    );
    expect(await mailCount("family-invitation", others)).toBe(CLIENT_LIMIT - RECIPIENT_LIMIT);
    expect(expectRefusals(more, "EMAIL_CLIENT_RATE_LIMITED")).toBe(8 - (CLIENT_LIMIT - RECIPIENT_LIMIT));
  });
});

describe("the counters themselves", () => {
  it("count the first e-mails to a new address, sent at once, without an error", async () => {
    // On PostgreSQL, racing first inserts of one key once met on the primary key, which ON
    // CONFLICT (key) does not arbitrate: a unique violation, answered 500.
    for (let round = 0; round < 5; round += 1) {
      const recipient = uniqueEmail("race");
      const decisions = await times(30, () =>
        reserveEmailSend(t.database.db, {
          recipient,
          ipAddress: null,
          policy: { recipientLimit: RECIPIENT_LIMIT, clientLimit: CLIENT_LIMIT, windowSeconds: 3600 },
        }),
      );
      expect(decisions.filter((decision) => decision.kind === "allowed")).toHaveLength(RECIPIENT_LIMIT);
    }
  });
});
