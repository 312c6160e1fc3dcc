// @vitest-environment node
import type { Child } from "@wonderkin/contract";
import { describe, expect, it, vi } from "vitest";
import { readLocal } from "@/lib/local-storage";
import { deploymentConfig } from "./deployment-config.fixture";
import { renderPublicPage } from "./render-public-page";
import { renderSignedInPage } from "./render-studio-page";
import { STUDIO_CHILD_ID, studioFirstAnswers } from "./studio-answers.fixture";

const studio = `/kids/children/${STUDIO_CHILD_ID}/magic-studio`;

/** The page's text, tags left out, as a reader (or a test) finds it. */
const textOf = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");

describe("a signed-in parent's studio, drawn on the server from the page's first answers (decision 0066)", () => {
  it("is the studio with the child's portraits, the first asked for at once, without any request", async () => {
    const fetching = vi.spyOn(globalThis, "fetch");
    const html = (await renderSignedInPage(studio, deploymentConfig, studioFirstAnswers())) ?? "";
    expect(fetching).not.toHaveBeenCalled();
    fetching.mockRestore();
    const text = textOf(html);
    expect(text).toContain("Mia's magic studio");
    expect(text).toContain("Mia's portraits");
    // The gallery's three portraits, as the app's tiles draw them (decision 0065).
    const pictures = [...html.matchAll(/<img [^>]*src="(\/api\/media\/[^"]+)"[^>]*>/g)];
    expect(pictures.map((picture) => picture[1]?.replace(/&amp;/g, "&"))).toEqual(
      [1, 2, 3].map(
        (index) =>
          `/api/media/families/family-ada/children/${STUDIO_CHILD_ID}/portraits/portrait-${index}.jpg?expires=1&signature=s${index}&size=thumbnail`,
      ),
    );
    expect(pictures[0]?.[0]).toContain('fetchPriority="high"');
    expect(pictures[2]?.[0]).toContain('loading="lazy"');
    // The answers' details: the favourite marked, the filters counted.
    expect(html).toMatch(/aria-pressed="true"[^>]*>(?:(?!<\/button>).)*Favourite: Astronaut, portrait 1/s);
    expect(text).toMatch(/Favourites 1/);
    expect(text).not.toContain("Loading your account");
  });

  it("draws what its answers do not cover as still loading, never as an error, and asks nothing", async () => {
    const fetching = vi.spyOn(globalThis, "fetch");
    const html =
      (await renderSignedInPage(
        studio,
        deploymentConfig,
        studioFirstAnswers(["/api/children/generated-images"]),
      )) ?? "";
    expect(fetching).not.toHaveBeenCalled();
    fetching.mockRestore();
    const text = textOf(html);
    expect(text).toContain("Mia's magic studio");
    expect(html).not.toContain("/api/media/");
    expect(text).not.toMatch(/could not|went wrong|try again/i);
  });

  it("draws nothing on the way to somewhere else: a first visit goes to the studio's introduction", async () => {
    const firstVisit = studioFirstAnswers();
    for (const answer of firstVisit.answers) {
      if (answer.path === "/api/children/get")
        answer.payload = (answer.payload as Child[]).map((child) => ({ ...child, studioIntroSeen: false }));
    }
    expect(await renderSignedInPage(studio, deploymentConfig, firstVisit)).toBeNull();
    expect(
      await renderSignedInPage("/kids/children/99/magic-studio", deploymentConfig, studioFirstAnswers()),
    ).toBeNull();
  });

  it("draws only the studio, and only for a family", async () => {
    expect(await renderSignedInPage("/kids/choose-theme", deploymentConfig, studioFirstAnswers())).toBeNull();
    expect(await renderSignedInPage(`${studio}/extra`, deploymentConfig, studioFirstAnswers())).toBeNull();
    const withoutFamily = studioFirstAnswers();
    withoutFamily.answers = withoutFamily.answers.filter((answer) => answer.familyId === null);
    expect(await renderSignedInPage(studio, deploymentConfig, withoutFamily)).toBeNull();
  });

  it("keeps one parent's session to its own render: a public copy drawn at the same time shows no one", async () => {
    const [studioHtml, signIn] = await Promise.all([
      renderSignedInPage(studio, deploymentConfig, studioFirstAnswers()),
      renderPublicPage("/sign-in", deploymentConfig),
    ]);
    expect(textOf(studioHtml ?? "")).toContain("Mia's magic studio");
    expect(textOf(signIn ?? "")).toContain("Welcome back");
    expect(signIn).not.toMatch(/Mia|Ada|family-ada/);
    // Nothing of the render stays behind.
    expect(readLocal("wonderkin.session-token")).toBeNull();
    expect(readLocal("wonderkin.organization-id")).toBeNull();
  });
});
