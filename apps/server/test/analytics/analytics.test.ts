import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyticsIdentify, analyticsProfile, analyticsVisitor, child, user } from "../../src/db/schema";
import { createTestApp, type TestApp } from "../create-test-app";
import { verifiedParent } from "../support/families";
import { signUp, tokenFor } from "../support/identity";

const ADMIN_TOKEN = "admin-token-that-is-long-enough-for-analytics";
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_API_TOKEN: ADMIN_TOKEN });
});
afterAll(() => t.close());

function visit(
  options: { cookie?: string; token?: string; headers?: Record<string, string>; attribution?: object } = {},
) {
  return t.app.inject({
    method: "POST",
    url: "/api/analytics/visit",
    payload: { landingPage: "/sign-up?utm_source=newsletter", attribution: options.attribution ?? {} },
    headers: {
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
  });
}

const cookieOf = (response: { headers: Record<string, unknown> }) =>
  String(response.headers["set-cookie"] ?? "").split(";")[0] ?? "";

describe("visitors", () => {
  it("gives a browser an anonymous first-party id, keeps its first attribution, and links it once signed in", async () => {
    const first = await visit({
      attribution: {
        utm_source: "newsletter",
        utm_medium: "email",
        utm_campaign: "spring",
        referrer: "https://mail.example",
      },
    });
    expect(first.json()).toEqual({ tracked: true });
    const cookie = cookieOf(first);
    expect(cookie).toMatch(/^wk_vid=[0-9a-f-]{36}$/);
    expect(String(first.headers["set-cookie"])).toContain("HttpOnly");
    const visitorId = cookie.split("=")[1] as string;

    const again = await visit({ cookie, attribution: { utm_source: "other" } });
    expect(cookieOf(again)).toBe(cookie);
    const [row] = await t.database.db
      .select()
      .from(analyticsVisitor)
      .where(eq(analyticsVisitor.id, visitorId));
    expect(row).toMatchObject({
      utmSource: "newsletter",
      utmCampaign: "spring",
      referrer: "https://mail.example",
      userId: null,
    });

    const { email } = await signUp(t.app, { firstName: "Una" });
    await visit({ cookie, token: await tokenFor(t.app, email) });
    const [linked] = await t.database.db
      .select()
      .from(analyticsVisitor)
      .where(eq(analyticsVisitor.id, visitorId));
    expect(linked?.userId).toBeTruthy();
  });

  it("records nothing and sets no cookie for Do-Not-Track or Global Privacy Control", async () => {
    const before = (await t.database.db.select().from(analyticsVisitor)).length;
    for (const headers of [{ dnt: "1" }, { "sec-gpc": "1" }] as Record<string, string>[]) {
      const response = await visit({ headers, attribution: { utm_source: "x" } });
      expect(response.json()).toEqual({ tracked: false });
      expect(response.headers["set-cookie"]).toBeUndefined();
    }
    expect(await t.database.db.select().from(analyticsVisitor)).toHaveLength(before);
  });
});

describe("the identify call and submitUserDataToAnalytics", () => {
  it("stores attribution for a verified parent exactly once, and nothing for an unverified one", async () => {
    const ada = await verifiedParent(t.app, t.database.db, { firstName: "Ada" });
    const cookie = cookieOf(await visit());
    const attribution = { utm_source: "facebook", fbc: "fb.1.1700000000000.abc", timestamp: 1 };
    const send = (token: string, body: object) =>
      t.app.inject({
        method: "POST",
        url: "/api/analytics/identify",
        payload: body,
        headers: { authorization: `Bearer ${token}`, cookie },
      });
    expect((await send(ada.token, { attribution })).json()).toEqual({ recorded: true });
    expect((await send(ada.token, { attribution: { ...attribution, timestamp: 2 } })).json()).toEqual({
      recorded: false,
    });
    const rows = await t.database.db
      .select()
      .from(analyticsIdentify)
      .where(eq(analyticsIdentify.userId, ada.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.attribution).toMatchObject({ utm_source: "facebook", fbc: "fb.1.1700000000000.abc" });

    const { email } = await signUp(t.app, { firstName: "Una" });
    const unverified = await tokenFor(t.app, email);
    expect((await send(unverified, { attribution })).json()).toEqual({ recorded: false });
  });

  it("keeps the latest profile, with the id from the session whatever the body says", async () => {
    const ada = await verifiedParent(t.app, t.database.db, { firstName: "Ada" });
    const response = await t.app.inject({
      method: "POST",
      url: "/api/user/analytics",
      payload: { data: { user_id: "someone-else", first_name: "Ada", device_type: "mobile", os: "iOS" } },
      headers: { authorization: `Bearer ${ada.token}` },
    });
    expect(response.json()).toEqual({ recorded: true });
    const [profile] = await t.database.db
      .select()
      .from(analyticsProfile)
      .where(eq(analyticsProfile.userId, ada.userId));
    expect(profile?.data).toMatchObject({ user_id: ada.userId, first_name: "Ada", os: "iOS" });
  });
});

describe("the attribution funnel", () => {
  it("counts visitors, sign-ups, verified, child trained and paid by first source", async () => {
    const campaign = { utm_source: "podcast", utm_medium: "audio", utm_campaign: `c-${Date.now()}` };
    const cookies = [
      cookieOf(await visit({ attribution: campaign })),
      cookieOf(await visit({ attribution: campaign })),
    ];
    const ada = await verifiedParent(t.app, t.database.db, { firstName: "Ada" });
    await visit({ cookie: cookies[0], token: ada.token });
    await t.database.db.insert(child).values({
      organizationId: ada.familyId,
      firstName: "Luna",
      gender: "girl",
      age: 4,
      triggerWord: `zk${Date.now()}`,
      trainingStatus: "completed",
    });
    const response = await t.app.inject({
      method: "POST",
      url: "/api/admin/analytics/funnel",
      payload: {},
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    const row = response
      .json()
      .rows.find((entry: { campaign: string }) => entry.campaign === campaign.utm_campaign);
    expect(row).toMatchObject({
      source: "podcast",
      medium: "audio",
      visitors: 2,
      signups: 1,
      verified: 1,
      childTrained: 1,
      paid: 0,
    });
    expect(row.rates).toEqual({ signup: 0.5, verified: 1, childTrained: 1, paid: 0 });
  });

  it("forgets who a deleted account was: the visitor stays, anonymous", async () => {
    const ada = await verifiedParent(t.app, t.database.db, { firstName: "Ada" });
    const cookie = cookieOf(await visit({ token: ada.token }));
    await t.database.db.delete(user).where(eq(user.id, ada.userId));
    const [row] = await t.database.db
      .select()
      .from(analyticsVisitor)
      .where(eq(analyticsVisitor.id, cookie.split("=")[1] as string));
    expect(row?.userId).toBeNull();
  });
});
