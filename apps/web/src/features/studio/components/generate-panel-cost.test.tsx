// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { findStyle, GENERATION_MAX_COUNT } from "@wonderkin/contract";
import { useState } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { paths } from "@/config/paths";
import { affordableCount, generateButtonState } from "../lib/generate-button";
import { GeneratePanel } from "./generate-panel";

afterEach(cleanup);

const astronaut = (() => {
  const style = findStyle("astronaut");
  if (!style) throw new Error("the catalogue has no astronaut style");
  return style;
})();

/**
 * The panel wired as the magic studio page wires it: the count starts at what the balance pays for
 * (at least one) until the parent picks, and the button's words and price come from the real
 * generateButtonState.
 */
function Studio({
  balance,
  styleChosen = true,
  onGenerate = () => {},
}: {
  balance: number | null;
  styleChosen?: boolean;
  onGenerate?: () => void;
}) {
  const [chosenCount, setChosenCount] = useState<number | null>(null);
  const count = chosenCount ?? Math.max(1, affordableCount(balance, GENERATION_MAX_COUNT));
  const button = generateButtonState({
    count,
    balance,
    styleChosen,
    styleLocked: false,
    working: false,
  });
  return (
    <GeneratePanel
      childName="Mia"
      style={styleChosen ? astronaut : null}
      count={count}
      onCountChange={setChosenCount}
      balance={balance}
      button={button}
      onGenerate={onGenerate}
      error={null}
      batch={[]}
      onShowGallery={() => {}}
    />
  );
}

function renderStudio(props: Parameters<typeof Studio>[0]) {
  // The style's preview asks the public config whether an operator sample replaces the art.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <Studio {...props} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const generateButton = () => screen.getByTestId("generate-button");

/** The count control (the panel has a compact one for phones and a full one; both do the same). */
async function chooseCount(count: number, which: "compact" | "full" = "full") {
  const groups = screen.getAllByRole("group", { name: "How many portraits" });
  const group = which === "compact" ? groups[0] : groups[1];
  if (!group) throw new Error(`no ${which} count control`);
  await userEvent.click(within(group).getByRole("radio", { name: String(count) }));
}

/** The warning about credits, when there is one. */
const creditWarning = () =>
  screen.queryAllByRole("status").find((element) => element.textContent?.includes("Top up credits")) ?? null;

describe("GeneratePanel's price before generating", () => {
  it("prices the count the balance pays for, and follows the count the parent picks", async () => {
    renderStudio({ balance: 10 });
    expect(generateButton().textContent).toBe("Create 4 portraits · 4 credits");
    expect(screen.getByTestId("studio-balance").textContent).toBe("10 credits");

    await chooseCount(2);
    expect(generateButton().textContent).toBe("Create 2 portraits · 2 credits");
    for (const group of screen.getAllByRole("group", { name: "How many portraits" })) {
      expect(within(group).getByRole<HTMLInputElement>("radio", { name: "2" }).checked).toBe(true);
    }

    await chooseCount(1, "compact");
    expect(generateButton().textContent).toBe("Create 1 portrait · 1 credit");
    expect(generateButton()).toHaveProperty("disabled", false);
    expect(creditWarning()).toBeNull();
  });

  it("starts at what a small balance pays for", () => {
    renderStudio({ balance: 3 });
    expect(generateButton().textContent).toBe("Create 3 portraits · 3 credits");
    expect(generateButton()).toHaveProperty("disabled", false);
  });

  it("says how many credits are missing for a bigger count, with the way to top up", async () => {
    renderStudio({ balance: 2 });
    await chooseCount(4);
    expect(generateButton().textContent).toBe("Create 4 portraits · 4 credits");
    expect(generateButton()).toHaveProperty("disabled", true);

    const warning = creditWarning();
    expect(warning?.textContent).toBe(
      "That needs 4 credits: 2 credits more than you have. Top up credits or make fewer portraits.",
    );
    if (!warning) throw new Error("no warning");
    expect(within(warning).getByRole("link", { name: "Top up credits" }).getAttribute("href")).toBe(
      paths.topUpCreditPlans,
    );

    await chooseCount(2);
    expect(creditWarning()).toBeNull();
    expect(generateButton()).toHaveProperty("disabled", false);
  });

  it("says the parent is out of credits when nothing is left", async () => {
    const onGenerate = vi.fn();
    renderStudio({ balance: 0, onGenerate });
    expect(generateButton().textContent).toBe("Create 1 portrait · 1 credit");
    expect(generateButton()).toHaveProperty("disabled", true);
    expect(creditWarning()?.textContent).toBe("You're out of credits. Top up credits");
    await userEvent.click(generateButton());
    expect(onGenerate).not.toHaveBeenCalled();
  });

  it("keeps the button shut while the balance loads, without a warning", () => {
    renderStudio({ balance: null });
    expect(generateButton()).toHaveProperty("disabled", true);
    expect(screen.getByTestId("studio-balance").textContent).toBe("…");
    expect(creditWarning()).toBeNull();
  });
});

describe("GeneratePanel's Generate button", () => {
  it("asks for the portraits once per press", async () => {
    const onGenerate = vi.fn();
    renderStudio({ balance: 10, onGenerate });
    expect(screen.getByTestId("chosen-style").textContent).toBe(`Mia as ${astronaut.title}`);
    await userEvent.click(screen.getByRole("button", { name: "Create 4 portraits · 4 credits" }));
    expect(onGenerate).toHaveBeenCalledOnce();
  });

  it("cannot be pressed before a style is picked, and says so", async () => {
    const onGenerate = vi.fn();
    renderStudio({ balance: 10, styleChosen: false, onGenerate });
    const button = screen.getByRole("button", { name: "Pick a style first" });
    expect(button).toHaveProperty("disabled", true);
    expect(screen.getByTestId("chosen-style").textContent).toBe("Pick a style to begin");
    await userEvent.click(button);
    expect(onGenerate).not.toHaveBeenCalled();
  });
});
