import { creditErrorCodes } from "@wonderkin/contract";
import { eq, sum } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { creditLedger, generatedImage } from "../../src/db/schema";
import { readCredits } from "../../src/modules/credits/change-credits";
import { renderPortraitJob, trainChildJob } from "../../src/modules/studio/studio-job-specs";
import { createTestApp, type TestApp } from "../create-test-app";
import { postAs } from "../support/families";
import { parentWithChild, workQueued } from "../support/studio";

/**
 * Issue 7's guarantee, on whichever database the suite runs (PGlite, and PostgreSQL in CI): 200
 * generate calls at once on 50 credits accept exactly 50, refuse the rest with a clear code, and
 * leave a zero balance, a consistent ledger and one queued job per accepted portrait.
 */
let t: TestApp;
beforeAll(async () => {
  // Every one of the 200 calls must reach the credit check, not the overload guard's 503.
  t = await createTestApp({ PHOTOS_MIN_PER_CHILD: "3", FACE_DETECTION: "off", HTTP_MAX_IN_FLIGHT: "1000" });
});
afterAll(() => t.close());

it("accepts exactly as many portraits as there are credits under 200 concurrent calls", async () => {
  const { parent, childId } = await parentWithChild(t, { firstName: "Rush", planId: 5, photos: 3 });
  await postAs(t.app, "/api/children/training/start", parent, parent.familyId, { childId });
  await workQueued(t, [trainChildJob.name]);
  expect(await readCredits(t.database.db, { userId: parent.userId })).toBe(50);

  const responses = await Promise.all(
    Array.from({ length: 200 }, () =>
      postAs(t.app, "/api/generation/generate", parent, parent.familyId, {
        childId,
        styleId: "astronaut",
        count: 1,
      }),
    ),
  );
  const accepted = responses.filter((response) => response.statusCode === 200);
  const refused = responses.filter((response) => response.statusCode !== 200);
  expect(accepted).toHaveLength(50);
  expect(refused).toHaveLength(150);
  for (const response of refused) {
    expect(response.statusCode).toBe(402);
    expect(response.json().code).toBe(creditErrorCodes.insufficientCredits);
  }

  expect(await readCredits(t.database.db, { userId: parent.userId })).toBe(0);
  const [ledger] = await t.database.db
    .select({ total: sum(creditLedger.delta) })
    .from(creditLedger)
    .where(eq(creditLedger.userId, parent.userId));
  expect(Number(ledger?.total)).toBe(0);
  const images = await t.database.db.select().from(generatedImage).where(eq(generatedImage.childId, childId));
  expect(images).toHaveLength(50);
  expect(await t.queue.boss.getQueueSize(renderPortraitJob.name)).toBe(50);
});
