import { privacyErrorCodes } from "@wonderkin/contract";
import { eq, inArray } from "drizzle-orm";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { childPhoto, dataExport, generatedImage, user } from "../../src/db/schema";
import { expireDataExports } from "../../src/modules/privacy/data-export";
import { exportKey } from "../../src/modules/privacy/export-storage-keys";
import { buildDataExportJob } from "../../src/modules/privacy/privacy-job-specs";
import { createTestApp, type TestApp } from "../create-test-app";
import { acceptConsent } from "../support/children";
import { createFamilyFixture, verifiedParent } from "../support/families";
import { latestMail, post } from "../support/identity";
import { addChildWithPhotos, seedFamily } from "../support/privacy";
import { batchReads, watchQueries } from "../support/query-watch";
import { workQueued } from "../support/studio";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PHOTOS_MIN_PER_CHILD: "3", FACE_DETECTION: "off" });
});
afterAll(() => t.close());

/**
 * A hang detector, not a speed limit: seeding trains a child and renders portraits in real image
 * threads (seconds on a quiet machine, many times that beside other work on two cores).
 */
const SLOW = { timeout: 180_000 };

type ExportJson = {
  account: { id: string; email: string; firstName: string };
  families: { id: string; name: string; yourRole: string }[];
  children: {
    id: number;
    familyId: string;
    firstName: string;
    photos: { id: string; file: string | null }[];
    portraits: { id: string; file: string | null; styleId: string }[];
  }[];
  consents: { version: string }[];
  credits: { balance: number; ledger: { change: number; kind: string }[] };
  subscriptions: { planId: number; status: string }[];
  payments: { description: string; amountCents: number }[];
  invoices: { number: string; totalCents: number; file: string }[];
};

describe("the data export", SLOW, () => {
  it("zips every record and file of the parent's families, and nothing of any other family", async () => {
    const hester = await seedFamily(t, {
      parentName: "Hester",
      childName: "Linnea",
      photoSeed: 0,
      portraits: 2,
    });
    const boris = await seedFamily(t, {
      parentName: "Boris",
      childName: "Orion",
      photoSeed: 3,
      portraits: 1,
    });
    // A family Hester is a member of, with a child Cora added: that child is hers to see, so it is in.
    const cora = await verifiedParent(t.app, t.database.db, { firstName: "Cora" });
    await acceptConsent(t.app, cora);
    const { familyId: larches } = await createFamilyFixture(t.database.db, {
      name: "The Larches",
      members: [
        { userId: cora.userId, role: "owner" },
        { userId: hester.parent.userId, role: "member" },
      ],
    });
    const wren = await addChildWithPhotos(t, cora, larches, { childName: "Wren", photos: 3, photoSeed: 6 });

    const requested = await post(t.app, "/api/user/export", {}, hester.parent.token);
    expect(requested.statusCode, requested.body).toBe(200);
    expect(requested.json()).toMatchObject({ status: "pending", progress: 0, url: null, byteSize: null });
    const again = await post(t.app, "/api/user/export", {}, hester.parent.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe(privacyErrorCodes.exportInProgress);
    expect((await post(t.app, "/api/user/export/status", {}, hester.parent.token)).json()).toMatchObject({
      id: requested.json().id,
      status: "pending",
    });
    expect((await post(t.app, "/api/user/export/status", {}, boris.parent.token)).json()).toBeNull();

    expect(await workQueued(t, [buildDataExportJob.name])).toBe(1);
    const status = (await post(t.app, "/api/user/export/status", {}, hester.parent.token)).json();
    expect(status).toMatchObject({ id: requested.json().id, status: "ready", progress: 100 });
    expect(new Date(status.expiresAt).getTime() - new Date(status.readyAt).getTime()).toBe(7 * 86_400_000);
    const key = `exports/${hester.parent.userId}/${status.id}.zip`;
    expect(await t.storage.list(`exports/${hester.parent.userId}/`)).toEqual([key]);
    expect(status.byteSize).toBe((await t.storage.get(key))?.length);

    // The e-mail carries a signed download link that works without the bearer token.
    const mail = await latestMail(t.database.db, hester.parent.email, "data-export-ready");
    expect(mail?.link).toMatch(/^http:\/\/localhost:3000\/api\/media\/exports\//);
    const download = await t.app.inject({
      method: "GET",
      url: (mail?.link ?? "").replace("http://localhost:3000", ""),
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("application/zip");
    expect(download.headers["content-disposition"]).toMatch(
      /^attachment; filename="wonderkin-data-\d{4}-\d\d-\d\d\.zip"$/,
    );
    const zip = unzipSync(new Uint8Array(download.rawPayload));
    const document = JSON.parse(new TextDecoder().decode(zip["export.json"])) as ExportJson;

    // Every record…
    expect(document.account).toMatchObject({
      id: hester.parent.userId,
      email: hester.parent.email,
      firstName: "Hester",
    });
    expect(document.families.map((family) => [family.id, family.yourRole]).sort()).toEqual(
      [
        [hester.familyId, "owner"],
        [larches, "member"],
      ].sort(),
    );
    expect(document.children.map((entry) => entry.firstName).sort()).toEqual(["Linnea", "Wren"]);
    expect(document.consents).toHaveLength(1);
    expect(document.subscriptions).toMatchObject([{ planId: 3, status: "active" }]);
    expect(document.payments).toMatchObject([{ description: "Oracle (monthly)", amountCents: 2499 }]);
    // The payment's invoice, listed and as its PDF (decision 0053).
    expect(document.invoices).toMatchObject([{ totalCents: 2499 }]);
    const invoicePdf = zip[document.invoices[0]?.file ?? ""];
    expect(
      Buffer.from(invoicePdf ?? new Uint8Array())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    expect(document.credits.ledger.map((entry) => entry.kind)).toEqual(["plan-grant", "spend"]);
    expect(document.credits.balance).toBe(198);

    // …and every file: each training photo and portrait, byte for byte, where export.json says.
    const linnea = document.children.find((entry) => entry.firstName === "Linnea");
    const wrenEntry = document.children.find((entry) => entry.firstName === "Wren");
    expect(linnea?.photos.map((photo) => photo.id).sort()).toEqual([...hester.photoIds].sort());
    expect(linnea?.portraits.map((portrait) => portrait.id).sort()).toEqual([...hester.imageIds].sort());
    expect(wrenEntry?.photos.map((photo) => photo.id).sort()).toEqual([...wren.photoIds].sort());
    const expectedFiles = [
      ...(linnea?.photos ?? []).map((photo) => photo.file),
      ...(linnea?.portraits ?? []).map((portrait) => portrait.file),
      ...(wrenEntry?.photos ?? []).map((photo) => photo.file),
      ...document.invoices.map((invoice) => invoice.file),
    ];
    expect(Object.keys(zip).sort()).toEqual(["README.txt", "export.json", ...expectedFiles].sort());
    // Face descriptors are biometric data: the export says they are kept back, and why.
    expect(Buffer.from(zip["README.txt"] ?? new Uint8Array()).toString("utf8")).toContain(
      "never leave our\ndatabase",
    );
    expect(expectedFiles.filter((file) => file?.startsWith(`photos/${hester.childId}-linnea/`))).toHaveLength(
      3,
    );
    expect(
      expectedFiles.filter((file) => file?.startsWith(`portraits/${hester.childId}-linnea/`)),
    ).toHaveLength(2);
    const photoRows = await t.database.db
      .select()
      .from(childPhoto)
      .where(eq(childPhoto.childId, hester.childId));
    for (const photo of photoRows) {
      const stored = await t.storage.get(photo.storageKey);
      expect(
        Buffer.from(zip[`photos/${hester.childId}-linnea/${photo.id}.jpg`] ?? []).equals(
          stored ?? Buffer.alloc(1),
        ),
      ).toBe(true);
    }

    // Nothing of Boris's family: not his child, not his files, not his account.
    const everything = new TextDecoder("latin1").decode(
      Buffer.concat(Object.values(zip).map((bytes) => Buffer.from(bytes))),
    );
    for (const foreign of [
      boris.familyId,
      boris.parent.userId,
      boris.parent.email,
      "Orion",
      ...boris.photoIds,
      ...boris.imageIds,
    ]) {
      expect(everything.includes(foreign), foreign).toBe(false);
    }
    const borisFiles = [
      ...(await t.database.db.select().from(childPhoto).where(eq(childPhoto.childId, boris.childId))).map(
        (row) => row.storageKey,
      ),
      ...(
        await t.database.db.select().from(generatedImage).where(eq(generatedImage.childId, boris.childId))
      ).flatMap((row) => (row.storageKey ? [row.storageKey] : [])),
    ];
    for (const foreignKey of borisFiles) {
      const bytes = await t.storage.get(foreignKey);
      expect(Object.values(zip).some((entry) => bytes?.equals(Buffer.from(entry)))).toBe(false);
    }
  });

  it("expires after a week: the file goes, the row says so, and a new export may be asked for", async () => {
    const parent = await verifiedParent(t.app, t.database.db, { firstName: "Ilse" });
    const requested = (await post(t.app, "/api/user/export", {}, parent.token)).json();
    await workQueued(t, [buildDataExportJob.name]);
    const key = `exports/${parent.userId}/${requested.id}.zip`;
    expect(await t.storage.get(key)).not.toBeNull();

    const sixDays = new Date(Date.now() + 6 * 86_400_000);
    expect(await expireDataExports(t.privacy, sixDays)).toEqual({ expired: 0, failed: 0 });
    expect(await t.storage.get(key)).not.toBeNull();

    const eightDays = new Date(Date.now() + 8 * 86_400_000);
    const swept = await expireDataExports(t.privacy, eightDays);
    expect(swept.expired).toBeGreaterThanOrEqual(1);
    expect(await t.storage.get(key)).toBeNull();
    const [row] = await t.database.db.select().from(dataExport).where(eq(dataExport.id, requested.id));
    expect(row).toMatchObject({ status: "expired", storageKey: null });
    expect((await post(t.app, "/api/user/export/status", {}, parent.token)).json()).toMatchObject({
      status: "expired",
      url: null,
    });
    expect((await post(t.app, "/api/user/export", {}, parent.token)).statusCode).toBe(200);

    // An export whose worker died is failed after a few hours, so it cannot block the parent.
    const later = new Date(Date.now() + 7 * 3_600_000);
    expect((await expireDataExports(t.privacy, later)).failed).toBeGreaterThanOrEqual(1);
    expect((await post(t.app, "/api/user/export/status", {}, parent.token)).json()).toMatchObject({
      status: "failed",
    });
  });
});

describe("the hourly sweep in batches", () => {
  it("expires and fails every due export exactly once, reading at most one batch at a time", async () => {
    const BATCH = 2;
    const now = new Date();
    const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
    // Parents written directly: the sweep only reads exports. One export may be pending per parent.
    const parents = Array.from({ length: 3 }, (_, index) => ({
      id: `batch-parent-${index}-${now.getTime()}`,
      name: `Batch ${index}`,
      email: `batch-${index}-${now.getTime()}@example.test`,
    }));
    await t.database.db.insert(user).values(parents);
    const [owner] = parents;
    if (!owner) throw new Error("no parent");
    const ready = Array.from({ length: 5 }, (_, index) => ({
      id: `batch-ready-${index}-${now.getTime()}`,
      userId: owner.id,
      status: "ready",
      storageKey: exportKey(owner.id, `batch-ready-${index}-${now.getTime()}`),
      readyAt: hoursAgo(24 * 8),
      expiresAt: hoursAgo(24),
    }));
    const pending = parents.map((parent, index) => ({
      id: `batch-pending-${index}-${now.getTime()}`,
      userId: parent.id,
      status: "pending",
      // A half-written file of a died worker, on one of them.
      storageKey: index === 0 ? exportKey(parent.id, "partial") : null,
      createdAt: hoursAgo(7),
    }));
    await t.database.db.insert(dataExport).values([...ready, ...pending]);
    for (const key of [...ready, ...pending].flatMap((row) => (row.storageKey ? [row.storageKey] : []))) {
      await t.storage.put(key, Buffer.from("zip"), "application/zip");
    }

    const watch = watchQueries(t.database.db, { table: "data_export" });
    try {
      expect(await expireDataExports(t.privacy, now, { batchSize: BATCH })).toEqual({
        expired: 5,
        failed: 3,
      });
    } finally {
      watch.restore();
    }
    // Ready ones 2 + 2 + 1, then stale pending ones 2 + 1: each short batch ends its walk.
    expect(batchReads(watch.reads).map((read) => read.rows)).toEqual([2, 2, 1, 2, 1]);
    const rows = await t.database.db
      .select({ id: dataExport.id, status: dataExport.status, storageKey: dataExport.storageKey })
      .from(dataExport)
      .where(
        inArray(
          dataExport.id,
          [...ready, ...pending].map((row) => row.id),
        ),
      );
    expect(rows.filter((row) => row.status === "expired" && row.storageKey === null)).toHaveLength(5);
    expect(rows.filter((row) => row.status === "failed")).toHaveLength(3);
    for (const row of [...ready, ...pending]) {
      if (row.storageKey) expect(await t.storage.get(row.storageKey), row.storageKey).toBeNull();
    }
    expect(await expireDataExports(t.privacy, now, { batchSize: BATCH })).toEqual({ expired: 0, failed: 0 });
  });
});
