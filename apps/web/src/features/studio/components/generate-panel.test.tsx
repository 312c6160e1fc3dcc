// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { GeneratedImage } from "@wonderkin/contract";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { pendingImage, processingImage, testImage } from "../lib/test-images";
import { GeneratePanel } from "./generate-panel";

afterEach(cleanup);

function renderPanel(batch: readonly GeneratedImage[], onShowGallery = () => {}) {
  return render(
    <MemoryRouter>
      <GeneratePanel
        childName="Mia"
        style={null}
        count={4}
        onCountChange={() => {}}
        balance={10}
        button={{ kind: "no-style", label: "Pick a style first", disabled: true, cost: 4 }}
        onGenerate={() => {}}
        error={null}
        batch={batch}
        onShowGallery={onShowGallery}
      />
    </MemoryRouter>,
  );
}

describe("GeneratePanel's line about the batch in progress", () => {
  const batch = [
    pendingImage("a", { queuePosition: 1, estimatedSeconds: 12 }),
    pendingImage("b", { queuePosition: 0, estimatedSeconds: 8 }),
    processingImage("c", { estimatedSeconds: 4 }),
    testImage("d"),
  ];

  it("sums the batch up in one line that leads to the gallery", async () => {
    const onShowGallery = vi.fn();
    renderPanel(batch, onShowGallery);
    const line = screen.getByTestId("batch-progress");
    expect(line.textContent).toBe("4 portraits on the way — 1 ready · about 10 s");
    await userEvent.click(line);
    expect(onShowGallery).toHaveBeenCalledOnce();
  });

  it("tells screen readers politely how the batch goes, without a countdown", () => {
    renderPanel(batch);
    const status = screen.getByRole("status");
    expect(status.getAttribute("aria-live")).toBe("polite");
    expect(status.textContent).toBe("4 portraits on the way — 1 ready");
  });

  it("is gone once nothing is being made", () => {
    renderPanel([]);
    expect(screen.queryByTestId("batch-progress")).toBeNull();
    expect(screen.getByRole("status").textContent).toBe("");
  });
});
