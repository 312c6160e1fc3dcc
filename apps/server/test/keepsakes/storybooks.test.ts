import {
  commonErrorCodes,
  type GeneratedImage,
  type Storybook,
  storybookErrorCodes,
  storybookMessages,
} from "@wonderkin/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storybook } from "../../src/db/schema";
import { makeStorybookJob } from "../../src/modules/keepsakes/keepsake-job-specs";
import { collectExportData } from "../../src/modules/privacy/collect-export-data";
import { exportDocument } from "../../src/modules/privacy/export-document";
import { gatherExportFiles } from "../../src/modules/privacy/gather-export-files";
import { renderPortraitJob, trainChildJob } from "../../src/modules/studio/studio-job-specs";
import { createTestApp, type TestApp } from "../create-test-app";
import { postAs, type TestParent } from "../support/families";
import { latestMail, post } from "../support/identity";
import { describeStorybookPdf } from "../support/pdf-preflight";
import { checkOut, parentWithChild, workQueued } from "../support/studio";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PHOTOS_MIN_PER_CHILD: "3", FACE_DETECTION: "off" });
});
afterAll(() => t.close());

const call = (as: TestParent, path: string, body: unknown) => postAs(t.app, path, as, as.familyId, body);

/** Buys one Storybook add-on through the local checkout, as the web app does. */
const buyStorybook = (as: TestParent) => checkOut(t, as, { addOnId: "storybook" });

const booksBought = async (as: TestParent) =>
  (await post(t.app, "/api/subscription/add-ons", {}, as.token)).json().balances.book as number;

const listBooks = async (as: TestParent, childId: number) => {
  const listed = await call(as, "/api/storybooks/list", { childId });
  expect(listed.statusCode, listed.body).toBe(200);
  return listed.json() as {
    storybooks: Storybook[];
    allowance: { perMonth: number; leftThisMonth: number; purchased: number };
  };
};

const order = (as: TestParent, childId: number, imageIds: string[], extra: Record<string, unknown> = {}) =>
  call(as, "/api/storybooks", {
    childId,
    title: "Luna's magical year",
    format: "a4",
    pages: imageIds.map((imageId) => ({ imageId })),
    ...extra,
  });

const fetchPdf = async (url: string | null) => {
  const download = await t.app.inject({ method: "GET", url: url ?? "" });
  expect(download.statusCode).toBe(200);
  expect(download.headers["content-type"]).toBe("application/pdf");
  expect(download.headers["content-disposition"]).toContain("lunas-magical-year-storybook.pdf");
  return download.rawPayload;
};

/** A Magician parent (planId 1) whose trained child has ten finished portraits. */
async function magicianWithPortraits() {
  const fixture = await parentWithChild(t, { firstName: "Rosalind", planId: 1, photos: 3 });
  await call(fixture.parent, "/api/children/training/start", { childId: fixture.childId });
  await workQueued(t, [trainChildJob.name]);
  const imageIds: string[] = [];
  for (const [styleId, count] of [
    ["astronaut", 4],
    ["fairy", 4],
    ["ice-queen", 2],
  ] as const) {
    const generated = await call(fixture.parent, "/api/generation/generate", {
      childId: fixture.childId,
      styleId,
      count,
    });
    expect(generated.statusCode, generated.body).toBe(200);
    imageIds.push(...(generated.json().images as GeneratedImage[]).map(({ id }) => id));
  }
  await workQueued(t, [renderPortraitJob.name]);
  return { ...fixture, imageIds };
}

// The 240 s ceilings are hang detectors, not speed limits: the fixture trains a child and renders
// ten portraits, and each book lays out pages at 300 dpi in image threads, slow on two cores.
describe("storybooks (issue 33)", () => {
  let luna: Awaited<ReturnType<typeof magicianWithPortraits>>;
  beforeAll(async () => {
    luna = await magicianWithPortraits();
  }, 240_000);

  it("refuses a book with a clear message and spends nothing", async () => {
    const { parent, childId, imageIds } = luna;
    const eight = imageIds.slice(0, 8);
    // Magician makes books with the Storybook add-on only.
    const unpaid = await order(parent, childId, eight);
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json()).toMatchObject({
      code: storybookErrorCodes.addOnNeeded,
      message: storybookMessages.addOnNeeded,
    });

    await buyStorybook(parent);
    expect(await booksBought(parent)).toBe(1);
    const refusals: [unknown, number, string][] = [
      [await order(parent, childId, imageIds.slice(0, 7)), 400, storybookErrorCodes.tooFewPages],
      [
        await order(
          parent,
          childId,
          Array.from({ length: 25 }, (_, i) => `img-${i}`),
        ),
        400,
        storybookErrorCodes.tooManyPages,
      ],
      [
        await order(parent, childId, [...imageIds.slice(0, 7), imageIds[0] ?? ""]),
        400,
        storybookErrorCodes.samePortraitTwice,
      ],
      [
        await order(parent, childId, [...imageIds.slice(0, 7), "no-such-portrait"]),
        409,
        storybookErrorCodes.portraitNotInBook,
      ],
      [await order(parent, childId, eight, { title: "  " }), 400, commonErrorCodes.validationFailed],
      [await order(parent, childId, eight, { format: "a3" }), 400, commonErrorCodes.validationFailed],
    ];
    for (const [answer, status, code] of refusals) {
      const response = answer as { statusCode: number; json(): { code: string; message: string } };
      expect(response.statusCode).toBe(status);
      expect(response.json().code).toBe(code);
      expect(response.json().message).not.toBe("");
    }
    expect(await booksBought(parent)).toBe(1);
    expect(await t.database.db.select().from(storybook).where(eq(storybook.childId, childId))).toEqual([]);

    // Alchemist (planId 5) neither makes nor sells books.
    const alchemist = await parentWithChild(t, { firstName: "Otto", planId: 5, photos: 0 });
    const refused = await order(alchemist.parent, alchemist.childId, eight);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: storybookErrorCodes.notIncluded,
      message: storybookMessages.notIncluded,
    });
    // Another family's child is "not found", to order and to list.
    const stranger = await order(alchemist.parent, childId, eight);
    expect(stranger.statusCode).toBe(404);
    expect((await call(alchemist.parent, "/api/storybooks/list", { childId })).statusCode).toBe(404);
  }, 240_000);

  it("makes a print-ready A4 book of the portraits, downloadable and e-mailed", async () => {
    const { parent, childId, imageIds } = luna;
    const pages = imageIds.slice(0, 8).map((imageId) => ({ imageId }));
    const ordered = await call(parent, "/api/storybooks", {
      childId,
      title: "Luna's magical year",
      format: "a4",
      pages: [
        { imageId: pages[0]?.imageId, caption: "Our little astronaut, ready for lift-off." },
        ...pages.slice(1),
      ],
    });
    expect(ordered.statusCode, ordered.body).toBe(200);
    expect(ordered.json()).toMatchObject({
      storybook: { status: "pending", portraitCount: 8, format: "a4", paidWith: "add-on", downloadUrl: null },
      allowance: { perMonth: 0, leftThisMonth: 0, purchased: 0 },
    });

    expect(await workQueued(t, [makeStorybookJob.name])).toBe(1);
    const [book] = (await listBooks(parent, childId)).storybooks;
    expect(book).toMatchObject({ status: "succeeded", progress: 100, title: "Luna's magical year" });
    const pdf = await describeStorybookPdf(await fetchPdf(book?.downloadUrl ?? null));
    expect(book?.bytes).toBe(pdf.bytes);
    // Cover, eight portraits, the closing page; every page A4 with 3 mm of bleed.
    expect(pdf.pages).toHaveLength(10);
    for (const page of pdf.pages) {
      expect(page.trimMm).toEqual({ width: 210, height: 297 });
      expect(page.bleedMm).toEqual({ width: 216, height: 303 });
      expect(page.mediaMm).toEqual(page.bleedMm);
    }
    expect(pdf.fonts.length).toBeGreaterThan(0);
    expect(pdf.fonts.every((font) => font.embedded && !font.standard)).toBe(true);
    // Every portrait placed is at 300 dpi at its printed size.
    const placed = pdf.pages.flatMap((page) => page.images);
    expect(placed.length).toBeGreaterThanOrEqual(9);
    for (const image of placed) expect(image.dpi).toBeCloseTo(300, -1);
    expect(pdf.text).toContain("Luna's magical year");
    expect(pdf.text).toContain("Our little astronaut, ready for lift-off.");
    // The other pages carry their style's category caption: astronauts are "work", fairies "wonder".
    expect(pdf.text).toContain("One day, Luna will do great things.");
    expect(pdf.text).toContain("Luna discovers a world full of wonder.");

    const mail = await latestMail(t.database.db, parent.email, "storybook-ready");
    expect(mail?.subject).toBe(`"Luna's magical year", Luna's storybook, is ready to print`);
    expect(await fetchPdf((mail?.link ?? "").replace(t.env.publicUrl, ""))).toHaveLength(pdf.bytes);

    // The parent's data export carries the book: its PDF in the zip, and its record in export.json.
    const data = await collectExportData(t.database.db, parent.userId);
    if (!data) throw new Error("the parent's export data");
    const { entries, files } = await gatherExportFiles(t.storage, data, async () => {});
    const path = `storybooks/${childId}-luna/${book?.id}.pdf`;
    expect(entries[path]?.byteLength).toBe(pdf.bytes);
    const exported = exportDocument(data, files, new Date(), { publicUrl: t.env.publicUrl });
    expect(exported.children[0]?.storybooks).toEqual([
      expect.objectContaining({
        id: book?.id,
        title: "Luna's magical year",
        format: "a4",
        file: path,
        orderedByYou: true,
      }),
    ]);
    expect(exported.children[0]?.storybooks[0]?.portraits).toEqual(imageIds.slice(0, 8));
  }, 240_000);

  it("a portrait deleted while its book is made fails the book and gives its add-on back; a made book goes with it", async () => {
    const { parent, childId, imageIds } = luna;
    await buyStorybook(parent);
    const ordered = await order(parent, childId, imageIds.slice(0, 8), { format: "square" });
    expect(ordered.statusCode, ordered.body).toBe(200);
    expect(await booksBought(parent)).toBe(0);
    const [made] = await t.database.db.select().from(storybook).where(eq(storybook.status, "succeeded"));

    const deleted = await call(parent, "/api/children/delete-generated-image", { imageId: imageIds[0] });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await workQueued(t, [makeStorybookJob.name]);
    const { storybooks } = await listBooks(parent, childId);
    // The book being made failed (its add-on back); the made book holding the portrait is gone.
    expect(storybooks.map(({ format, status, error }) => ({ format, status, error }))).toEqual([
      { format: "square", status: "failed", error: storybookMessages.portraitDeleted },
    ]);
    expect(await booksBought(parent)).toBe(1);
    expect(await t.storage.get(made?.storageKey ?? "")).toBeNull();

    // A square book of the portraits left, then the child deleted: its book goes too, on the receipt.
    const again = await order(parent, childId, imageIds.slice(1, 9), { format: "square" });
    expect(again.statusCode, again.body).toBe(200);
    await workQueued(t, [makeStorybookJob.name]);
    const [square] = (await listBooks(parent, childId)).storybooks;
    const pdf = await describeStorybookPdf(await fetchPdf(square?.downloadUrl ?? null));
    expect(pdf.pages[0]?.trimMm).toEqual({ width: 210, height: 210 });
    const [row] = await t.database.db
      .select()
      .from(storybook)
      .where(eq(storybook.id, square?.id ?? ""));

    const gone = await call(parent, "/api/children/delete", { childId, confirmName: "Luna" });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await t.storage.get(row?.storageKey ?? "")).toBeNull();
    expect(await t.database.db.select().from(storybook).where(eq(storybook.childId, childId))).toEqual([]);
    const receiptMail = await latestMail(t.database.db, parent.email, "child-deleted");
    expect(receiptMail?.text).toMatch(/"storybooks":1/);
  }, 240_000);
});

describe("Oracle's book of the month", () => {
  it("makes one book a month on the plan; two orders at once take it once; a failed book gives it back", async () => {
    const fixture = await parentWithChild(t, { firstName: "Odile", planId: 3, photos: 3 });
    const { parent, childId } = fixture;
    await call(parent, "/api/children/training/start", { childId });
    await workQueued(t, [trainChildJob.name]);
    const imageIds: string[] = [];
    for (const styleId of ["astronaut", "fairy"]) {
      const generated = await call(parent, "/api/generation/generate", { childId, styleId, count: 4 });
      expect(generated.statusCode, generated.body).toBe(200);
      imageIds.push(...(generated.json().images as GeneratedImage[]).map(({ id }) => id));
    }
    await workQueued(t, [renderPortraitJob.name]);
    expect((await listBooks(parent, childId)).allowance).toEqual({
      perMonth: 1,
      leftThisMonth: 1,
      purchased: 0,
    });

    const both = await Promise.all([order(parent, childId, imageIds), order(parent, childId, imageIds)]);
    expect(both.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const refused = both.find((answer) => answer.statusCode === 409);
    expect(refused?.json()).toMatchObject({
      code: storybookErrorCodes.allowanceUsed,
      message: storybookMessages.allowanceUsed,
    });
    const { storybooks, allowance } = await listBooks(parent, childId);
    expect(storybooks.map(({ paidWith }) => paidWith)).toEqual(["plan"]);
    expect(allowance.leftThisMonth).toBe(0);

    // Its portrait deleted before it was made: the book fails and the month's book is back.
    await call(parent, "/api/children/delete-generated-image", { imageId: imageIds[3] });
    await workQueued(t, [makeStorybookJob.name]);
    expect((await listBooks(parent, childId)).allowance.leftThisMonth).toBe(1);
  }, 240_000);
});
