import { randomBytes, randomUUID } from "node:crypto";
import {
  childErrorCodes,
  commonErrorCodes,
  type PortraitShare,
  SHARE_CAPTION_MAX_LENGTH,
  shareErrorCodes,
  studioErrorCodes,
} from "@wonderkin/contract";
import { eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generatedImage, portraitShare } from "../../src/db/schema";
import { buildDataExportJob } from "../../src/modules/privacy/privacy-job-specs";
import { createTestApp, type TestApp } from "../create-test-app";
import { postAs, type TestParent } from "../support/families";
import { latestMail, post } from "../support/identity";
import { type SeededChild, seedFamily } from "../support/privacy";
import { workQueued } from "../support/studio";

let t: TestApp;
// A non-default lifetime, so the test proves the setting is what decides it.
const SHARE_LINK_DAYS = 3;
const DAY_MS = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({
    PHOTOS_MIN_PER_CHILD: "3",
    FACE_DETECTION: "off",
    SHARE_LINK_DAYS: String(SHARE_LINK_DAYS),
  });
});
afterAll(() => t.close());

/**
 * A hang detector, not a speed limit: seeding trains a child and renders portraits in real image
 * threads (seconds on a quiet machine, many times that beside other work on two cores).
 */
const SLOW = { timeout: 180_000 };

const call = (as: TestParent, path: string, body: unknown, familyId = as.familyId) =>
  postAs(t.app, path, as, familyId, body);

async function share(as: TestParent, imageId: string) {
  return call(as, "/api/generation/share-link", { imageId });
}

async function shareOk(as: TestParent, imageId: string): Promise<PortraitShare> {
  const response = await share(as, imageId);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().share as PortraitShare;
}

/** The address as the app is asked for it (the test app's PUBLIC_URL is http://localhost:3000). */
const pathOf = (url: string) => new URL(url).pathname;

const getPage = (url: string) => t.app.inject({ method: "GET", url });

async function expectGone(url: string) {
  const response = await getPage(url);
  expect(response.statusCode, url).toBe(404);
  expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
  expect(response.headers["x-robots-tag"]).toBe("noindex, nofollow");
  expect(response.headers["cache-control"]).toBe("private, no-store");
  expect(response.body).toContain("This link isn't available");
  expect(response.body).not.toContain("<img");
  return response;
}

let family: SeededChild;
let other: SeededChild;

beforeAll(async () => {
  family = await seedFamily(t, {
    parentName: "Sigrid",
    childName: "Isolde",
    photoSeed: 0,
    portraits: 3,
  });
  other = await seedFamily(t, { parentName: "Bruno", childName: "Magnus", photoSeed: 3, portraits: 1 });
}, 180_000);

describe("making a share link", SLOW, () => {
  it("makes an unguessable link that lasts SHARE_LINK_DAYS, and gives the same one back", async () => {
    const [imageId] = family.imageIds;
    const before = Date.now();
    const first = await shareOk(family.parent, imageId ?? "");
    expect(first.imageId).toBe(imageId);
    expect(first.url).toMatch(/^http:\/\/localhost:3000\/s\/[A-Za-z0-9_-]{43}$/);
    const lifetime = new Date(first.expiresAt).getTime() - new Date(first.createdAt).getTime();
    expect(lifetime).toBe(SHARE_LINK_DAYS * DAY_MS);
    expect(new Date(first.createdAt).getTime()).toBeGreaterThanOrEqual(before - 1000);

    const again = await shareOk(family.parent, imageId ?? "");
    expect(again).toEqual(first);
    const rows = await t.database.db
      .select()
      .from(portraitShare)
      .where(eq(portraitShare.imageId, imageId ?? ""));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      organizationId: family.familyId,
      createdByUserId: family.parent.userId,
      revokedAt: null,
    });

    const listed = await call(family.parent, "/api/children/share-links", { childId: family.childId });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().shares).toEqual([first]);
  });

  it("gives each portrait its own link", async () => {
    const [, second, third] = family.imageIds;
    const a = await shareOk(family.parent, second ?? "");
    const b = await shareOk(family.parent, third ?? "");
    expect(a.url).not.toBe(b.url);
  });

  it("answers 404 for another family's portrait or child, and for an unknown one", async () => {
    const [theirs] = other.imageIds;
    for (const path of ["/api/generation/share-link", "/api/generation/share-link/revoke"]) {
      for (const imageId of [theirs ?? "", randomUUID()]) {
        const response = await call(family.parent, path, { imageId });
        expect(response.statusCode, `${path} ${response.body}`).toBe(404);
        expect(response.json().code).toBe(studioErrorCodes.imageNotFound);
      }
    }
    const theirChild = await call(family.parent, "/api/children/share-links", { childId: other.childId });
    expect(theirChild.statusCode).toBe(404);
    expect(theirChild.json().code).toBe(childErrorCodes.childNotFound);
    // And nothing was made for their portrait.
    const rows = await t.database.db
      .select()
      .from(portraitShare)
      .where(eq(portraitShare.imageId, theirs ?? ""));
    expect(rows).toEqual([]);
  });

  it("refuses previews, portraits still being made and failed ones with 409", async () => {
    const [template] = await t.database.db
      .select()
      .from(generatedImage)
      .where(eq(generatedImage.id, family.imageIds[0] ?? ""));
    if (!template) throw new Error("no portrait");
    const cases = [
      { kind: "preview", status: "succeeded", code: shareErrorCodes.notShareable },
      { kind: "portrait", status: "pending", code: studioErrorCodes.imageNotReady },
      { kind: "portrait", status: "processing", code: studioErrorCodes.imageNotReady },
      { kind: "portrait", status: "failed", code: shareErrorCodes.notShareable },
    ];
    for (const entry of cases) {
      const id = randomUUID();
      await t.database.db.insert(generatedImage).values({
        ...template,
        id,
        kind: entry.kind,
        status: entry.status,
        providerPredictionId: null,
        creditReference: `test:${id}`,
      });
      const response = await share(family.parent, id);
      expect(response.statusCode, `${entry.kind} ${entry.status}`).toBe(409);
      expect(response.json().code).toBe(entry.code);
      expect(response.json().message).toEqual(expect.any(String));
    }
  });
});

describe("the public share page", SLOW, () => {
  it("shows the picture, the product and one way in, never indexed, cached or referred", async () => {
    const [imageId] = family.imageIds;
    const { url } = await shareOk(family.parent, imageId ?? "");
    const page = await getPage(pathOf(url));
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.headers["x-robots-tag"]).toBe("noindex, nofollow");
    expect(page.headers["cache-control"]).toBe("private, no-store");
    expect(page.headers["referrer-policy"]).toBe("no-referrer");
    const csp = String(page.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("img-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).not.toMatch(/script-src/);
    expect(page.body).toContain('<meta name="robots" content="noindex, nofollow">');

    // The picture, the product's name and one link to its landing page (no referrer, no token);
    // no script, and nothing about the child or the family.
    expect(page.body.match(/<img /g)).toHaveLength(1);
    expect(page.body).toContain(`<img src="${pathOf(url)}/portrait.jpg"`);
    expect(page.body).toContain('<span class="brand">Wonderkin</span>');
    expect(page.body).toContain("<title>A shared portrait · Wonderkin</title>");
    const links = [...page.body.matchAll(/<a\s[^>]*>([^<]*)<\/a>/g)];
    expect(links.map((link) => link[1])).toEqual(["Make portraits of your child"]);
    expect(links[0]?.[0]).toContain('href="/sign-up?utm_source=shared-portrait&amp;utm_medium=share-link"');
    expect(links[0]?.[0]).toContain('rel="noreferrer"');
    expect(page.body).not.toMatch(/<script|<link|<form|<iframe/);
    expect(page.body).not.toContain('class="caption"');
    const [row] = await t.database.db
      .select()
      .from(generatedImage)
      .where(eq(generatedImage.id, imageId ?? ""));
    for (const secret of [
      "Isolde",
      "Sigrid",
      family.familyId,
      `children/${family.childId}/`,
      imageId ?? "",
      row?.styleId ?? "",
      "astronaut",
      "/api/",
    ]) {
      expect(page.body, secret).not.toContain(secret);
    }
    // "your child" is the invitation to make one's own; no other word about a child or a family.
    expect(page.body.replace("Make portraits of your child", "")).not.toMatch(/child|famil/i);

    const picture = await getPage(`${pathOf(url)}/portrait.jpg`);
    expect(picture.statusCode).toBe(200);
    expect(picture.headers["content-type"]).toBe("image/jpeg");
    expect(picture.headers["x-robots-tag"]).toBe("noindex, nofollow");
    expect(picture.headers["cache-control"]).toBe("private, no-store");
    expect(picture.headers["content-disposition"]).toBe('inline; filename="portrait.jpg"');
    const stored = await t.storage.get(row?.storageKey ?? "");
    expect(stored).not.toBeNull();
    expect(Buffer.compare(picture.rawPayload, stored ?? Buffer.alloc(0))).toBe(0);
  });

  it("shows the parent's caption, escaped, and changes it when the parent does", async () => {
    const seeded = other;
    const [imageId] = seeded.imageIds;
    const caption = `  Magnus & <b>"Grandma's"</b> <script>alert(1)</script> 🚀  `;
    const made = await call(seeded.parent, "/api/generation/share-link", { imageId, caption });
    expect(made.statusCode, made.body).toBe(200);
    const share = made.json().share as PortraitShare;
    expect(share.caption).toBe(caption.trim());

    const page = await getPage(pathOf(share.url));
    expect(page.statusCode).toBe(200);
    const escaped =
      "Magnus &#38; &#60;b&#62;&#34;Grandma&#39;s&#34;&#60;/b&#62; &#60;script&#62;alert(1)&#60;/script&#62; 🚀";
    expect(page.body).toContain(`<p class="caption">${escaped}</p>`);
    expect(page.body).toContain(`<title>${escaped} · Wonderkin</title>`);
    expect(page.body).not.toContain("<script");
    expect(page.body).not.toContain("<b>");

    // "Copy link" again without a caption keeps it; a new one replaces it; a blank one removes it.
    const again = await shareOk(seeded.parent, imageId ?? "");
    expect(again).toEqual(share);
    const changed = await call(seeded.parent, "/api/generation/share-link", {
      imageId,
      caption: "Magnus, 4",
    });
    expect(changed.json().share).toEqual({ ...share, caption: "Magnus, 4" });
    expect((await getPage(pathOf(share.url))).body).toContain('<p class="caption">Magnus, 4</p>');
    const cleared = await call(seeded.parent, "/api/generation/share-link", { imageId, caption: "   " });
    expect(cleared.json().share).toEqual({ ...share, caption: null });
    const plain = await getPage(pathOf(share.url));
    expect(plain.body).not.toContain('class="caption"');
    expect(plain.body).not.toContain("Magnus");
    const listed = await call(seeded.parent, "/api/children/share-links", { childId: seeded.childId });
    expect(listed.json().shares).toEqual([{ ...share, caption: null }]);
  });

  it("refuses a caption that is too long or holds invisible characters, with a 400", async () => {
    const [imageId] = family.imageIds;
    for (const caption of ["x".repeat(SHARE_CAPTION_MAX_LENGTH + 1), "Mia\u202Egnp.exe", "Mia\nLine", 42]) {
      const response = await call(family.parent, "/api/generation/share-link", { imageId, caption });
      expect(response.statusCode, JSON.stringify(caption)).toBe(400);
      expect(response.json()).toMatchObject({ code: commonErrorCodes.validationFailed });
      expect(response.json().message).toEqual(expect.any(String));
    }
    const longest = await call(family.parent, "/api/generation/share-link", {
      imageId,
      caption: "é".repeat(SHARE_CAPTION_MAX_LENGTH),
    });
    expect(longest.statusCode, longest.body).toBe(200);
    await call(family.parent, "/api/generation/share-link", { imageId, caption: "" });
  });

  it("answers unknown and malformed addresses with the same 404 page", async () => {
    const unknown = randomBytes(32).toString("base64url");
    const pages = [
      await expectGone(`/s/${unknown}`),
      await expectGone(`/s/${unknown}/portrait.jpg`),
      await expectGone("/s/not-a-token"),
      await expectGone("/s/%00"),
      await expectGone(`/s/${"a".repeat(500)}`),
      await expectGone("/s/"),
      await expectGone(`/s/${unknown}/other/path`),
    ];
    expect(new Set(pages.map((page) => page.body)).size).toBe(1);
  });

  it("stops working once expired, and Copy link then makes a new address", async () => {
    const [, imageId] = family.imageIds;
    const first = await shareOk(family.parent, imageId ?? "");
    expect((await getPage(pathOf(first.url))).statusCode).toBe(200);
    const token = pathOf(first.url).split("/").pop() ?? "";
    await t.database.db
      .update(portraitShare)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(portraitShare.token, token));

    const gone = await expectGone(pathOf(first.url));
    await expectGone(`${pathOf(first.url)}/portrait.jpg`);
    const unknown = await getPage(`/s/${randomBytes(32).toString("base64url")}`);
    expect(gone.body).toBe(unknown.body);
    const listed = await call(family.parent, "/api/children/share-links", { childId: family.childId });
    expect(listed.json().shares.map((entry: PortraitShare) => entry.imageId)).not.toContain(imageId);

    const renewed = await shareOk(family.parent, imageId ?? "");
    expect(renewed.url).not.toBe(first.url);
    expect((await getPage(pathOf(renewed.url))).statusCode).toBe(200);
    await expectGone(pathOf(first.url));
  });

  it("stops working once revoked, for good, and revoking again changes nothing", async () => {
    const [, , imageId] = family.imageIds;
    const { url } = await shareOk(family.parent, imageId ?? "");
    expect((await getPage(pathOf(url))).statusCode).toBe(200);

    const revoked = await call(family.parent, "/api/generation/share-link/revoke", { imageId });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toEqual({ revoked: true });
    await expectGone(pathOf(url));
    await expectGone(`${pathOf(url)}/portrait.jpg`);
    const listed = await call(family.parent, "/api/children/share-links", { childId: family.childId });
    expect(listed.json().shares.map((entry: PortraitShare) => entry.imageId)).not.toContain(imageId);

    const twice = await call(family.parent, "/api/generation/share-link/revoke", { imageId });
    expect(twice.json()).toEqual({ revoked: false });

    // Sharing again is a new address; the stopped one stays stopped.
    const fresh = await shareOk(family.parent, imageId ?? "");
    expect(fresh.url).not.toBe(url);
    await expectGone(pathOf(url));
    expect((await getPage(pathOf(fresh.url))).statusCode).toBe(200);
  });

  it("goes with its portrait when the portrait is deleted", async () => {
    const seeded = await seedFamily(t, {
      parentName: "Dagny",
      childName: "Frode",
      photoSeed: 6,
      portraits: 1,
    });
    const [imageId] = seeded.imageIds;
    const { url } = await shareOk(seeded.parent, imageId ?? "");
    expect((await getPage(pathOf(url))).statusCode).toBe(200);
    const deleted = await call(seeded.parent, "/api/children/delete-generated-image", { imageId });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await expectGone(pathOf(url));
    await expectGone(`${pathOf(url)}/portrait.jpg`);
    const rows = await t.database.db
      .select()
      .from(portraitShare)
      .where(eq(portraitShare.imageId, imageId ?? ""));
    expect(rows).toEqual([]);
  });
});

describe("share links in the data export", SLOW, () => {
  it("lists every link the family made, live, expired or stopped, under its portrait", async () => {
    const requested = await post(t.app, "/api/user/export", {}, family.parent.token);
    expect(requested.statusCode, requested.body).toBe(200);
    expect(await workQueued(t, [buildDataExportJob.name])).toBe(1);
    const mail = await latestMail(t.database.db, family.parent.email, "data-export-ready");
    const download = await getPage((mail?.link ?? "").replace("http://localhost:3000", ""));
    expect(download.statusCode).toBe(200);
    const zip = unzipSync(new Uint8Array(download.rawPayload));
    const document = JSON.parse(new TextDecoder().decode(zip["export.json"])) as {
      children: {
        portraits: {
          id: string;
          shareLinks: { address: string; status: string; stoppedAt: string | null; createdByYou: boolean }[];
        }[];
      }[];
    };
    const rows = await t.database.db
      .select()
      .from(portraitShare)
      .where(eq(portraitShare.organizationId, family.familyId));
    const portraits = document.children.flatMap((entry) => entry.portraits);
    const exported = portraits.flatMap((portrait) =>
      portrait.shareLinks.map((link) => ({ ...link, imageId: portrait.id })),
    );
    expect(exported.map((link) => link.address).sort()).toEqual(
      rows.map((row) => `http://localhost:3000/s/${row.token}`).sort(),
    );
    // The second portrait's expired link, the third's stopped one, and a live link each.
    const [first, second, third] = family.imageIds;
    const statuses = (imageId: string | undefined) =>
      exported
        .filter((link) => link.imageId === imageId)
        .map((link) => link.status)
        .sort();
    expect(statuses(first)).toEqual(["active"]);
    expect(statuses(second)).toEqual(["active", "expired"]);
    expect(statuses(third)).toEqual(["active", "stopped"]);
    expect(exported.every((link) => link.createdByYou)).toBe(true);
    // Another family's links are not in it.
    expect(JSON.stringify(document)).not.toContain(other.familyId);
  });
});
