import { randomUUID } from "node:crypto";
import {
  type Child,
  childErrorCodes,
  type GalleryFilters,
  type GeneratedImage,
  studioErrorCodes,
} from "@wonderkin/contract";
import { eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { child, generatedImage, studioIntroSeen } from "../../src/db/schema";
import { buildDataExportJob } from "../../src/modules/privacy/privacy-job-specs";
import { createTestApp, type TestApp } from "../create-test-app";
import { acceptConsent } from "../support/children";
import { inviteAndJoin, postAs, type TestParent, verifiedParent } from "../support/families";
import { latestMail, post, tokenFor } from "../support/identity";
import { workQueued } from "../support/studio";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ FACE_DETECTION: "off" });
});
afterAll(() => t.close());

const call = (as: TestParent, path: string, body: unknown, familyId = as.familyId) =>
  postAs(t.app, path, as, familyId, body);

async function parentWithChild(firstName: string, childName = "Luna") {
  const parent = await verifiedParent(t.app, t.database.db, { firstName });
  await acceptConsent(t.app, parent);
  const added = await call(parent, "/api/children/add", { firstName: childName, age: 5, gender: "girl" });
  expect(added.statusCode, added.body).toBe(200);
  expect(added.json().studioIntroSeen).toBe(false);
  return { parent, childId: added.json().id as number };
}

let clock = Date.parse("2026-03-01T10:00:00Z");

/** A portrait written straight to the table: the gallery reads rows, whatever rendered them. */
async function portrait(
  familyId: string,
  childId: number,
  styleId: string,
  options: { status?: string; kind?: "portrait" | "preview" } = {},
): Promise<string> {
  const id = randomUUID();
  clock += 1000;
  await t.database.db.insert(generatedImage).values({
    id,
    kind: options.kind ?? "portrait",
    childId,
    organizationId: familyId,
    styleId,
    prompt: "a portrait",
    seed: 1,
    status: options.status ?? "succeeded",
    creditReference: `fixture:${id}`,
    creditCost: 1,
    watermarked: false,
    createdAt: new Date(clock),
  });
  return id;
}

async function children(as: TestParent, familyId = as.familyId): Promise<Child[]> {
  const response = await call(as, "/api/children/get", {}, familyId);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Child[];
}

async function gallery(as: TestParent, body: Record<string, unknown>, familyId = as.familyId) {
  const response = await call(as, "/api/children/generated-images", body, familyId);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { images: GeneratedImage[]; nextCursor: string | null };
}

async function filters(as: TestParent, childId: number): Promise<GalleryFilters> {
  const response = await call(as, "/api/children/generated-images/filters", { childId });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as GalleryFilters;
}

const setFavourite = (as: TestParent, imageId: string, favourite: boolean, familyId = as.familyId) =>
  call(as, "/api/children/generated-images/favourite", { imageId, favourite }, familyId);

describe("the studio introduction", () => {
  it("is seen once per child and parent, on the server, whatever the sign-in", async () => {
    const { parent: ada, childId: mia } = await parentWithChild("Ada", "Mia");
    const bea = await verifiedParent(t.app, t.database.db, { firstName: "Bea" });
    await inviteAndJoin(t.app, t.database.db, {
      by: ada,
      familyId: ada.familyId,
      invitee: bea,
      role: "member",
    });
    expect((await children(ada)).map((entry) => entry.studioIntroSeen)).toEqual([false]);

    const seen = await call(ada, "/api/children/studio-intro/seen", { childId: mia });
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toEqual({ seen: true });
    const [first] = await t.database.db
      .select()
      .from(studioIntroSeen)
      .where(eq(studioIntroSeen.childId, mia));

    // Again: nothing changes, the first time is kept.
    const again = await call(ada, "/api/children/studio-intro/seen", { childId: mia });
    expect(again.statusCode).toBe(200);
    const rows = await t.database.db.select().from(studioIntroSeen).where(eq(studioIntroSeen.childId, mia));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.seenAt).toEqual(first?.seenAt);

    // A new sign-in (a new token) still knows; another parent of the family has not seen it.
    const adaAgain = { ...ada, token: await tokenFor(t.app, ada.email) };
    expect(adaAgain.token).not.toBe(ada.token);
    expect((await children(adaAgain)).map((entry) => entry.studioIntroSeen)).toEqual([true]);
    expect((await children(bea, ada.familyId)).map((entry) => entry.studioIntroSeen)).toEqual([false]);
  });

  it("is per child, and refuses a child of another family with 404", async () => {
    const { parent: cleo, childId: nora } = await parentWithChild("Cleo", "Nora");
    const { parent: dan, childId: otto } = await parentWithChild("Dan", "Otto");
    await inviteAndJoin(t.app, t.database.db, {
      by: dan,
      familyId: dan.familyId,
      invitee: cleo,
      role: "member",
    });

    expect((await call(cleo, "/api/children/studio-intro/seen", { childId: nora })).statusCode).toBe(200);
    expect((await children(cleo)).find((entry) => entry.id === nora)?.studioIntroSeen).toBe(true);
    // Cleo is in Dan's family too: Otto's intro is still to come for her.
    expect((await children(cleo, dan.familyId)).find((entry) => entry.id === otto)?.studioIntroSeen).toBe(
      false,
    );

    // Otto asked about while acting for Cleo's own family: not a child of that family.
    const foreign = await call(cleo, "/api/children/studio-intro/seen", { childId: otto });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe(childErrorCodes.childNotFound);
    const rows = await t.database.db.select().from(studioIntroSeen).where(eq(studioIntroSeen.childId, otto));
    expect(rows).toEqual([]);
  });

  it("goes with the child", async () => {
    const { parent, childId } = await parentWithChild("Eve");
    await call(parent, "/api/children/studio-intro/seen", { childId });
    await t.database.db.delete(child).where(eq(child.id, childId));
    const rows = await t.database.db
      .select()
      .from(studioIntroSeen)
      .where(eq(studioIntroSeen.childId, childId));
    expect(rows).toEqual([]);
  });
});

describe("favourites and the gallery's filters", () => {
  it("marks and unmarks a finished portrait for the whole family, idempotently", async () => {
    const { parent: fay, childId } = await parentWithChild("Fay");
    const gus = await verifiedParent(t.app, t.database.db, { firstName: "Gus" });
    await inviteAndJoin(t.app, t.database.db, {
      by: fay,
      familyId: fay.familyId,
      invitee: gus,
      role: "member",
    });
    const imageId = await portrait(fay.familyId, childId, "fairy");
    expect((await gallery(fay, { childId })).images[0]?.favourite).toBe(false);

    const marked = await setFavourite(gus, imageId, true, fay.familyId);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().image).toMatchObject({ id: imageId, favourite: true });
    const [row] = await t.database.db.select().from(generatedImage).where(eq(generatedImage.id, imageId));
    const since = row?.favouriteAt;
    expect(since).toBeInstanceOf(Date);
    // Fay sees Gus's mark: one gallery per family.
    expect((await gallery(fay, { childId })).images[0]?.favourite).toBe(true);

    // Marking again keeps the first time.
    expect((await setFavourite(fay, imageId, true)).json().image.favourite).toBe(true);
    const [still] = await t.database.db.select().from(generatedImage).where(eq(generatedImage.id, imageId));
    expect(still?.favouriteAt).toEqual(since);

    const unmarked = await setFavourite(fay, imageId, false);
    expect(unmarked.json().image.favourite).toBe(false);
    expect((await setFavourite(fay, imageId, false)).json().image.favourite).toBe(false);
    expect((await gallery(gus, { childId }, fay.familyId)).images[0]?.favourite).toBe(false);
  });

  it("answers 404 IMAGE_NOT_FOUND for another family's or an unknown portrait, and 409 for one not finished", async () => {
    const { parent: hal, childId } = await parentWithChild("Hal");
    const { parent: ivy } = await parentWithChild("Ivy");
    const theirs = await portrait(hal.familyId, childId, "fairy");

    for (const imageId of [theirs, "no-such-portrait"]) {
      const refused = await setFavourite(ivy, imageId, true);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ code: studioErrorCodes.imageNotFound, message: expect.any(String) });
    }
    const [row] = await t.database.db.select().from(generatedImage).where(eq(generatedImage.id, theirs));
    expect(row?.favouriteAt).toBeNull();

    const making = await portrait(hal.familyId, childId, "fairy", { status: "processing" });
    const early = await setFavourite(hal, making, true);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe(studioErrorCodes.imageNotReady);

    // Filters of another family's child: not found either.
    const foreign = await call(ivy, "/api/children/generated-images/filters", { childId });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe(childErrorCodes.childNotFound);
  });

  it("counts the styles present and the favourites, and lists one filter a page at a time", async () => {
    const { parent, childId } = await parentWithChild("Jo");
    expect(await filters(parent, childId)).toEqual({ portraits: 0, favourites: 0, styles: [] });

    const fairies = [
      await portrait(parent.familyId, childId, "fairy"),
      await portrait(parent.familyId, childId, "fairy"),
      await portrait(parent.familyId, childId, "fairy", { status: "failed" }),
    ];
    const astronaut = await portrait(parent.familyId, childId, "astronaut");
    // A preview is in the strip, not among the gallery's portraits: neither counted nor filtered.
    const preview = await portrait(parent.familyId, childId, "viking", { kind: "preview" });
    await setFavourite(parent, fairies[0] ?? "", true);
    await setFavourite(parent, astronaut, true);
    await setFavourite(parent, preview, true);

    expect(await filters(parent, childId)).toEqual({
      portraits: 4,
      favourites: 2,
      styles: [
        { styleId: "fairy", count: 3 },
        { styleId: "astronaut", count: 1 },
      ],
    });

    // Everything (previews included) without a filter, as before.
    expect((await gallery(parent, { childId })).images).toHaveLength(5);

    // One style, newest first, paged with its own cursor.
    const page1 = await gallery(parent, { childId, limit: 2, filter: { styleId: "fairy" } });
    expect(page1.images.map((image) => image.id)).toEqual([fairies[2], fairies[1]]);
    expect(page1.nextCursor).not.toBeNull();
    const page2 = await gallery(parent, {
      childId,
      limit: 2,
      filter: { styleId: "fairy" },
      cursor: page1.nextCursor,
    });
    expect(page2.images.map((image) => image.id)).toEqual([fairies[0]]);
    expect(page2.nextCursor).toBeNull();

    const favourites = await gallery(parent, { childId, filter: { favourites: true } });
    expect(favourites.images.map((image) => image.id)).toEqual([astronaut, fairies[0]]);
    expect(favourites.images.every((image) => image.favourite)).toBe(true);
    expect((await gallery(parent, { childId, filter: { styleId: "viking" } })).images).toEqual([]);

    // A filter that is neither is refused as bad input.
    const bad = await call(parent, "/api/children/generated-images", {
      childId,
      filter: { favourites: false },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe("VALIDATION_FAILED");
  });

  it("puts the favourites and the intro seen into the parent's data export", async () => {
    const { parent, childId } = await parentWithChild("Kit");
    const imageId = await portrait(parent.familyId, childId, "fairy");
    const other = await portrait(parent.familyId, childId, "astronaut");
    await setFavourite(parent, imageId, true);
    await call(parent, "/api/children/studio-intro/seen", { childId });

    const requested = await post(t.app, "/api/user/export", {}, parent.token);
    expect(requested.statusCode, requested.body).toBe(200);
    expect(await workQueued(t, [buildDataExportJob.name])).toBe(1);
    const link = (await latestMail(t.database.db, parent.email, "data-export-ready"))?.link ?? "";
    const download = await t.app.inject({ method: "GET", url: link.replace("http://localhost:3000", "") });
    expect(download.statusCode).toBe(200);
    const zip = unzipSync(new Uint8Array(download.rawPayload));
    const document = JSON.parse(new TextDecoder().decode(zip["export.json"])) as {
      children: {
        id: number;
        studioIntroSeenByYouAt: string | null;
        portraits: { id: string; favouriteSince: string | null }[];
      }[];
    };
    const entry = document.children.find((candidate) => candidate.id === childId);
    expect(entry?.studioIntroSeenByYouAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(entry?.portraits.find((image) => image.id === imageId)?.favouriteSince).toMatch(
      /^\d{4}-\d\d-\d\dT/,
    );
    expect(entry?.portraits.find((image) => image.id === other)?.favouriteSince).toBeNull();
  });
});
