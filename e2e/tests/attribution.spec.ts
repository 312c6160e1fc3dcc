import type { Page } from "@playwright/test";
import {
  type Attribution,
  attributionFunnelEndpoint,
  type FunnelRow,
  identifyEndpoint,
  recordVisitEndpoint,
  submitUserDataEndpoint,
} from "@wonderkin/contract";
import { ADMIN_TOKEN } from "../support/billing";
import { expect, ONE_SIZE, test } from "../support/fixtures";
import { newParent, signUpVerified } from "../support/flows";

/** The attribution record this browser keeps (spec §3), or null. */
function storedRecord(page: Page, key: "utm_params" | "sent_utm_params"): Promise<Attribution | null> {
  return page.evaluate((name) => JSON.parse(localStorage.getItem(name) ?? "null"), key);
}

test.describe("marketing attribution", { tag: ONE_SIZE }, () => {
  test("a parent from a campaign is identified once, when verified, and counted in the funnel", async ({
    page,
  }, testInfo) => {
    const campaign = `e2e-${testInfo.project.name}-${Date.now().toString(36)}-${testInfo.workerIndex}`;
    const identified: Attribution[] = [];
    let profilesSent = 0;
    page.on("request", (request) => {
      if (request.method() !== "POST") return;
      const path = new URL(request.url()).pathname;
      if (path === identifyEndpoint.path) identified.push(request.postDataJSON().attribution);
      if (path === submitUserDataEndpoint.path) profilesSent++;
    });

    // The landing: the visit is recorded and the address's attribution kept for the pages that follow.
    const visit = page.waitForResponse(
      (answer) => new URL(answer.url()).pathname === recordVisitEndpoint.path,
    );
    await page.goto(`/?utm_source=e2e-news&utm_medium=email&utm_campaign=${campaign}&fbclid=abc123`);
    expect(await (await visit).json()).toEqual({ tracked: true });
    await expect.poll(async () => (await storedRecord(page, "utm_params"))?.utm_campaign).toBe(campaign);

    // Signed up but not yet verified: nothing is identified.
    await signUpVerified(page, newParent("Uma"));
    // Verified: one identify call with the campaign and the click id built from fbclid, then the profile.
    await expect.poll(() => identified.length, { timeout: 15_000 }).toBe(1);
    expect(identified[0]).toMatchObject({
      utm_source: "e2e-news",
      utm_medium: "email",
      utm_campaign: campaign,
    });
    expect(identified[0]?.fbc).toMatch(/^fb\.1\.\d+\.abc123$/);
    await expect.poll(() => profilesSent, { timeout: 10_000 }).toBe(1);
    // Kept once the identify call was answered, which was before the profile went out.
    expect(await storedRecord(page, "sent_utm_params")).toMatchObject({ utm_campaign: campaign });

    // Another page load: the run decides after its client-id lookup (3 tries, 1 second apart) and
    // keeps the record again just before; the same attribution is not sent again. To know the run
    // has decided without waiting a fixed time, this browser forgets that the profile was sent: the
    // run then sends it once more, and only after its identify step (and any call it made) is over.
    // (That a sent profile is not sent again is the unit tests' part: submit-user-data.test.ts.)
    const profileMarkers = () =>
      page.evaluate(() =>
        Object.keys(localStorage).filter((key) => key.startsWith("wonderkin.analytics-user-data-sent.")),
      );
    // Written once the profile call has been answered (its request went out above).
    await expect.poll(async () => (await profileMarkers()).length, { timeout: 10_000 }).toBe(1);
    const profileMarker = await profileMarkers();
    await page.evaluate((keys) => {
      for (const key of keys) localStorage.removeItem(key);
    }, profileMarker);
    const reloadedAt = await page.evaluate(() => Date.now());
    await page.reload();
    await expect(page).toHaveURL(/\/kids\/select-plan$/);
    await expect
      .poll(async () => (await storedRecord(page, "utm_params"))?.timestamp ?? 0, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(reloadedAt + 2_000);
    await expect.poll(() => profilesSent, { timeout: 10_000 }).toBe(2);
    expect(identified).toHaveLength(1);

    // The admin's funnel counts this parent under the campaign they came from.
    const response = await page.request.post(attributionFunnelEndpoint.path, {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      data: {},
    });
    expect(response.status()).toBe(200);
    const { rows } = (await response.json()) as { rows: FunnelRow[] };
    const row = rows.find(
      (candidate) =>
        candidate.source === "e2e-news" && candidate.medium === "email" && candidate.campaign === campaign,
    );
    expect(row, `a funnel row for ${campaign}`).toBeDefined();
    expect(row?.visitors).toBeGreaterThanOrEqual(1);
    expect(row?.signups).toBe(1);
    expect(row?.verified).toBe(1);
  });
});
