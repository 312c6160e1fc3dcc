import { readdir } from "node:fs/promises";
import path from "node:path";
import type { GeneratedImage } from "@wonderkin/contract";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { child, childPhoto, generatedImage } from "../../src/db/schema";
import { renderPortraitJob, trainChildJob } from "../../src/modules/studio/studio-job-specs";
import type { TestApp } from "../create-test-app";
import { acceptConsent } from "./children";
import { postAs, type TestParent, verifiedParent } from "./families";
import { testPhoto, upload, uploadForm } from "./photos";
import { buyPlan, workQueued } from "./studio";

export type ChildRow = typeof child.$inferSelect;

export type SeededChild = {
  parent: TestParent;
  familyId: string;
  childId: number;
  photoIds: string[];
  imageIds: string[];
};

/** Adds a child to a family (as a parent who may) and uploads `photos` photos of it. */
export async function addChildWithPhotos(
  t: TestApp,
  as: TestParent,
  familyId: string,
  options: { childName: string; photos: number; photoSeed: number },
): Promise<{ childId: number; photoIds: string[] }> {
  const added = await postAs(t.app, "/api/children/add", as, familyId, {
    firstName: options.childName,
    age: 5,
    gender: "girl",
  });
  expect(added.statusCode, added.body).toBe(200);
  const childId = added.json().id as number;
  const files = await Promise.all(
    Array.from({ length: options.photos }, async (_, index) => ({
      name: `photo-${index}.jpg`,
      bytes: await testPhoto({ seed: options.photoSeed + index }),
    })),
  );
  const uploaded = await upload(t.app, "/api/image/upload", as, familyId, uploadForm(childId, files));
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  const photos = await t.database.db
    .select({ id: childPhoto.id })
    .from(childPhoto)
    .where(eq(childPhoto.childId, childId));
  return { childId, photoIds: photos.map((photo) => photo.id) };
}

/** Trains the child (jobs run by hand) and makes `portraits` portraits of it. */
export async function trainAndGenerate(
  t: TestApp,
  as: TestParent,
  familyId: string,
  options: { childId: number; portraits: number },
): Promise<string[]> {
  const started = await postAs(t.app, "/api/children/training/start", as, familyId, {
    childId: options.childId,
  });
  expect(started.statusCode, started.body).toBe(200);
  await workQueued(t, [trainChildJob.name]);
  if (options.portraits === 0) return [];
  const generated = await postAs(t.app, "/api/generation/generate", as, familyId, {
    childId: options.childId,
    styleId: "astronaut",
    count: options.portraits,
  });
  expect(generated.statusCode, generated.body).toBe(200);
  await workQueued(t, [renderPortraitJob.name]);
  return (generated.json().images as GeneratedImage[]).map((image) => image.id);
}

/**
 * A verified parent with consent and a plan (Oracle: prints included), in their own family with one
 * child: photos uploaded, model trained (local model, unless the app runs another), portraits made.
 */
export async function seedFamily(
  t: TestApp,
  options: {
    parentName: string;
    childName: string;
    photoSeed: number;
    photos?: number;
    portraits?: number;
    planId?: number;
    train?: boolean;
  },
): Promise<SeededChild> {
  const parent = await verifiedParent(t.app, t.database.db, { firstName: options.parentName });
  await acceptConsent(t.app, parent);
  await buyPlan(t, parent, options.planId ?? 3);
  const { childId, photoIds } = await addChildWithPhotos(t, parent, parent.familyId, {
    childName: options.childName,
    photos: options.photos ?? 3,
    photoSeed: options.photoSeed,
  });
  const imageIds =
    options.train === false
      ? []
      : await trainAndGenerate(t, parent, parent.familyId, { childId, portraits: options.portraits ?? 2 });
  return { parent, familyId: parent.familyId, childId, photoIds, imageIds };
}

export async function childRow(t: TestApp, childId: number): Promise<ChildRow> {
  const [row] = await t.database.db.select().from(child).where(eq(child.id, childId));
  if (!row) throw new Error(`no child ${childId}`);
  return row;
}

export async function portraitRows(t: TestApp, childId: number) {
  return t.database.db.select().from(generatedImage).where(eq(generatedImage.childId, childId));
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Everything that would still point at a child, as patterns over a row's text: its id where ids
 * appear (storage keys, e-mail links, analytics properties, ledger notes), its trigger word, first
 * name, model and training references, and the ids of its photos and portraits.
 */
export function childNeedles(row: ChildRow, extra: { photoIds: string[]; imageIds: string[] }): RegExp[] {
  const id = row.id;
  return [
    new RegExp(`children/${id}/`),
    new RegExp(`"childId":\\s*${id}\\b`),
    new RegExp(`\\bchild ${id}\\b`),
    new RegExp(escapeRegExp(row.triggerWord)),
    new RegExp(`\\b${escapeRegExp(row.firstName)}\\b`, "i"),
    ...[row.modelVersion, row.trainingProviderId, ...extra.photoIds, ...extra.imageIds]
      .filter((value): value is string => Boolean(value))
      .map((value) => new RegExp(escapeRegExp(value))),
  ];
}

export function literalNeedles(values: string[]): RegExp[] {
  return values.map((value) => new RegExp(escapeRegExp(value), "i"));
}

export type TableHit = { table: string; needle: string; row: string };

/**
 * Scans every row of every table of the public schema (read from information_schema, so a table
 * added later is scanned too) for the patterns. `allow` exempts rows the caller expects to keep.
 */
export async function scanTables(
  t: TestApp,
  needles: RegExp[],
  allow: (table: string, row: Record<string, unknown>) => boolean = () => false,
): Promise<TableHit[]> {
  const { rows: tables } = await t.database.executeSql(
    "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name",
  );
  expect(tables.length).toBeGreaterThan(20);
  const hits: TableHit[] = [];
  for (const { table_name: table } of tables as { table_name: string }[]) {
    const { rows } = await t.database.executeSql(`select row_to_json(t) as row from "${table}" t`);
    for (const { row } of rows as { row: Record<string, unknown> }[]) {
      const text = JSON.stringify(row);
      for (const needle of needles) {
        if (needle.test(text) && !allow(table, row)) hits.push({ table, needle: String(needle), row: text });
      }
    }
  }
  return hits;
}

/** Every file and folder under a directory, as paths relative to it (what is really on disk). */
export async function diskEntries(root: string): Promise<string[]> {
  const entries: string[] = [];
  async function walk(dir: string, prefix: string) {
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
      entries.push(relative);
      if (entry.isDirectory()) await walk(path.join(dir, entry.name), relative);
    }
  }
  await walk(root, "");
  return entries;
}
