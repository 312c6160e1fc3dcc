import {
  commonErrorCodes,
  emailPreferenceErrorCodes,
  type PortraitSeries,
  portraitSeriesErrorCodes,
  portraitSeriesMessages,
} from "@wonderkin/contract";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  child,
  generatedImage,
  mailOutbox,
  portraitSeries,
  portraitSeriesReminder,
} from "../../src/db/schema";
import {
  listPortraitSeries,
  type SeriesReminderDeps,
  sendSeriesReminders,
} from "../../src/modules/keepsakes";
import { collectExportData } from "../../src/modules/privacy/collect-export-data";
import { exportDocument } from "../../src/modules/privacy/export-document";
import { renderPortraitJob, trainChildJob } from "../../src/modules/studio/studio-job-specs";
import { createTestApp, type TestApp } from "../create-test-app";
import { acceptConsent } from "../support/children";
import { postAs, type TestParent, verifiedParent } from "../support/families";
import { latestMail, post } from "../support/identity";
import { describeStorybookPdf } from "../support/pdf-preflight";
import { buyPlan, parentWithChild, workQueued } from "../support/studio";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ FACE_DETECTION: "off", PHOTOS_MIN_PER_CHILD: "3" });
});
afterAll(() => t.close());

const call = (as: TestParent, path: string, body: unknown) => postAs(t.app, path, as, as.familyId, body);

/** The scheduled job, run as the worker runs it, on a clock of the test's choosing. */
const remindAt = (iso: string, deps: SeriesReminderDeps = t.domain.keepsakes) =>
  sendSeriesReminders(deps, new Date(iso), { batchSize: 2 });

const reminders = async (to: string) =>
  Number(
    (
      await t.database.db
        .select({ n: count() })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.kind, "series-reminder")))
    )[0]?.n ?? 0,
  );

/**
 * A parent on a plan (one child each) whose child is Theo, born on 14 March 2019, or, with
 * `byAge`, Luna, known by her age only.
 */
async function family(firstName: string, options: { byAge?: boolean } = {}) {
  const parent = await verifiedParent(t.app, t.database.db, { firstName });
  await acceptConsent(t.app, parent);
  await buyPlan(t, parent, 1);
  const added = await call(
    parent,
    "/api/children/add",
    options.byAge
      ? { firstName: "Luna", age: 6, gender: "girl" }
      : { firstName: "Theo", birthDate: "2019-03-14", gender: "boy" },
  );
  expect(added.statusCode, added.body).toBe(200);
  return { parent, childId: added.json().id as number };
}

const startSeries = async (as: TestParent, body: Record<string, unknown>) => {
  const made = await call(as, "/api/series", body);
  expect(made.statusCode, made.body).toBe(200);
  return made.json().series as PortraitSeries;
};

describe("grow with me: yearly series (issue 33, decision 0068)", () => {
  it("refuses a series with a clear message and writes nothing", async () => {
    const { parent: lunasParent, childId } = await family("Sigrid", { byAge: true });
    const { parent, childId: theoId } = await family("Sigurd");
    const stranger = await family("Stranger");
    const refusals: [Awaited<ReturnType<typeof call>>, number, string][] = [
      [
        await call(lunasParent, "/api/series", { childId, styleId: "no-such-style" }),
        400,
        portraitSeriesErrorCodes.styleUnknown,
      ],
      // Luna is known by her age: her birthday is not, so a day must be picked.
      [
        await call(lunasParent, "/api/series", { childId, styleId: "astronaut" }),
        400,
        portraitSeriesErrorCodes.dayNeeded,
      ],
      [
        await call(lunasParent, "/api/series", {
          childId,
          styleId: "astronaut",
          remindOn: { month: 2, day: 30 },
        }),
        400,
        commonErrorCodes.validationFailed,
      ],
      [
        await call(stranger.parent, "/api/series", {
          childId,
          styleId: "astronaut",
          remindOn: { month: 5, day: 1 },
        }),
        404,
        "CHILD_NOT_FOUND",
      ],
    ];
    for (const [answer, status, code] of refusals) {
      expect(answer.statusCode, answer.body).toBe(status);
      expect(answer.json().code).toBe(code);
      expect(answer.json().message).toEqual(expect.any(String));
    }
    expect(refusals[1]?.[0].json().message).toBe(portraitSeriesMessages.dayNeeded);

    const made = await startSeries(parent, { childId: theoId, styleId: "astronaut" });
    expect(made.remindOn).toEqual({ month: 3, day: 14, source: "birthday" });
    const twice = await call(parent, "/api/series", { childId: theoId, styleId: "astronaut" });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: portraitSeriesErrorCodes.alreadySeries });
    // Another family cannot see or end it.
    const foreignList = await call(stranger.parent, "/api/series/list", { childId: theoId });
    expect(foreignList.statusCode).toBe(404);
    const foreignDelete = await call(stranger.parent, "/api/series/delete", { seriesId: made.id });
    expect(foreignDelete.statusCode).toBe(404);
    expect(foreignDelete.json().code).toBe(portraitSeriesErrorCodes.notFound);

    const rows = await t.database.db
      .select()
      .from(portraitSeries)
      .where(eq(portraitSeries.organizationId, parent.familyId));
    expect(rows.map(({ styleId, childId: owner }) => ({ styleId, owner }))).toEqual([
      { styleId: "astronaut", owner: theoId },
    ]);
  });

  it("reminds once a year on the birthday, on a moved clock, and not before the series existed", async () => {
    const { parent, childId: theoId } = await family("Maren");
    const series = await startSeries(parent, { childId: theoId, styleId: "fairy" });
    const created = new Date(series.createdAt);
    // Theo's model was trained long ago: it can be updated from this year's photos (decision 0069).
    const trained = (at: string) =>
      t.database.db
        .update(child)
        .set({ trainingStatus: "completed", trainingCompletedAt: new Date(at) })
        .where(eq(child.id, theoId));
    await trained(`${created.getUTCFullYear() - 2}-06-01T00:00:00Z`);
    // The series is made today: this year's birthday (if already past) is not reminded.
    const thisYear = created.getUTCFullYear();
    expect(await remindAt(`${thisYear}-03-14T09:00:00Z`)).toMatchObject({ sent: 0 });

    const next = thisYear + 1;
    expect((await remindAt(`${next}-03-13T23:59:00Z`)).sent).toBe(0);
    expect(await reminders(parent.email)).toBe(0);
    expect((await remindAt(`${next}-03-14T00:29:00Z`)).sent).toBeGreaterThanOrEqual(1);
    expect(await reminders(parent.email)).toBe(1);
    const mail = await latestMail(t.database.db, parent.email, "series-reminder");
    expect(mail?.subject).toBe("Happy birthday, Theo! Time for this year's Fairy portrait");
    // It asks for this year's photos (the yearly update, decision 0069), and offers the studio too.
    const familyParam = `family=${encodeURIComponent(parent.familyId)}`;
    expect(mail?.link).toBe(`${t.env.publicUrl}/kids/upload-images?child=${theoId}&${familyParam}`);
    expect(mail?.text).toContain(`/kids/children/${theoId}/magic-studio?style=fairy&${familyParam}`);
    expect(mail?.text).toMatch(/Add \d+ or more photos of Theo taken this year/);
    expect(mail?.unsubscribeUrl).toMatch(
      /\/api\/email-preferences\/one-click\?token=series-reminders\.[\w-]+\.[\w-]+$/,
    );
    expect(mail?.text).toMatch(
      /Stop these yearly reminders: http\S+\/email-preferences\/unsubscribe\?token=series-reminders\./,
    );
    expect(mail?.html).toContain("Stop these yearly reminders");
    expect(mail?.text).toContain("Add this year's photos of Theo");
    expect(mail?.text).toContain(`/kids/children/${theoId}/through-the-years`);

    // The same day again, later that week, and two runs at once: still one e-mail for the year.
    await remindAt(`${next}-03-14T01:29:00Z`);
    await Promise.all([remindAt(`${next}-03-20T01:29:00Z`), remindAt(`${next}-03-20T01:29:00Z`)]);
    expect(await reminders(parent.email)).toBe(1);
    // A month and a day late is too late for a birthday e-mail; the next birthday reminds again.
    await remindAt(`${next + 1}-04-14T09:00:00Z`);
    expect(await reminders(parent.email)).toBe(1);
    // Theo's likeness was updated in January (for another series, say): the reminder asks for the
    // portrait alone, in the studio.
    await trained(`${next + 1}-01-10T00:00:00Z`);
    await remindAt(`${next + 1}-03-15T09:00:00Z`);
    expect(await reminders(parent.email)).toBe(2);
    const portraitOnly = await latestMail(t.database.db, parent.email, "series-reminder");
    expect(portraitOnly?.link).toBe(
      `${t.env.publicUrl}/kids/children/${theoId}/magic-studio?style=fairy&${familyParam}`,
    );
    expect(portraitOnly?.text).toContain("Theo's likeness is up to date");
    expect(portraitOnly?.text).toContain("Make this year's Fairy portrait");
    expect(portraitOnly?.text).not.toContain("upload-images");

    const listed = await listPortraitSeries(t.domain.families, {
      familyId: parent.familyId,
      userId: parent.userId,
      childId: theoId,
      now: new Date(`${next + 1}-03-16T00:00:00Z`),
    });
    expect(listed.series[0]).toMatchObject({
      remindedYears: [next, next + 1],
      nextReminderOn: `${next + 2}-03-14`,
    });
    expect(listed.remindersByEmail).toBe(true);

    // The parent's data export carries the series and the years it reminded them.
    const data = await collectExportData(t.database.db, parent.userId);
    if (!data) throw new Error("the parent's export data");
    const exported = exportDocument(data, new Map(), new Date(), {
      publicUrl: t.env.publicUrl,
    });
    expect(exported.children[0]?.yearlySeries).toEqual([
      {
        styleId: "fairy",
        remindOn: { month: 3, day: 14, from: "birthday" },
        createdAt: series.createdAt,
        createdByYou: true,
        remindedYears: [next, next + 1].map((year) => ({ year, sentAt: expect.any(String), toYou: true })),
      },
    ]);
    expect(exported.emailPreferences).toEqual({ turnedOff: [] });
  });

  it("a picked day: 29 February comes on the 28th in other years", async () => {
    const { parent, childId } = await family("Ines", { byAge: true });
    const series = await startSeries(parent, {
      childId,
      styleId: "astronaut",
      remindOn: { month: 2, day: 29 },
    });
    expect(series.remindOn.source).toBe("chosen");
    const year = new Date(series.createdAt).getUTCFullYear() + 1;
    const leap = year % 4 === 0;
    await remindAt(`${year}-02-${leap ? 28 : 27}T12:00:00Z`);
    expect(await reminders(parent.email)).toBe(0);
    await remindAt(`${year}-02-${leap ? 29 : 28}T12:00:00Z`);
    expect(await reminders(parent.email)).toBe(1);
    const mail = await latestMail(t.database.db, parent.email, "series-reminder");
    expect(mail?.subject).toBe(`Time for Luna's Astronaut portrait of ${year}`);
  });

  it("unsubscribes from the e-mail without signing in, and not with a forged link", async () => {
    const { parent, childId: theoId } = await family("Odette");
    const series = await startSeries(parent, { childId: theoId, styleId: "fairy" });
    const year = new Date(series.createdAt).getUTCFullYear() + 1;
    await remindAt(`${year}-03-14T09:00:00Z`);
    const mail = await latestMail(t.database.db, parent.email, "series-reminder");
    const oneClick = new URL(mail?.unsubscribeUrl ?? "");
    const token = oneClick.searchParams.get("token") ?? "";

    // A forged or cut link changes nothing.
    const forged = `${token.slice(0, -2)}xx`;
    for (const bad of [forged, token.replace("series-reminders", "newsletters"), "short"]) {
      const answer = await post(t.app, "/api/email-preferences/unsubscribe", { token: bad });
      expect(answer.statusCode, bad).toBe(400);
      expect(answer.json().code).toBe(
        bad === "short" ? commonErrorCodes.validationFailed : emailPreferenceErrorCodes.linkInvalid,
      );
    }
    const noToken = await t.app.inject({
      method: "POST",
      url: "/api/email-preferences/one-click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(noToken.statusCode).toBe(400);

    // The mail app's one-click button: a form POST, no session, no cookie.
    const clicked = await t.app.inject({
      method: "POST",
      url: `${oneClick.pathname}${oneClick.search}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(clicked.statusCode, clicked.body).toBe(200);
    const prefs = await post(t.app, "/api/email-preferences", {}, parent.token);
    expect(prefs.json()).toEqual({ seriesReminders: false });
    expect((await call(parent, "/api/series/list", { childId: theoId })).json().remindersByEmail).toBe(false);
    expect((await remindAt(`${year + 1}-03-14T09:00:00Z`)).optedOut).toBeGreaterThanOrEqual(1);
    expect(await reminders(parent.email)).toBe(1);

    // The page's "send them again" button: the same link, back on; this year's reminder still comes.
    const back = await post(t.app, "/api/email-preferences/unsubscribe", { token, subscribe: true });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toEqual({
      kind: "series-reminders",
      email: expect.stringMatching(/^.•••@/),
      subscribed: true,
    });
    await remindAt(`${year + 1}-03-15T09:00:00Z`);
    expect(await reminders(parent.email)).toBe(2);

    // Off from the account as well.
    const off = await post(t.app, "/api/email-preferences/update", { seriesReminders: false }, parent.token);
    expect(off.json()).toEqual({ seriesReminders: false });
    await remindAt(`${year + 2}-03-14T09:00:00Z`);
    expect(await reminders(parent.email)).toBe(2);
    const signedOut = await post(t.app, "/api/email-preferences", {});
    expect(signedOut.statusCode).toBe(401);
  });

  it("gives the year back when the e-mail fails, so the next run sends it", async () => {
    const { parent, childId: theoId } = await family("Wanda");
    const series = await startSeries(parent, { childId: theoId, styleId: "fairy" });
    const year = new Date(series.createdAt).getUTCFullYear() + 1;
    const broken: SeriesReminderDeps = {
      ...t.domain.keepsakes,
      mailer: {
        kind: "outbox",
        send: async () => {
          throw new Error("the mail server is down");
        },
      },
    };
    await expect(remindAt(`${year}-03-14T09:00:00Z`, broken)).rejects.toThrow(/could not be sent/);
    const taken = await t.database.db
      .select()
      .from(portraitSeriesReminder)
      .where(eq(portraitSeriesReminder.seriesId, series.id));
    expect(taken).toEqual([]);
    await remindAt(`${year}-03-14T10:29:00Z`);
    expect(await reminders(parent.email)).toBe(1);
  });

  it("ends: a deleted series, and a deleted child's, remind nobody; the child's go on the receipt", async () => {
    const { parent, childId: theoId } = await family("Petra");
    const ended = await startSeries(parent, { childId: theoId, styleId: "fairy" });
    await startSeries(parent, { childId: theoId, styleId: "astronaut" });
    // Another family's series on the same day: the run that skips Theo's still reminds it.
    const other = await family("Pia", { byAge: true });
    await startSeries(other.parent, {
      childId: other.childId,
      styleId: "astronaut",
      remindOn: { month: 3, day: 14 },
    });
    const year = new Date(ended.createdAt).getUTCFullYear() + 1;

    const gone = await call(parent, "/api/series/delete", { seriesId: ended.id });
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await call(parent, "/api/series/delete", { seriesId: ended.id })).statusCode).toBe(404);
    const deleted = await call(parent, "/api/children/delete", { childId: theoId, confirmName: "Theo" });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const receipt = await latestMail(t.database.db, parent.email, "child-deleted");
    expect(receipt?.text).toMatch(/"series":1/);
    expect(receipt?.text).toMatch(/Yearly series: 1/);

    await remindAt(`${year}-03-14T09:00:00Z`);
    expect(await reminders(parent.email)).toBe(0);
    const sent = await latestMail(t.database.db, other.parent.email, "series-reminder");
    expect(sent?.subject).toBe(`Time for Luna's Astronaut portrait of ${year}`);
    expect(
      await t.database.db.select().from(portraitSeries).where(eq(portraitSeries.childId, theoId)),
    ).toEqual([]);
  });

  // 240 s: a hang detector, not a speed limit (the child's model is trained and six portraits
  // rendered in image threads, slow on two cores).
  it("shows the years side by side and prints them as one A4 poster", async () => {
    const { parent, childId } = await parentWithChild(t, { firstName: "Yara", planId: 1, photos: 3 });
    await call(parent, "/api/children/training/start", { childId });
    await workQueued(t, [trainChildJob.name]);
    const imageIds: string[] = [];
    for (const styleId of ["astronaut", "fairy"]) {
      const generated = await call(parent, "/api/generation/generate", {
        childId,
        styleId,
        count: styleId === "astronaut" ? 4 : 1,
      });
      expect(generated.statusCode, generated.body).toBe(200);
      imageIds.push(...(generated.json().images as { id: string }[]).map(({ id }) => id));
    }
    await workQueued(t, [renderPortraitJob.name]);
    const [older, favourite, sameYear, latest] = imageIds;
    const thisYear = new Date().getUTCFullYear();
    // Portraits made in earlier years (the test moves their dates; the product only ever adds).
    const madeIn = (id: string | undefined, year: number) =>
      t.database.db
        .update(generatedImage)
        .set({ createdAt: new Date(`${year}-06-01T10:00:00Z`) })
        .where(eq(generatedImage.id, id ?? ""));
    await madeIn(older, thisYear - 3);
    await madeIn(favourite, thisYear - 1);
    await madeIn(sameYear, thisYear - 1);
    const liked = await call(parent, "/api/children/generated-images/favourite", {
      imageId: favourite,
      favourite: true,
    });
    expect(liked.statusCode, liked.body).toBe(200);

    const series = await startSeries(parent, {
      childId,
      styleId: "astronaut",
      remindOn: { month: 6, day: 1 },
    });
    expect(series.years.map(({ year, portrait }) => [year, portrait?.id ?? null])).toEqual([
      [thisYear - 3, older],
      [thisYear - 2, null],
      [thisYear - 1, favourite],
      [thisYear, latest],
    ]);
    const picture = await t.app.inject({ method: "GET", url: series.years[0]?.portrait?.url ?? "" });
    expect(picture.statusCode).toBe(200);

    const poster = await t.app.inject({ method: "GET", url: series.posterUrl ?? "" });
    expect(poster.statusCode, poster.body).toBe(200);
    expect(poster.headers["content-type"]).toBe("application/pdf");
    expect(poster.headers["content-disposition"]).toContain("luna-astronaut-through-the-years.pdf");
    expect(poster.headers["cache-control"]).toBe("private, no-store");
    const pdf = await describeStorybookPdf(poster.rawPayload);
    expect(pdf.pages).toHaveLength(1);
    expect(pdf.pages[0]?.trimMm).toEqual({ width: 210, height: 297 });
    expect(pdf.pages[0]?.bleedMm).toEqual({ width: 216, height: 303 });
    expect(pdf.pages[0]?.images).toHaveLength(3);
    for (const image of pdf.pages[0]?.images ?? []) expect(Math.round(image.dpi)).toBe(300);
    expect(pdf.fonts.every((font) => font.embedded && !font.standard)).toBe(true);
    expect(pdf.text).toContain(`Astronaut through the years, ${thisYear - 3}–${thisYear}`);

    // Only through its signed address, and a deleted portrait leaves the next poster.
    const unsigned = await t.app.inject({ method: "GET", url: (series.posterUrl ?? "").split("?")[0] ?? "" });
    expect(unsigned.statusCode).toBe(404);
    const deleted = await call(parent, "/api/children/delete-generated-image", { imageId: older });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const [after] = (await call(parent, "/api/series/list", { childId })).json().series as PortraitSeries[];
    expect(after?.years.map(({ year }) => year)).toEqual([thisYear - 1, thisYear]);
    const again = await describeStorybookPdf(
      (await t.app.inject({ method: "GET", url: after?.posterUrl ?? "" })).rawPayload,
    );
    expect(again.pages[0]?.images).toHaveLength(2);

    // A series of a style never made has no poster yet, and says so.
    const fresh = await startSeries(parent, {
      childId,
      styleId: "ice-queen",
      remindOn: { month: 6, day: 1 },
    });
    expect(fresh.years).toEqual([{ year: thisYear, portrait: null }]);
    expect(fresh.posterUrl).toBeNull();
  }, 240_000);
});
