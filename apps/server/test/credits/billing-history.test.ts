import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { child, creditLedger, member } from "../../src/db/schema";
import { createTestApp, type TestApp } from "../create-test-app";
import { postAs } from "../support/families";
import { post } from "../support/identity";
import { seedFamily } from "../support/privacy";

/*
 * Billing history names the child a portrait was made of, read from the child when the history is
 * read: the ledger keeps only the child's id, so a deleted child (or one of a family the parent has
 * left) is no longer named anywhere.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PHOTOS_MIN_PER_CHILD: "3", FACE_DETECTION: "off" });
});
afterAll(() => t.close());

type Entry = { kind: string; description: string; credits: number | null };

async function spends(as: { token: string }): Promise<Entry[]> {
  const response = await post(t.app, "/api/subscription/history", undefined, as.token);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().entries as Entry[]).filter((entry) => entry.kind === "spend");
}

// A hang detector, not a speed limit: seeding trains a child and renders portraits in image threads.
describe("billing history", { timeout: 180_000 }, () => {
  it("names the child of each portrait spend, as the child is named now", async () => {
    const seeded = await seedFamily(t, {
      parentName: "Nora",
      childName: "Marigold",
      photoSeed: 0,
      portraits: 2,
    });
    expect(await spends(seeded.parent)).toEqual([
      expect.objectContaining({ description: "2 × Astronaut portrait of Marigold", credits: -2 }),
    ]);
    // The ledger itself holds no name.
    const notes = await t.database.db
      .select({ note: creditLedger.note })
      .from(creditLedger)
      .where(eq(creditLedger.userId, seeded.parent.userId));
    expect(notes.map((row) => row.note).join("\n")).not.toContain("Marigold");

    // A name corrected later shows in the history too: it is read, not copied.
    await t.database.db.update(child).set({ firstName: "Marigolde" }).where(eq(child.id, seeded.childId));
    expect((await spends(seeded.parent))[0]?.description).toBe("2 × Astronaut portrait of Marigolde");

    // A parent who left the family no longer learns the child's name from their history.
    await t.database.db.delete(member).where(eq(member.userId, seeded.parent.userId));
    expect((await spends(seeded.parent))[0]?.description).toBe(
      "2 × Astronaut portrait of a child no longer in the family",
    );
  });

  it("speaks of a deleted child as no longer in the family", async () => {
    const seeded = await seedFamily(t, {
      parentName: "Otto",
      childName: "Juniper",
      photoSeed: 3,
      portraits: 1,
    });
    expect((await spends(seeded.parent))[0]?.description).toBe("1 × Astronaut portrait of Juniper");
    const deleted = await postAs(t.app, "/api/children/delete", seeded.parent, seeded.familyId, {
      childId: seeded.childId,
      confirmName: "Juniper",
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const history = await spends(seeded.parent);
    expect(history).toEqual([
      expect.objectContaining({
        description: "1 × Astronaut portrait of a child no longer in the family",
        credits: -1,
      }),
    ]);
    expect(JSON.stringify(history)).not.toContain("Juniper");
  });
});
