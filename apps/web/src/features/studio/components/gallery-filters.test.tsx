// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { testImage } from "../lib/test-images";
import { GalleryFilterBar } from "./gallery-filter-bar";
import { PortraitCard } from "./portrait-card";

afterEach(cleanup);

const counts = {
  portraits: 5,
  favourites: 2,
  styles: [
    { styleId: "fairy", count: 3 },
    { styleId: "astronaut", count: 2 },
  ],
};

describe("GalleryFilterBar", () => {
  it("offers all, the favourites and each style present with its count, the chosen one pressed", () => {
    const onChange = vi.fn();
    render(
      <GalleryFilterBar childName="Mia" counts={counts} filter={{ styleId: "fairy" }} onChange={onChange} />,
    );
    const group = screen.getByRole("group", { name: "Show Mia's portraits" });
    const buttons = within(group).getAllByRole("button");
    expect(buttons.map((button) => button.getAttribute("aria-label"))).toEqual([
      "All, 5 portraits",
      "Favourites, 2 portraits",
      "Fairy, 3 portraits",
      "Astronaut, 2 portraits",
    ]);
    expect(buttons.map((button) => button.getAttribute("aria-pressed"))).toEqual([
      "false",
      "false",
      "true",
      "false",
    ]);

    fireEvent.click(within(group).getByRole("button", { name: /^Favourites/ }));
    expect(onChange).toHaveBeenLastCalledWith({ favourites: true });
    fireEvent.click(within(group).getByRole("button", { name: /^Astronaut/ }));
    expect(onChange).toHaveBeenLastCalledWith({ styleId: "astronaut" });
    fireEvent.click(within(group).getByRole("button", { name: /^All/ }));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it("says a single portrait in the singular", () => {
    render(
      <GalleryFilterBar
        childName="Mia"
        counts={{ portraits: 1, favourites: 0, styles: [{ styleId: "fairy", count: 1 }] }}
        filter={null}
        onChange={() => {}}
      />,
    );
    expect(screen.getByRole("button", { name: "Fairy, 1 portrait" }).textContent).toBe("Fairy1");
    expect(screen.getByRole("button", { name: /^All/ }).getAttribute("aria-pressed")).toBe("true");
  });
});

describe("the favourite heart on a portrait card", () => {
  function renderCard(image: ReturnType<typeof testImage>, onToggleFavourite?: () => void) {
    render(
      <ul>
        <PortraitCard
          image={image}
          position={2}
          childName="Mia"
          canDelete={false}
          onOpen={() => {}}
          onDelete={() => {}}
          {...(onToggleFavourite ? { onToggleFavourite } : {})}
        />
      </ul>,
    );
  }

  it("is a named toggle that says whether the portrait is a favourite", () => {
    const toggle = vi.fn();
    renderCard(testImage("a", { styleId: "fairy", favourite: true }), toggle);
    const heart = screen.getByRole("button", { name: "Favourite: Fairy, portrait 2" });
    expect(heart.getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(heart);
    expect(toggle).toHaveBeenCalledTimes(1);
    cleanup();

    renderCard(testImage("b", { styleId: "fairy" }), toggle);
    expect(
      screen.getByRole("button", { name: "Favourite: Fairy, portrait 2" }).getAttribute("aria-pressed"),
    ).toBe("false");
  });

  it("is not offered on a portrait still being made, on a preview, or without a handler", () => {
    renderCard(testImage("a", { status: "processing", url: null }), () => {});
    renderCard(testImage("b", { kind: "preview" }), () => {});
    renderCard(testImage("c"));
    expect(screen.queryByRole("button", { name: /^Favourite/ })).toBeNull();
  });
});
