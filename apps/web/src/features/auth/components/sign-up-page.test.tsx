// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import { plans } from "@wonderkin/contract";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { getPublicConfigQueryOptions } from "@/lib/public-config";
import { SignUpPage } from "./sign-up-page";

afterEach(cleanup);

function renderLanding(options: { trainingPhotosDays?: number; samples?: Record<string, string> } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(getPublicConfigQueryOptions().queryKey, {
    appName: "Wonderkin",
    socialProviders: ["google", "facebook"],
    photos: { min: 10, max: 30, maxMegabytes: 15 },
    faceDetection: true,
    previews: null,
    retention: { trainingPhotosDays: options.trainingPhotosDays ?? 30, unverifiedAccountDays: 14 },
    samples: options.samples ?? {},
    shareLinkDays: 7,
    safety: { screening: true, quarantineDays: 0 },
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={["/sign-up"]}>
        <SignUpPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function section(name: string): HTMLElement {
  const heading = screen.getByRole("heading", { level: 2, name });
  const region = heading.closest("section");
  if (!region) throw new Error(`no section for ${name}`);
  return region;
}

describe("the landing (the sign-up page)", () => {
  it("puts the sign-up form with the social buttons before the story", () => {
    const { container } = renderLanding();
    const heading = screen.getByRole("heading", { level: 1, name: "Create your account" });
    const story = screen.getByText("Turn a few photos into portraits your child will treasure.");
    // Document order is the phone's order: the form first.
    expect(heading.compareDocumentPosition(story) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole("button", { name: /Google/ })).toBeTruthy();
    expect(screen.getByRole("button", { name: /Facebook/ })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Create account" })).toBeTruthy();
    expect(container.querySelectorAll("h1")).toHaveLength(1);
  });

  it("explains how it works in three steps", () => {
    renderLanding();
    const steps = within(section("Three steps to a gallery of portraits")).getAllByRole("listitem");
    expect(steps).toHaveLength(3);
    expect(steps[0]?.textContent).toContain("Add a few photos");
  });

  it("shows sample portraits of several categories, lazily loaded with their size set", () => {
    renderLanding();
    const images = within(section("Over 90 styles in a dozen categories")).getAllByRole("img");
    expect(images.length).toBeGreaterThanOrEqual(6);
    const categories = new Set(
      within(section("Over 90 styles in a dozen categories"))
        .getAllByRole("figure")
        .map((figure) => figure.querySelector("figcaption span:last-child")?.textContent),
    );
    expect(categories.size).toBeGreaterThanOrEqual(5);
    for (const image of images) {
      expect(image.getAttribute("loading")).toBe("lazy");
      expect(image.getAttribute("width")).toBe("480");
      expect(image.getAttribute("height")).toBe("600");
      expect(image.getAttribute("src")).toMatch(/^\/images\/[a-z]+\/[a-z-]+\.webp$/);
    }
  });

  it("shows the operator's sample image instead of the drawn art where there is one", () => {
    renderLanding({ samples: { astronaut: "/samples/astronaut?v=abc" } });
    const astronaut = within(section("Over 90 styles in a dozen categories")).getByRole("img", {
      name: "Astronaut style preview",
    });
    expect(astronaut.getAttribute("src")).toBe("/samples/astronaut?v=abc");
    const fairy = within(section("Over 90 styles in a dozen categories")).getByRole("img", {
      name: "Fairy style preview",
    });
    expect(fairy.getAttribute("src")).toBe("/images/wonder/fairy.webp");
  });

  it("lists every plan with its prices from the contract", () => {
    renderLanding();
    const region = section("Try once, or make portraits every month");
    for (const plan of plans) expect(within(region).getByRole("heading", { name: plan.name })).toBeTruthy();
    expect(region.textContent).toContain("$19 once");
    expect(region.textContent).toContain("$14.99 a month or $149.90 a year");
    expect(region.textContent).toContain("$24.99 a month or $249.90 a year");
    expect(region.textContent).toContain("Most popular");
    // Oracle's Extra child is sold (decision 0051); features still coming are not.
    expect(region.textContent).toContain("Extra child");
    for (const plan of plans) {
      for (const feature of plan.features.filter((entry) => entry.comingSoon)) {
        expect(region.textContent).not.toContain(feature.value);
      }
    }
  });

  it("promises privacy with the deployment's own retention period", () => {
    renderLanding({ trainingPhotosDays: 14 });
    const region = section("Our privacy promise");
    expect(region.textContent).toContain("deleted automatically 14 days after your child's model is trained");
    expect(region.textContent).toContain("never used to train models for anyone else");
    expect(region.textContent).toContain("at any time");
    cleanup();
    renderLanding({ trainingPhotosDays: 45 });
    expect(section("Our privacy promise").textContent).toContain("45 days after");
  });

  it("answers a short FAQ in disclosure widgets", () => {
    const { container } = renderLanding({ trainingPhotosDays: 21 });
    const details = section("Frequently asked questions").querySelectorAll("details");
    expect(details.length).toBeGreaterThanOrEqual(4);
    expect(container.querySelectorAll("details summary")).toHaveLength(details.length);
    expect(section("Frequently asked questions").textContent).toContain("Between 10 and 30 everyday photos");
    expect(section("Frequently asked questions").textContent).toContain("21 days after training");
  });
});
