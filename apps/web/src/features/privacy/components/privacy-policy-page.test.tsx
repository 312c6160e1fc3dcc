// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { getPublicConfigQueryOptions } from "@/lib/public-config";
import { PrivacyPolicyPage } from "./privacy-policy-page";

afterEach(cleanup);

function renderPolicy(faceDetection: boolean) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(getPublicConfigQueryOptions().queryKey, {
    appName: "Wonderkin",
    socialProviders: [],
    photos: { min: 10, max: 30, maxMegabytes: 15 },
    faceDetection,
    retention: { trainingPhotosDays: 30, unverifiedAccountDays: 14 },
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
