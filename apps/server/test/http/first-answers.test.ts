import { randomUUID } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import {
  type GeneratedImage,
  PORTRAIT_PHONE_SCREEN,
  PORTRAIT_TILE_SIZES,
  PORTRAIT_WIDER_SCREEN,
  portraitPictureUrl,
  portraitSrcSet,
} from "@wonderkin/contract";
import { FIRST_ANSWERS_ELEMENT_ID, type FirstAnswers, firstAnswerKey } from "@wonderkin/contract/rules";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generatedImage } from "../../src/db/schema";
import { createTestApp, type TestApp } from "../create-test-app";
import { postAs, type TestParent } from "../support/families";
import { post, signIn } from "../support/identity";
import { parentWithChild } from "../support/studio";

/**
 * A signed-in page's first answers (decision 0064): the server embeds what the page would ask first
 * for the browser whose session cookie it receives, and nothing for anyone else.
 */
let distDir: string;
let t: TestApp;

const indexHtml = `<!doctype html><html><head>
<title>Wonderkin</title>
<script type="module" src="/assets/index-1.js"></script>
</head><body><div id="root"></div></body></html>`;

beforeAll(async () => {
  distDir = await mkdtemp(path.join(os.tmpdir(), "wk-dist-first-answers-"));
  await writeFile(path.join(distDir, "index.html"), indexHtml);
  t = await createTestApp({ NODE_ENV: "production", WEB_DIST_DIR: distDir, FACE_DETECTION: "off" });
});

afterAll(async () => {
  await t.close();
  await rm(distDir, { recursive: true, force: true });
});

/** The session cookie a browser keeps from signing in (HttpOnly, set by the sign-in answer). */
async function browserCookie(email: string): Promise<string> {
  const signedIn = await signIn(t.app, email);
  expect(signedIn.statusCode, signedIn.body).toBe(200);
  const setCookie = [signedIn.headers["set-cookie"]].flat().join("; ");
  const cookie = /(better-auth\.session_token=[^;]+)/.exec(setCookie)?.[1];
  expect(cookie).toBeDefined();
  return cookie as string;
}

let clock = Date.parse("2026-03-01T10:00:00Z");

/** A finished picture written straight to the table, with its stored files' keys. */
async function picture(parent: TestParent, childId: number, kind: "portrait" | "preview"): Promise<string> {
  const id = randomUUID();
  clock += 1000;
  const base = `families/${parent.familyId}/children/${childId}/portraits/${id}`;
  await t.database.db.insert(generatedImage).values({
    id,
    kind,
    childId,
    organizationId: parent.familyId,
    styleId: "astronaut",
    prompt: "a portrait",
    seed: 1,
    status: "succeeded",
    storageKey: `${base}.jpg`,
    thumbnailKey: `${base}-thumb.webp`,
    width: 1024,
    height: 1280,
    creditReference: `fixture:${id}`,
    creditCost: kind === "preview" ? 0 : 1,
    watermarked: false,
    createdAt: new Date(clock),
  });
  // Bytes that stand for the files: only where they are served from is tested here.
  await t.storage.put(`${base}-thumb.webp`, Buffer.from("thumbnail"), "image/webp");
  return id;
}

async function parentWithPortraits(firstName: string) {
  const { parent, childId } = await parentWithChild(t, { firstName, planId: 1, photos: 0 });
  for (let index = 0; index < 3; index += 1) await picture(parent, childId, "portrait");
  return { parent, childId, cookie: await browserCookie(parent.email) };
}

function embedded(html: string): FirstAnswers | null {
  const match = new RegExp(
    `<script type="application/json" id="${FIRST_ANSWERS_ELEMENT_ID}">([^<]*)</script>`,
  ).exec(html);
  return match?.[1] ? (JSON.parse(match[1]) as FirstAnswers) : null;
}

const answerTo = (answers: FirstAnswers, path: string, body: unknown) =>
  answers.answers.find(
    (answer) =>
      firstAnswerKey(answer.method, answer.path, answer.body) === firstAnswerKey("POST", path, body),
  );

describe("a signed-in page's first answers", () => {
  it("embeds the session, the guard's answers and the studio's lists, as the API gives them", async () => {
    const { parent, childId, cookie } = await parentWithPortraits("Ada");
    const page = await t.app.inject({
      method: "GET",
      url: `/kids/children/${childId}/magic-studio`,
      headers: { cookie },
    });
    expect(page.statusCode).toBe(200);
    // Only this browser may keep it: it names the parent's children.
    expect(page.headers["cache-control"]).toBe("private, no-store");
    expect(String(page.headers.vary)).toContain("Cookie");
    const answers = embedded(page.body);
    expect(answers).not.toBeNull();
    if (!answers) return;

    const session = answers.answers.find((answer) => answer.path === "/api/auth/get-session");
    expect(session?.method).toBe("GET");
    const sessionPayload = session?.payload as { user: { email: string }; session: { token: string } };
    expect(sessionPayload.user.email).toBe(parent.email);
    expect(answers.sessionToken).toBe(sessionPayload.session.token);
    // The cookie's own session (signed `token.signature`), not another of the parent's.
    expect(decodeURIComponent(cookie.split("=")[1] ?? "").startsWith(`${answers.sessionToken}.`)).toBe(true);

    // The same answers the API gives the page's own requests, for the parent's family.
    for (const [endpoint, body] of [
      ["/api/user/get", {}],
      ["/api/children/get", {}],
      ["/api/subscription/active", {}],
      ["/api/organization/spending", {}],
      ["/api/organization/list", {}],
      ["/api/user/credits", {}],
      ["/api/children/previews", { childId }],
      ["/api/children/generated-images/filters", { childId }],
      ["/api/children/share-links", { childId }],
    ] as const) {
      const direct = await postAs(t.app, endpoint, parent, parent.familyId, body);
      expect(direct.statusCode, `${endpoint}: ${direct.body}`).toBe(200);
      const answer = answerTo(answers, endpoint, body);
      expect(answer, endpoint).toBeDefined();
      expect(stripSignatures(answer?.payload), endpoint).toEqual(stripSignatures(direct.json()));
    }
    const family = answers.answers.filter((answer) => answer.familyId !== null).map((answer) => answer.path);
    expect(family).toEqual(
      expect.arrayContaining([
        "/api/children/get",
        "/api/children/generated-images",
        "/api/organization/spending",
      ]),
    );
    expect(
      answers.answers.every((answer) => answer.familyId === null || answer.familyId === parent.familyId),
    ).toBe(true);

    // The gallery's first page, as the web app asks for it, and its first pictures preloaded.
    const gallery = answerTo(answers, "/api/children/generated-images", { limit: 24, childId });
    const images = (gallery?.payload as { images?: GeneratedImage[] } | undefined)?.images ?? [];
    expect(images).toHaveLength(3);
    const fromHtml = (text: string | undefined) => text?.replace(/&#38;|&amp;/g, "&");
    const links = [...page.body.matchAll(/<link rel="preload" as="image" fetchpriority="high" ([^>]+)\/>/g)];
    const preloads = links.map((link) =>
      Object.fromEntries(
        [...(link[1] ?? "").matchAll(/([a-z]+)="([^"]*)"/g)].map((pair) => [pair[1], fromHtml(pair[2])]),
      ),
    );
    // The tiles' own choice, so the browser fetches each first picture once: the thumbnail on a
    // phone, the srcset by the tile's width on a wider screen.
    expect(preloads).toEqual(
      images.slice(0, 2).flatMap((image) => {
        const href = portraitPictureUrl(image.url ?? "", "thumbnail");
        return [
          { href, media: PORTRAIT_PHONE_SCREEN },
          {
            href,
            imagesrcset: portraitSrcSet(image),
            imagesizes: PORTRAIT_TILE_SIZES,
            media: PORTRAIT_WIDER_SCREEN,
          },
        ];
      }),
    );
    const thumbnail = await t.app.inject({ method: "GET", url: String(preloads[0]?.href) });
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers["content-type"]).toBe("image/webp");
    // No value can close the data block early.
    expect(page.body.split(`id="${FIRST_ANSWERS_ELEMENT_ID}">`)[1]?.split("</script>")[0]).not.toContain("<");
  });

  it("embeds nothing without a valid session: no cookie, a forged one, or one signed out", async () => {
    const { childId, cookie } = await parentWithPortraits("Bea");
    const url = `/kids/children/${childId}/magic-studio`;
    const none = await t.app.inject({ method: "GET", url });
    expect(embedded(none.body)).toBeNull();
    expect(none.headers["cache-control"]).toBe("no-cache");
    expect(none.body).not.toContain('rel="preload" as="image"');

    const [name, value] = cookie.split("=") as [string, string];
    const forged = await t.app.inject({
      method: "GET",
      url,
      headers: { cookie: `${name}=${value.slice(0, -4)}AAA=` },
    });
    expect(embedded(forged.body)).toBeNull();

    // Signing out revokes the session the cookie names: the page no longer knows the parent.
    const out = await post(t.app, "/api/auth/sign-out", {}, decodeURIComponent(value));
    expect(out.statusCode, out.body).toBe(200);
    const after = await t.app.inject({ method: "GET", url, headers: { cookie } });
    expect(embedded(after.body)).toBeNull();
  });

  it("never embeds another family's child: only the parent's own answers", async () => {
    const stranger = await parentWithPortraits("Cleo");
    const { childId } = await parentWithPortraits("Dora");
    const page = await t.app.inject({
      method: "GET",
      url: `/kids/children/${childId}/magic-studio`,
      headers: { cookie: stranger.cookie },
    });
    const answers = embedded(page.body);
    expect(answers?.answers.map((answer) => answer.path)).toContain("/api/children/get");
    const aboutChild = answers?.answers.filter((answer) =>
      JSON.stringify(answer.body).includes(String(childId)),
    );
    expect(aboutChild).toEqual([]);
    expect(page.body).not.toContain('rel="preload" as="image"');
  });

  it("gives a page other than the studio the guard's answers only", async () => {
    const { cookie } = await parentWithPortraits("Eve");
    const page = await t.app.inject({ method: "GET", url: "/account-settings", headers: { cookie } });
    const paths = embedded(page.body)?.answers.map((answer) => answer.path) ?? [];
    expect(paths).toContain("/api/children/get");
    expect(paths).not.toContain("/api/children/generated-images");
  });
});

/** Signed addresses carry an expiry that can move between two reads; the rest must be the same. */
function stripSignatures(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value ?? null).replace(/\?[^"]*"/g, '"'));
}
