// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { useViewerHistory, viewerEntryOf } from "./use-viewer-history";

afterEach(cleanup);

/** A stand-in studio: a choice of its own (kept in the page), and the viewer's entry. */
function Studio() {
  const viewer = useViewerHistory();
  const [style, setStyle] = useState("none");
  return (
    <div>
      <button type="button" onClick={() => setStyle("astronaut")}>
        Pick astronaut
      </button>
      <p data-testid="style">{style}</p>
      <p data-testid="viewer">{viewer.entry ? `${viewer.entry.list} ${viewer.entry.index}` : "closed"}</p>
      <button type="button" onClick={() => viewer.open({ list: "portraits", index: 2 })}>
        Open
      </button>
      <button type="button" onClick={() => viewer.show(3)}>
        Next
      </button>
      <button
        type="button"
        onClick={() => {
          // Escape and a deletion at the same moment: one step back, not two.
          viewer.close();
          viewer.close();
        }}
      >
        Close
      </button>
    </div>
  );
}

function renderStudio() {
  const router = createMemoryRouter(
    [
      { path: "/kids/styles", element: <p>Styles page</p> },
      { path: "/kids/children/1/magic-studio", element: <Studio /> },
    ],
    { initialEntries: ["/kids/styles", "/kids/children/1/magic-studio?style=fairy"], initialIndex: 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const shown = () => screen.getByTestId("viewer").textContent;

// A hang detector, not a speed limit: a first render on a busy two-core machine takes seconds.
describe("useViewerHistory", { timeout: 30_000 }, () => {
  it("opening pushes an entry at the same address; Back closes the viewer and stays in the studio", async () => {
    const router = renderStudio();
    fireEvent.click(screen.getByRole("button", { name: "Pick astronaut" }));
    fireEvent.click(screen.getByRole("button", { name: "Open" }));
    expect(shown()).toBe("portraits 2");
    expect(router.state.historyAction).toBe("PUSH");
    expect(router.state.location.pathname + router.state.location.search).toBe(
      "/kids/children/1/magic-studio?style=fairy",
    );

    await act(() => router.navigate(-1));
    expect(shown()).toBe("closed");
    expect(screen.getByTestId("style").textContent).toBe("astronaut");

    // Forward opens it again, where it was.
    await act(() => router.navigate(1));
    expect(shown()).toBe("portraits 2");
    expect(screen.getByTestId("style").textContent).toBe("astronaut");
  });

  it("stepping through portraits replaces the entry, so one Back still closes the viewer", async () => {
    const router = renderStudio();
    fireEvent.click(screen.getByRole("button", { name: "Open" }));
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(shown()).toBe("portraits 3");
    expect(router.state.historyAction).toBe("REPLACE");

    await act(() => router.navigate(-1));
    expect(shown()).toBe("closed");
    expect(screen.queryByText("Styles page")).toBeNull();
  });

  it("closing goes back once, even when asked twice, and leaves the studio where it was", async () => {
    const router = renderStudio();
    fireEvent.click(screen.getByRole("button", { name: "Open" }));
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Close" }));
    });
    expect(shown()).toBe("closed");
    expect(router.state.location.pathname).toBe("/kids/children/1/magic-studio");
    expect(router.state.historyAction).toBe("POP");
  });

  it("reads only a well-formed entry from a history state", () => {
    expect(viewerEntryOf({ portraitViewer: { list: "previews", index: 0 } })).toEqual({
      list: "previews",
      index: 0,
    });
    for (const state of [null, "x", {}, { portraitViewer: { list: "other", index: 1 } }]) {
      expect(viewerEntryOf(state)).toBeNull();
    }
    expect(viewerEntryOf({ portraitViewer: { list: "portraits", index: -1 } })).toBeNull();
    expect(viewerEntryOf({ portraitViewer: { list: "portraits", index: 1.5 } })).toBeNull();
  });
});
