import { userErrorCodes } from "@wonderkin/contract";
import { eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "../../src/db/schema";
import { buildDataExportJob } from "../../src/modules/privacy/privacy-job-specs";
import { profilePicturePath } from "../../src/modules/profile-picture/profile-picture-address";
import { createTestApp, type TestApp } from "../create-test-app";
import { createFamilyFixture, postAs, type TestParent, verifiedParent } from "../support/families";
import { PASSWORD, post } from "../support/identity";
import { workQueued } from "../support/studio";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const parent = (firstName: string) => verifiedParent(t.app, t.database.db, { firstName });
const upload = (as: TestParent, picture: string) => post(t.app, "/api/user/picture", { picture }, as.token);
const get = (url: string) => t.app.inject({ method: "GET", url });
const storedKeys = (as: TestParent) => t.storage.list(`users/${as.userId}/`);
const imageOf = async (as: TestParent) =>
  (await t.database.db.select({ image: user.image }).from(user).where(eq(user.id, as.userId)))[0]?.image;

/** A landscape JPEG carrying EXIF, labelled as PNG: the server must trust the bytes, not the label. */
async function photoWithExif(background: string): Promise<string> {
  const jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background } })
    .withExif({ IFD0: { Artist: "Secret location" } })
    .jpeg()
    .toBuffer();
  return `data:image/png;base64,${jpeg.toString("base64")}`;
}

describe("the parent's profile picture", () => {
  it("stores a square WebP without the original's metadata, at a signed address only", async () => {
    const ada = await parent("Ada");
    const response = await upload(ada, await photoWithExif("#c0a"));
    expect(response.statusCode, response.body).toBe(200);
    const avatarUrl: string = response.json().avatarUrl;
    expect(avatarUrl).toMatch(/^\/api\/user\/picture\/.+\.webp\?expires=\d+&signature=/);
    // The record keeps a stable path; the address is signed afresh on every read.
    expect(await imageOf(ada)).toBe(avatarUrl.split("?")[0]);
    expect(await storedKeys(ada)).toHaveLength(1);

    const picture = await get(avatarUrl);
    expect(picture.statusCode).toBe(200);
    expect(picture.headers["content-type"]).toBe("image/webp");
    const metadata = await sharp(picture.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 256, height: 256 });
    expect(metadata.exif).toBeUndefined();
    expect(picture.rawPayload.includes(Buffer.from("Secret location"))).toBe(false);

    // Without the signature, with a tampered one, or with the signature moved to another parent's
    // path, nobody reads it.
    const [path, query] = avatarUrl.split("?") as [string, string];
    expect((await get(path)).statusCode).toBe(404);
    const tampered = avatarUrl.replace(/signature=(.)/, (_, first: string) =>
      first === "A" ? "signature=B" : "signature=A",
    );
    expect((await get(tampered)).statusCode).toBe(404);
    const bea = await parent("Bea");
    expect((await get(`${path.replace(ada.userId, bea.userId)}?${query}`)).statusCode).toBe(404);

    // The same signed address, fresh, for the other members of a shared family.
    const { familyId } = await createFamilyFixture(t.database.db, {
      name: "Shared",
      members: [
        { userId: ada.userId, role: "owner" },
        { userId: bea.userId, role: "member" },
      ],
    });
    const members = (await postAs(t.app, "/api/organization/getMembers", bea, familyId)).json().members as {
      userId: string;
      avatarUrl: string | null;
    }[];
    const adaAsMember = members.find((each) => each.userId === ada.userId)?.avatarUrl ?? "";
    expect(adaAsMember.split("?")[0]).toBe(path);
    expect((await get(adaAsMember)).statusCode).toBe(200);
    expect(members.find((each) => each.userId === bea.userId)?.avatarUrl).toBeNull();
  });

  it("replaces the old file, and removes it", async () => {
    const ada = await parent("Ada");
    const first: string = (await upload(ada, await photoWithExif("#c0a"))).json().avatarUrl;
    const second: string = (await upload(ada, await photoWithExif("#0ac"))).json().avatarUrl;
    expect(second.split("?")[0]).not.toBe(first.split("?")[0]);
    expect((await get(first)).statusCode).toBe(404);
    expect((await get(second)).statusCode).toBe(200);
    expect(await storedKeys(ada)).toHaveLength(1);

    const removed = await post(t.app, "/api/user/picture/remove", {}, ada.token);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().avatarUrl).toBeNull();
    expect(await imageOf(ada)).toBeNull();
    expect(await storedKeys(ada)).toEqual([]);
    expect((await get(second)).statusCode).toBe(404);
  });

  it("refuses what is not a usable picture with its code, and changes nothing", async () => {
    const ada = await parent("Ada");
    const kept: string = (await upload(ada, await photoWithExif("#c0a"))).json().avatarUrl;
    const keysBefore = await storedKeys(ada);
    const jpeg = Buffer.from((await photoWithExif("#0ac")).split(",")[1] ?? "", "base64");
    for (const bytes of [
      Buffer.from("<svg onload=alert(1)>"),
      // A JPEG cut short: it says it is one, but cannot be decoded.
      jpeg.subarray(0, Math.floor(jpeg.length / 3)),
    ]) {
      const response = await upload(ada, `data:image/jpeg;base64,${bytes.toString("base64")}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: userErrorCodes.pictureInvalid,
        message: expect.stringContaining("JPEG, PNG or WebP"),
      });
    }
    const notADataUrl = await upload(ada, "https://example.com/me.png");
    expect(notADataUrl.statusCode).toBe(400);
    expect(await storedKeys(ada)).toEqual(keysBefore);
    expect(await imageOf(ada)).toBe(kept.split("?")[0]);
  });

  it("shows an address from a social profile as it is, and never signs another parent's path", async () => {
    const ada = await parent("Ada");
    const bea = await parent("Bea");
    const bestowed: string = (await upload(bea, await photoWithExif("#c0a"))).json().avatarUrl;
    await t.database.db
      .update(user)
      .set({ image: "https://example.com/ada.png" })
      .where(eq(user.id, ada.userId));
    expect((await post(t.app, "/api/user/get", {}, ada.token)).json().avatarUrl).toBe(
      "https://example.com/ada.png",
    );
    // Better Auth's own update-user call could set any image: Bea's path must not become readable.
    const beaPath = bestowed.split("?")[0] ?? "";
    const version = beaPath.slice(beaPath.lastIndexOf("/") + 1, -".webp".length);
    expect(beaPath).toBe(profilePicturePath(bea.userId, version));
    await t.database.db.update(user).set({ image: beaPath }).where(eq(user.id, ada.userId));
    expect((await post(t.app, "/api/user/get", {}, ada.token)).json().avatarUrl).toBeNull();
  });

  it("comes along in the data export", async () => {
    const ada = await parent("Ada");
    const avatarUrl: string = (await upload(ada, await photoWithExif("#c0a"))).json().avatarUrl;
    expect((await post(t.app, "/api/user/export", {}, ada.token)).statusCode).toBe(200);
    expect(await workQueued(t, [buildDataExportJob.name])).toBe(1);
    const [key = ""] = await t.storage.list(`exports/${ada.userId}/`);
    const zip = unzipSync(new Uint8Array((await t.storage.get(key)) ?? []));
    const served = (await get(avatarUrl)).rawPayload;
    expect(Buffer.from(zip["account/picture.webp"] ?? []).equals(served)).toBe(true);
    const document = JSON.parse(new TextDecoder().decode(zip["export.json"]));
    expect(document.account).toMatchObject({ avatarUrl: null, picture: "account/picture.webp" });
  });

  it("goes with the account", async () => {
    const ada = await parent("Ada");
    const avatarUrl: string = (await upload(ada, await photoWithExif("#c0a"))).json().avatarUrl;
    expect(await storedKeys(ada)).toHaveLength(1);
    const deleted = await post(
      t.app,
      "/api/user/delete",
      { confirmEmail: ada.email, password: PASSWORD },
      ada.token,
    );
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await storedKeys(ada)).toEqual([]);
    expect((await get(avatarUrl)).statusCode).toBe(404);
  });
});
