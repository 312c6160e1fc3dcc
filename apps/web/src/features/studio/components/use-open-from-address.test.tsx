// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import type { GeneratedImage } from "@wonderkin/contract";
import { useCallback } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { useOpenFromAddress } from "./use-open-from-address";
import { useViewerHistory } from "./use-viewer-history";

afterEach(cleanup);

const portraits = ["a", "b", "c"].map((id) => ({ id }) as GeneratedImage);

/** A stand-in studio: its loaded gallery, the viewer's history entry, and the address that opens one. */
function Studio() {
  const viewer = useViewerHistory();
  const open = useCallback((index: number) => viewer.open({ list: "portraits", index }), [viewer.open]);
  useOpenFromAddress({ portraits, loaded: true, open });
  return <p data-testid="viewer">{viewer.entry ? `${viewer.entry.list} ${viewer.entry.index}` : "closed"}</p>;
}

function renderStudioAt(address: string) {
  const router = createMemoryRouter(
    [
      { path: "/checkout/:id", element: <p>Checkout</p> },
      { path: "/kids/children/1/magic-studio", element: <Studio /> },
    ],
    { initialEntries: ["/kids/children/1/magic-studio", "/checkout/cs_1", address], initialIndex: 2 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

// A hang detector, not a speed limit: a first render on a busy two-core machine takes seconds.
describe("useOpenFromAddress", { timeout: 30_000 }, () => {
  it("opens the named portrait once, at the address without its name, and Back closes it", async () => {
    const router = renderStudioAt("/kids/children/1/magic-studio?portrait=b&style=fairy");
    await waitFor(() => expect(screen.getByTestId("viewer").textContent).toBe("portraits 1"));
    const { location } = router.state;
    expect(location.pathname + location.search).toBe("/kids/children/1/magic-studio?style=fairy");

    // Exactly one entry was pushed over the (replaced) studio address: Back shows the studio, closed,
    // and does not open the viewer again.
    await act(() => router.navigate(-1));
    expect(screen.getByTestId("viewer").textContent).toBe("closed");
    expect(router.state.location.search).toBe("?style=fairy");
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe("/checkout/cs_1");
  });

  it("leaves the studio closed when the named portrait is gone", async () => {
    const router = renderStudioAt("/kids/children/1/magic-studio?portrait=zzz");
    await waitFor(() => expect(router.state.location.search).toBe(""));
    expect(screen.getByTestId("viewer").textContent).toBe("closed");
  });
});
