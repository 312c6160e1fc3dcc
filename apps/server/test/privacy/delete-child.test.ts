import path from "node:path";
import { childErrorCodes, familyErrorCodes, privacyErrorCodes } from "@wonderkin/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyticsEvent, child, childPhoto, creditLedger, generatedImage, member } from "../../src/db/schema";
import { deleteModelJob } from "../../src/modules/studio/studio-job-specs";
import { createTestApp, type TestApp } from "../create-test-app";
import { acceptConsent } from "../support/children";
import { postAs, verifiedParent } from "../support/families";
import { latestMail } from "../support/identity";
import {
  childNeedles,
  childRow,
  diskEntries,
  literalNeedles,
  portraitRows,
  scanTables,
  seedFamily,
} from "../support/privacy";

/**
 * Deleting a child (and a family) with the local model on local disk: afterwards the storage, the
 * disk and every table are scanned for anything that still names the child.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PHOTOS_MIN_PER_CHILD: "3", FACE_DETECTION: "off" });
});
afterAll(() => t.close());

const mediaRoot = () => path.join(t.env.dataDir, "media");
/** A hang detector, not a speed limit: seeding trains models and renders portraits (slow beside other work). */
const SLOW = { timeout: 180_000 };

describe("deleting a child", SLOW, () => {
  it("needs the child's first name, an owner, and a child of the acting family", async () => {
    const owner = await seedFamily(t, {
      parentName: "Ines",
      childName: "Clementine",
      photoSeed: 0,
      train: false,
    });
    const typo = await postAs(t.app, "/api/children/delete", owner.parent, owner.familyId, {
      childId: owner.childId,
      confirmName: "Clementin",
    });
    expect(typo.statusCode).toBe(400);
    expect(typo.json()).toMatchObject({
      code: privacyErrorCodes.confirmationMismatch,
      message: "Type your child's first name exactly as shown to confirm.",
    });

    // An admin of the family may add children but not delete them.
    const admin = await verifiedParent(t.app, t.database.db, { firstName: "Adele" });
    await acceptConsent(t.app, admin);
    await t.database.db.insert(member).values({
      id: `m-${admin.userId}`,
      organizationId: owner.familyId,
      userId: admin.userId,
      role: "admin",
    });
    const asAdmin = await postAs(t.app, "/api/children/delete", admin, owner.familyId, {
      childId: owner.childId,
      confirmName: "Clementine",
    });
    expect(asAdmin.statusCode).toBe(403);
    expect(asAdmin.json().code).toBe(familyErrorCodes.roleNotAllowed);

    // The owner of another family, acting for their own family, cannot reach this child: 404.
    const stranger = await seedFamily(t, {
      parentName: "Saul",
      childName: "Tamsin",
      photoSeed: 3,
      train: false,
    });
    const elsewhere = await postAs(t.app, "/api/children/delete", stranger.parent, stranger.familyId, {
      childId: owner.childId,
      confirmName: "Clementine",
    });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().code).toBe(childErrorCodes.childNotFound);

    expect(await childRow(t, owner.childId)).toBeTruthy();
    expect(
      await t.database.db.select().from(childPhoto).where(eq(childPhoto.childId, owner.childId)),
    ).toHaveLength(3);
  });

  it("deletes every photo, portrait, print file, the model and every row naming the child, and nothing else", async () => {
    const doomed = await seedFamily(t, {
      parentName: "Ada",
      childName: "Marigold",
      photoSeed: 0,
      portraits: 2,
    });
    const other = await seedFamily(t, { parentName: "Bea", childName: "Orion", photoSeed: 3, portraits: 1 });
    const printed = await postAs(t.app, "/api/generation/print", doomed.parent, doomed.familyId, {
      imageId: doomed.imageIds[0],
    });
    expect(printed.statusCode, printed.body).toBe(200);
    const row = await childRow(t, doomed.childId);
    expect(row.modelVersion).toMatch(/^local-/);
    const childPrefix = `families/${doomed.familyId}/children/${doomed.childId}/`;
    const modelPrefix = `image-models/${row.modelVersion}/`;
    const before = await t.storage.list("");
    // 3 photos + 3 thumbnails, 2 portraits + 2 thumbnails, 1 print file; 3 faces + a manifest.
    expect(before.filter((key) => key.startsWith(childPrefix))).toHaveLength(11);
    expect(before.filter((key) => key.startsWith(modelPrefix))).toHaveLength(4);
    const otherRow = await childRow(t, other.childId);
    const otherKeys = before.filter(
      (key) =>
        key.startsWith(`families/${other.familyId}/`) ||
        key.startsWith(`image-models/${otherRow.modelVersion}/`),
    );
    expect(otherKeys.length).toBeGreaterThan(0);
    expect(await latestMail(t.database.db, doomed.parent.email, "studio-ready")).toBeTruthy();
    // The scan finds the child everywhere it is before: it would see anything left behind.
    const seen = new Set((await scanTables(t, childNeedles(row, doomed))).map((hit) => hit.table));
    for (const table of [
      "child",
      "child_photo",
      "generated_image",
      "analytics_event",
      "credit_ledger",
      "mail_outbox",
    ]) {
      expect(seen.has(table), table).toBe(true);
    }

    const deleted = await postAs(t.app, "/api/children/delete", doomed.parent, doomed.familyId, {
      childId: doomed.childId,
      confirmName: "  marigold ",
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ deleted: true });

    // Storage (through the port) and the disk itself: no file, no folder of the child or its model.
    const after = await t.storage.list("");
    expect(
      after.filter(
        (key) => key.includes(`children/${doomed.childId}/`) || key.includes(row.modelVersion ?? "?"),
      ),
    ).toEqual([]);
    expect(after).toEqual(expect.arrayContaining(otherKeys));
    const disk = await diskEntries(mediaRoot());
    expect(
      disk.filter(
        (entry) => entry.includes(`children/${doomed.childId}`) || entry.includes(row.modelVersion ?? "?"),
      ),
    ).toEqual([]);

    // Every table: only the confirmation e-mail (the parent's own copy of what happened) names the child.
    const hits = await scanTables(
      t,
      childNeedles(row, doomed),
      (table, found) => table === "mail_outbox" && found.kind === "child-deleted",
    );
    expect(hits).toEqual([]);

    // What stays says nothing of the child: events still count, ledger entries still add up.
    const events = await t.database.db
      .select()
      .from(analyticsEvent)
      .where(eq(analyticsEvent.userId, doomed.parent.userId));
    expect(events.map((event) => event.name)).toEqual(
      expect.arrayContaining(["child_added", "training_completed", "generation"]),
    );
    expect(events.every((event) => !("childId" in event.properties))).toBe(true);
    const notes = await t.database.db
      .select({ note: creditLedger.note })
      .from(creditLedger)
      .where(eq(creditLedger.userId, doomed.parent.userId));
    expect(notes.map((entry) => entry.note)).toContain(
      "2 × Astronaut portrait of a child no longer in the family",
    );

    // The model went at once: no deletion job is left waiting.
    expect(await t.queue.boss.fetch(deleteModelJob.name)).toHaveLength(0);

    // The other family's child is whole, and keeps working.
    expect(
      await t.database.db.select().from(childPhoto).where(eq(childPhoto.childId, other.childId)),
    ).toHaveLength(3);
    expect(await portraitRows(t, other.childId)).toHaveLength(1);
    expect((await childRow(t, other.childId)).modelVersion).toBe(otherRow.modelVersion);

    // The parent is told; the child is gone from the API.
    const mail = await latestMail(t.database.db, doomed.parent.email, "child-deleted");
    expect(mail?.subject).toBe("Marigold's data has been deleted from Wonderkin");
    expect(mail?.text).toContain("the image model trained on the photos");
    const children = await postAs(t.app, "/api/children/get", doomed.parent, doomed.familyId);
    expect(children.json()).toEqual([]);
    const status = await postAs(t.app, "/api/generation/training/status", doomed.parent, doomed.familyId, {
      childId: doomed.childId,
    });
    expect(status.statusCode).toBe(404);
    const again = await postAs(t.app, "/api/children/delete", doomed.parent, doomed.familyId, {
      childId: doomed.childId,
      confirmName: "Marigold",
    });
    expect(again.statusCode).toBe(404);
  });
});

describe("deleting a family", SLOW, () => {
  it("deletes each child's model and files too, and confirms by e-mail", async () => {
    const doomed = await seedFamily(t, {
      parentName: "Cyd",
      childName: "Peregrine",
      photoSeed: 6,
      portraits: 1,
    });
    const row = await childRow(t, doomed.childId);
    expect(await t.storage.list(`image-models/${row.modelVersion}/`)).toHaveLength(4);

    const response = await postAs(t.app, "/api/organization/delete", doomed.parent, doomed.familyId, {
      confirmName: "Cyd's family",
    });
    expect(response.statusCode, response.body).toBe(200);
    const nextFamilyId = response.json().nextFamilyId as string;
    expect(nextFamilyId).not.toBe(doomed.familyId);

    const after = await t.storage.list("");
    expect(
      after.filter((key) => key.includes(doomed.familyId) || key.includes(row.modelVersion ?? "?")),
    ).toEqual([]);
    expect(
      (await diskEntries(mediaRoot())).filter(
        (entry) => entry.includes(doomed.familyId) || entry.includes(row.modelVersion ?? "?"),
      ),
    ).toEqual([]);
    const hits = await scanTables(t, [...childNeedles(row, doomed), ...literalNeedles([doomed.familyId])]);
    expect(hits).toEqual([]);
    expect(await t.database.db.select().from(child).where(eq(child.id, doomed.childId))).toEqual([]);
    expect(
      await t.database.db
        .select()
        .from(generatedImage)
        .where(eq(generatedImage.organizationId, doomed.familyId)),
    ).toEqual([]);

    const mail = await latestMail(t.database.db, doomed.parent.email, "family-deleted");
    expect(mail?.subject).toBe("Cyd's family has been deleted from Wonderkin");
    expect(mail?.text).toContain("its child");
  });
});
