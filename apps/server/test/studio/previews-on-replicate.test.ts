import type { Previews } from "@wonderkin/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { creditLedger, generatedImage, mailOutbox } from "../../src/db/schema";
import { readCredits } from "../../src/modules/credits/change-credits";
import { runRender } from "../../src/modules/studio/rendering";
import { makePreviewsJob, renderPortraitJob } from "../../src/modules/studio/studio-job-specs";
import { createTestApp, type TestApp } from "../create-test-app";
import { STRANGER, samePersonPictures, singleFacePictures } from "../support/face-pictures";
import {
  type FakeReplicate,
  injectWebhooksInto,
  replicateEnvFor,
  startFakeReplicate,
} from "../support/fake-replicate";
import { postAs, type TestParent } from "../support/families";
import { parentWithChild, workQueued } from "../support/studio";

/**
 * Instant previews on Replicate's reference-image model (FLUX.2 [pro], decision 0029), against the
 * local fake: the best photos go inside the request, a signed webhook settles each preview, the
 * output is copied at once and checked for likeness; failures cost nothing and show nothing.
 * The photos are one adult's (the face detector's samples): there are no photos of children.
 */
let t: TestApp;
let fake: FakeReplicate;
let photos: Buffer[];
let stranger: Buffer;

beforeAll(async () => {
  fake = await startFakeReplicate();
  t = await createTestApp({
    PHOTOS_MIN_PER_CHILD: "5",
    FACE_DETECTION: "on",
    PREVIEW_PORTRAITS: "4",
    ...replicateEnvFor(fake),
  });
  fake.setWebhookTransport(injectWebhooksInto(t.app));
  photos = await samePersonPictures(5);
  stranger = (await singleFacePictures())[STRANGER] as Buffer;
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const call = (as: TestParent, path: string, body: unknown) => postAs(t.app, path, as, as.familyId, body);

async function previewsOf(as: TestParent, childId: number): Promise<Previews> {
  return (await call(as, "/api/children/previews", { childId })).json();
}

type Row = typeof generatedImage.$inferSelect;

const rowOf = async (id: string, by: "prediction" | "id" = "prediction") => {
  const [row] = await t.database.db
    .select()
    .from(generatedImage)
    .where(by === "id" ? eq(generatedImage.id, id) : eq(generatedImage.providerPredictionId, id));
  if (!row) throw new Error(`no preview for ${id}`);
  return row;
};

describe("instant previews on Replicate", { timeout: 90_000 }, () => {
  it("sends the best photos inside the request, settles each by webhook, and drops failures silently", async () => {
    const { parent, childId } = await parentWithChild(t, {
      firstName: "Ivy",
      planId: 3,
      photos: 5,
      photoBytes: photos,
    });
    const credits = await readCredits(t.database.db, { userId: parent.userId });
    const before = fake.referencePredictions().length;
    await workQueued(t, [makePreviewsJob.name]);
    const rows = await t.database.db
      .select()
      .from(generatedImage)
      .where(and(eq(generatedImage.childId, childId), eq(generatedImage.kind, "preview")));
    expect(rows).toHaveLength(4);
    // Three start; the fourth finds the service down when it starts.
    const [first, second, third, fourth] = rows as [Row, Row, Row, Row];
    for (const row of [first, second, third]) await runRender(t.studio, row.id);
    fake.rejectNextReferencePredictions({ status: 503, detail: "Service unavailable" });
    await runRender(t.studio, fourth.id);
    expect((await rowOf(fourth.id, "id")).status).toBe("failed");

    const started = fake.referencePredictions().slice(before);
    expect(started).toHaveLength(3);
    for (const prediction of started) {
      expect(prediction.model).toBe("black-forest-labs/flux-2-pro");
      // At most four photos, each inside the request as a JPEG no bigger than the model needs.
      expect(prediction.imageCount).toBe(4);
      for (const bytes of prediction.imageBytes)
        expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
      expect(JSON.stringify(prediction.input)).not.toMatch(/https?:\/\/[^"]*\/media\//);
      expect(String(prediction.input.prompt)).toContain("the child in the reference photos");
    }
    const [looksLike, strangerFace, flagged] = started as [
      (typeof started)[0],
      (typeof started)[0],
      (typeof started)[0],
    ];

    // Looks like the child: settled by the webhook, copied into our storage at once.
    await fake.completePrediction(looksLike.id);
    fake.expireOutput(looksLike.id);
    const settled = await rowOf(looksLike.id);
    expect(settled).toMatchObject({ status: "succeeded", likeness: "passed", kind: "preview" });
    expect(await t.storage.get(settled.storageKey ?? "")).not.toBeNull();

    // A stranger: dropped, not made again (previews are free and more are coming).
    await fake.completePrediction(strangerFace.id, { face: stranger });
    expect(await rowOf(strangerFace.id)).toMatchObject({
      status: "failed",
      likeness: "unlike",
      storageKey: null,
    });
    // The provider's safety checker refused one: failed, silently.
    await fake.completePrediction(flagged.id, {
      succeed: false,
      error: "Content flagged by the safety checker",
    });
    expect((await rowOf(flagged.id)).status).toBe("failed");

    // Every webhook again, newest first: nothing changes.
    for (const prediction of [flagged, strangerFace, looksLike]) await fake.resendWebhook(prediction.id);
    expect(fake.referencePredictions().slice(before)).toHaveLength(3);

    const previews = await previewsOf(parent, childId);
    expect(previews.status).toBe("ready");
    expect(previews.images.map((image) => image.id)).toEqual([settled.id]);
    expect(await readCredits(t.database.db, { userId: parent.userId })).toBe(credits);
    const ledger = await t.database.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.userId, parent.userId));
    expect(ledger.filter((entry) => entry.kind === "refund")).toEqual([]);
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, parent.email));
    expect(mails.filter((mail) => mail.kind === "portrait-failed")).toEqual([]);
  });

  it("says only 'unavailable' when every preview failed", async () => {
    const { parent, childId } = await parentWithChild(t, {
      firstName: "Jo",
      planId: 3,
      photos: 5,
      photoBytes: photos,
    });
    await workQueued(t, [makePreviewsJob.name]);
    fake.rejectNextReferencePredictions({ status: 422, detail: "input.input_images: invalid", times: 4 });
    await workQueued(t, [renderPortraitJob.name]);
    expect(await previewsOf(parent, childId)).toMatchObject({ status: "unavailable", images: [] });
  });
});
