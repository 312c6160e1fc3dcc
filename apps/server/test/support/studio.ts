import type { ChildGender } from "@wonderkin/contract";
import { expect } from "vitest";
import { jobs } from "../../src/job-registry";
import type { TestApp } from "../create-test-app";
import { acceptConsent } from "./children";
import { postAs, type TestParent, verifiedParent } from "./families";
import { post } from "./identity";
import { testPhoto, upload, uploadForm } from "./photos";

/** Pays for a plan, a top-up or an add-on through the local checkout, as the web app does. */
export async function checkOut(
  t: TestApp,
  as: TestParent,
  item: { planId: number } | { addOnId: string },
): Promise<void> {
  const started = await post(t.app, "/api/subscription/create-checkout-session", item, as.token);
  expect(started.statusCode, started.body).toBe(200);
  const completed = await post(
    t.app,
    "/api/subscription/create",
    { sessionId: started.json().sessionId },
    as.token,
  );
  expect(completed.statusCode, completed.body).toBe(200);
}

/** Buys a plan through the local checkout, as the web app does. */
export const buyPlan = (t: TestApp, as: TestParent, planId: number) => checkOut(t, as, { planId });

/** A verified parent who has consented, holds a plan and has one child with `photos` uploaded photos. */
export async function parentWithChild(
  t: TestApp,
  options: {
    firstName: string;
    planId: number;
    photos: number;
    photoSeed?: number;
    /** The photos to upload (e.g. one person's, for face checks); default: `photos` test photos. */
    photoBytes?: Buffer[];
    /** The child's gender; default a girl. */
    gender?: ChildGender;
  },
): Promise<{ parent: TestParent; childId: number }> {
  const parent = await verifiedParent(t.app, t.database.db, { firstName: options.firstName });
  await acceptConsent(t.app, parent);
  await buyPlan(t, parent, options.planId);
  const added = await postAs(t.app, "/api/children/add", parent, parent.familyId, {
    firstName: "Luna",
    age: 6,
    gender: options.gender ?? "girl",
  });
  expect(added.statusCode, added.body).toBe(200);
  const childId = added.json().id as number;
  const files = await Promise.all(
    Array.from({ length: options.photos }, async (_, index) => ({
      name: `photo-${index}.jpg`,
      bytes: options.photoBytes?.[index] ?? (await testPhoto({ seed: (options.photoSeed ?? 0) + index })),
    })),
  );
  if (files.length > 0) {
    const uploaded = await upload(
      t.app,
      "/api/image/upload",
      parent,
      parent.familyId,
      uploadForm(childId, files),
    );
    expect(uploaded.statusCode, uploaded.body).toBe(200);
  }
  return { parent, childId };
}

/**
 * Works every queued job of the given queues once, as the worker would (tests drive jobs by hand
 * so each step can be looked at). Returns how many ran.
 */
export async function workQueued(t: TestApp, names: string[]): Promise<number> {
  let ran = 0;
  for (const name of names) {
    const definition = jobs.find((job) => job.name === name);
    if (!definition) throw new Error(`No job ${name}`);
    for (;;) {
      const [job] = await t.queue.boss.fetch(name);
      if (!job) break;
      await definition.handle(definition.payload.parse(job.data), t.jobDeps);
      await t.queue.boss.complete(name, job.id);
      ran += 1;
    }
  }
  return ran;
}
