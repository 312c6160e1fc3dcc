// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { getPublicConfigQueryOptions } from "@/lib/public-config";
import { PrivacyPolicyPage } from "./privacy-policy-page";

afterEach(cleanup);

type Previews = { portraits: number; referencePhotos: number } | null;
type Safety = { screening: boolean; quarantineDays: number };

function renderPolicy(
  faceDetection: boolean,
  previews: Previews = { portraits: 4, referencePhotos: 4 },
  safety: Safety = { screening: true, quarantineDays: 0 },
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(getPublicConfigQueryOptions().queryKey, {
    appName: "Wonderkin",
    socialProviders: [],
    photos: { min: 10, max: 30, maxMegabytes: 15 },
    faceDetection,
    previews,
    retention: { trainingPhotosDays: 30, unverifiedAccountDays: 14 },
    samples: {},
    shareLinkDays: 5,
    safety,
  });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <PrivacyPolicyPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("PrivacyPolicyPage and the face checks", () => {
  it("says what the face checks compute, why, where it stays and how long, where they run", () => {
    renderPolicy(true);
    const item = screen.getByTestId("face-descriptors").textContent ?? "";
    expect(item).toContain("128 numbers that describe the face; the photo cannot be rebuilt from them");
    expect(item).toContain("The estimated age is never shown.");
    expect(item).toContain("biometric data");
    expect(item).toContain("never sent to the image-model provider, to analytics or to anyone else");
    expect(document.body.textContent).not.toContain("keeps nothing but its answer");

    const table = screen.getByLabelText("How long we keep each kind of data");
    expect(within(table).getByText("Face descriptors of the photos")).toBeTruthy();
    expect(within(table).getByText("Your child's reference face")).toBeTruthy();
    expect(screen.getByText(/^Last updated/).textContent).toContain("2026");
  });

  it("says nothing of descriptors where no face check runs", () => {
    renderPolicy(false);
    expect(screen.queryByTestId("face-descriptors")).toBeNull();
    expect(document.body.textContent).not.toMatch(/descriptor|biometric/);
  });
});

describe("PrivacyPolicyPage and the free previews", () => {
  it("names the preview model at Replicate, what it receives and when Replicate deletes it", () => {
    renderPolicy(true);
    const replicate = screen.getByTestId("replicate-previews").textContent ?? "";
    expect(replicate).toContain("up to 4 of your child's best photos");
    expect(replicate).toContain("FLUX.2 [pro] by Black Forest Labs");
    expect(replicate).toContain(
      "deletes the photos it was sent and the previews it made an hour after each request",
    );
    expect(screen.getByTestId("previews").textContent).toContain("kept with the portraits");
  });

  it("keeps the previews with the portraits: deleted with the child, in the data export", () => {
    renderPolicy(false);
    const table = screen.getByLabelText("How long we keep each kind of data");
    expect(
      within(table).getByText("Your children's details, their trained models, portraits and previews"),
    ).toBeTruthy();
    const text = document.body.textContent ?? "";
    expect(text).toContain("with every photo, portrait and preview");
    expect(text).toContain("portraits and previews are deleted at once");
    expect(text).toContain("makes the portraits and previews depends on how Wonderkin is set up");
    expect(text).toContain("Training, previews and portraits run offline on our own servers.");
  });
});

describe("PrivacyPolicyPage where the deployment makes no previews", () => {
  it("states the deployment's own number of photos the previews are made from", () => {
    renderPolicy(true, { portraits: 4, referencePhotos: 2 });
    expect(screen.getByTestId("replicate-previews").textContent).toContain(
      "up to 2 of your child's best photos",
    );
    expect(screen.getByTestId("previews").textContent).toContain("up to 2 of your child's best photos");
  });

  it("says nothing of previews anywhere, in whole sentences", () => {
    for (const faceDetection of [true, false]) {
      renderPolicy(faceDetection, null);
      expect(screen.queryByTestId("previews")).toBeNull();
      expect(screen.queryByTestId("replicate-previews")).toBeNull();
      const text = document.body.textContent ?? "";
      expect(text).not.toMatch(/preview/i);
      const table = screen.getByLabelText("How long we keep each kind of data");
      expect(
        within(table).getByText("Your children's details, their trained models and portraits"),
      ).toBeTruthy();
      expect(text).toContain(
        "Who trains your child's model and makes the portraits depends on how Wonderkin",
      );
      expect(text).toContain("Training and portraits run offline on our own servers.");
      expect(text).toContain("payments, with every photo and portrait, and e-mail you a link.");
      expect(text).toContain(
        "trained model (at the image-model provider too) and portraits are deleted at once.",
      );
      cleanup();
    }
  });
});

describe("PrivacyPolicyPage and share links", () => {
  it("says what a share link shows, to whom, for this deployment's number of days, and how to stop it", () => {
    renderPolicy(true);
    const text = screen.getByTestId("share-links").textContent ?? "";
    expect(text).toContain("that one picture, on a page of its own");
    expect(text).toContain("not your child's name, not your family");
    expect(text).toContain("anyone who has the link");
    expect(text).toContain("5 days from when it is made");
    expect(text).toContain("“Stop sharing”");
    expect(screen.getByText(/A shared link:/).closest("li")?.textContent).toContain(
      "Your data export lists every link your family made.",
    );
  });
});

describe("PrivacyPolicyPage and the safety checks", () => {
  const contents = () => within(screen.getByRole("navigation", { name: "Contents" }));

  it("says every photo and portrait is checked on our own servers, and what becomes of one that fails", () => {
    renderPolicy(true);
    expect(
      contents()
        .getByRole("link", { name: /Safety checks/ })
        .getAttribute("href"),
    ).toBe("#safety-checks");
    expect(screen.getByRole("heading", { name: "Safety checks" })).toBeTruthy();
    const text = screen.getByTestId("safety-checks").textContent ?? "";
    expect(text).toContain(
      "Every photo you upload — your child's photos and the family picture — and every portrait and preview we make is checked automatically, on our own servers, before it is stored or anyone can see it.",
    );
    expect(text).toContain("nothing is sent to anyone for it");
    expect(text).toContain("fully dressed, like everyday clothes");
    expect(text).toContain("is never shown, shared, printed or e-mailed");
    expect(text).toContain("We make it again once, free");
    expect(text).toContain("your credit is given back");
    expect(text).toContain("A preview that doesn't pass is simply left out.");
    // By default no copy is kept: only the record, with the child or the family.
    expect(text).toContain("no copy of the picture");
    expect(text).toContain("a SHA-256 hash, from which the picture cannot be rebuilt");
    expect(text).not.toContain("encrypted");
    expect(text).not.toContain("delivered to you after all");
    expect(text).toContain("it is a safety net, not a guarantee");
    expect(text).toContain("Nothing is reported to anyone automatically.");

    const table = screen.getByLabelText("How long we keep each kind of data");
    expect(within(table).getByText("Pictures that fail the safety check")).toBeTruthy();
    expect(document.body.textContent).toContain("To keep children safe: every photo and portrait is checked");
    expect(screen.getByText(/People at our company look at your data/).textContent).not.toContain(
      "safety check",
    );
  });

  it("says for how long, encrypted and for whom, a failed picture is kept where the operator keeps it", () => {
    renderPolicy(true, { portraits: 4, referencePhotos: 4 }, { screening: true, quarantineDays: 14 });
    const text = screen.getByTestId("safety-checks").textContent ?? "";
    expect(text).toContain(
      "for 14 days, an encrypted copy of the picture, so that a person on our team can review the decision",
    );
    expect(text).toContain("it is deleted when the 14 days end, or sooner when you delete the child");
    expect(text).toContain("If the check was wrong, the picture is delivered to you after all.");
    const table = screen.getByLabelText("How long we keep each kind of data");
    expect(within(table).getByText(/^An encrypted copy for 14 days/)).toBeTruthy();
    expect(screen.getByText(/People at our company look at your data/).textContent).toContain(
      "to review a picture that failed the safety check",
    );
  });

  it("says nothing of a safety check where none runs", () => {
    renderPolicy(true, { portraits: 4, referencePhotos: 4 }, { screening: false, quarantineDays: 14 });
    expect(screen.queryByTestId("safety-checks")).toBeNull();
    expect(contents().queryByRole("link", { name: /Safety checks/ })).toBeNull();
    expect(document.body.textContent).not.toMatch(/safety check|nudity|encrypted copy/i);
    // The sections are numbered in order, without a gap.
    expect(contents().getByRole("link", { name: /How long we keep it/ }).textContent).toBe(
      "4How long we keep it",
    );
  });

  it("numbers the safety checks after where the data is processed", () => {
    renderPolicy(false);
    expect(contents().getByRole("link", { name: /Safety checks/ }).textContent).toBe("4Safety checks");
    expect(contents().getByRole("link", { name: /How long we keep it/ }).textContent).toBe(
      "5How long we keep it",
    );
  });
});
