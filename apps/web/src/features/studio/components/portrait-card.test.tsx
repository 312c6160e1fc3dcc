// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { PORTRAIT_PHONE_SCREEN, PORTRAIT_TILE_SIZES, studioMessages } from "@wonderkin/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import { pendingImage, processingImage, testImage } from "../lib/test-images";
import { type CardSharing, PortraitCard } from "./portrait-card";

afterEach(cleanup);

function renderCard(image: Parameters<typeof PortraitCard>[0]["image"]) {
  const props = { position: 1, childName: "Mia", canDelete: false, onOpen: () => {}, onDelete: () => {} };
  const view = render(
    <ul>
      <PortraitCard image={image} {...props} />
    </ul>,
  );
  return {
    ...view,
    update: (next: typeof image) =>
      view.rerender(
        <ul>
          <PortraitCard image={next} {...props} />
        </ul>,
      ),
  };
}

describe("PortraitCard in the making", () => {
  it("shows a waiting portrait's place in line and the time left, not a bare 0 %", () => {
    renderCard(pendingImage("p1", { styleId: "fairy", queuePosition: 3, estimatedSeconds: 20 }));
    const card = screen.getByTestId("portrait-in-progress");
    expect(within(card).getByTestId("portrait-wait-title")).toHaveProperty("textContent", "Waiting its turn");
    expect(within(card).getByTestId("portrait-wait-detail")).toHaveProperty(
      "textContent",
      "3 ahead · about 20 s",
    );
    expect(within(card).queryByText(/%/)).toBeNull();
    const bar = within(card).getByRole("progressbar", { name: "Making a Fairy portrait" });
    expect(bar.getAttribute("aria-valuetext")).toBe("Waiting its turn — 3 ahead · about 20 s");
  });

  it("follows every poll: next in line, then painting with its percentage", () => {
    const view = renderCard(pendingImage("p1", { queuePosition: 1, estimatedSeconds: 12 }));
    view.update(pendingImage("p1", { queuePosition: 0, estimatedSeconds: 5 }));
    expect(screen.getByTestId("portrait-wait-title").textContent).toBe("Next in line");
    expect(screen.getByTestId("portrait-wait-detail").textContent).toBe("about 5 s");

    view.update(processingImage("p1", { progress: 40, estimatedSeconds: 4 }));
    expect(screen.getByTestId("portrait-wait-title").textContent).toBe("Painting…");
    expect(screen.getByTestId("portrait-wait-detail").textContent).toBe("about 4 s");
    expect(screen.getByText("40%")).toBeTruthy();
    expect(screen.getByRole("progressbar").getAttribute("aria-valuetext")).toBe("Painting… about 4 s");
  });

  it("leaves the estimate out when the server has none", () => {
    renderCard(processingImage("p1", { estimatedSeconds: null }));
    expect(screen.getByTestId("portrait-wait-title").textContent).toBe("Painting…");
    expect(screen.queryByTestId("portrait-wait-detail")).toBeNull();
  });
});

describe("PortraitCard and the likeness check", () => {
  it("says quietly that a finished portrait looks like the child when the check passed", () => {
    renderCard(testImage("p1", { styleId: "fairy", likeness: "passed" }));
    const check = screen.getByTestId("likeness-passed");
    expect(check.textContent).toBe("Looks like Mia");
    // An icon and words, beside the style's name: not a badge on the picture.
    expect(check.querySelector("svg")?.getAttribute("aria-hidden")).toBe("true");
    expect(screen.getByRole("listitem").textContent).toContain("FairyLooks like Mia");
  });

  it("says nothing when no check ran, or while the portrait is still being made", () => {
    renderCard(testImage("p1", { likeness: null }));
    expect(screen.queryByText(/Looks like/)).toBeNull();
    cleanup();
    renderCard(processingImage("p2", { likeness: "passed" }));
    expect(screen.queryByText(/Looks like/)).toBeNull();
  });

  it("shows why a portrait unlike the child failed, with the credit given back once", () => {
    const error = studioMessages.unlike.replace("{name}", "Mia");
    renderCard(testImage("p1", { status: "failed", likeness: "unlike", error, url: null }));
    const card = screen.getByTestId("portrait-failed");
    expect(card.textContent).toContain("This one didn't work");
    expect(card.textContent).toContain(
      "This portrait didn't look enough like Mia, so we gave your credit back.",
    );
    expect(card.textContent).not.toContain("Your credit was given back.");
    expect(screen.queryByTestId("likeness-passed")).toBeNull();
  });

  it("names the child itself when an unlike portrait came without the server's words", () => {
    renderCard(testImage("p1", { status: "failed", likeness: "unlike", error: null }));
    expect(screen.getByTestId("portrait-failed").textContent).toContain(
      "This portrait didn't look enough like Mia, so we gave your credit back.",
    );
  });
});

describe("PortraitCard and the safety check", () => {
  it("shows a withheld portrait like any failed one: no picture, why, and the credit given back once", () => {
    renderCard(
      testImage("p1", {
        status: "failed",
        error: studioMessages.withheld,
        url: null,
      }),
    );
    const card = screen.getByTestId("portrait-failed");
    expect(card.textContent).toContain("This one didn't work");
    expect(card.textContent).toContain(
      "This portrait didn't pass our automatic safety check, so we don't show it. Your credit was given back.",
    );
    expect(card.textContent?.match(/credit was given back/g)).toHaveLength(1);
    expect(screen.queryByRole("img")).toBeNull();
    expect(screen.queryByRole("link")).toBeNull();
  });
});

describe("PortraitCard's picture", () => {
  it("loads the thumbnail on a phone, and lets a wider screen pick the full picture, from one address", () => {
    renderCard(testImage("p1", { url: "/media/p1.jpg?expires=9&signature=s", width: 2048 }));
    const picture = screen.getByRole("img");
    const thumbnail = "/media/p1.jpg?expires=9&signature=s&size=thumbnail";
    const phone = picture.parentElement?.querySelector("source");
    expect(phone?.getAttribute("media")).toBe(PORTRAIT_PHONE_SCREEN);
    expect(phone?.getAttribute("srcset")).toBe(thumbnail);
    expect(picture.getAttribute("src")).toBe(thumbnail);
    expect(picture.getAttribute("srcset")).toBe(
      `${thumbnail} 480w, /media/p1.jpg?expires=9&signature=s 2048w`,
    );
    expect(picture.getAttribute("sizes")).toBe(PORTRAIT_TILE_SIZES);
    expect(screen.getByRole("link", { name: /^Download/ }).getAttribute("href")).toBe(
      "/media/p1.jpg?expires=9&signature=s&download=astronaut-p1.jpg",
    );
  });
});

describe("PortraitCard for a free preview", () => {
  it("marks a finished preview Preview on the picture, and names it a preview", () => {
    renderCard(testImage("p1", { kind: "preview", styleId: "fairy", watermarked: true }));
    expect(screen.getByTestId("preview-badge").textContent).toBe("Preview");
    expect(screen.getByRole("img").getAttribute("alt")).toBe("Fairy preview 1");
    expect(screen.getByRole("link", { name: "Download Fairy preview 1" })).toBeTruthy();
  });

  it("marks a preview in the making too, and never a portrait", () => {
    renderCard(processingImage("p1", { kind: "preview" }));
    expect(screen.getByTestId("preview-badge")).toBeTruthy();
    cleanup();
    renderCard(testImage("p2"));
    expect(screen.queryByTestId("preview-badge")).toBeNull();
  });
});

describe("PortraitCard and sharing by link", () => {
  const expiresAt = "2026-12-03T10:00:00.000Z";
  const share = {
    imageId: "p1",
    url: "https://wonderkin.example/s/abc",
    createdAt: "2026-11-26T10:00:00.000Z",
    expiresAt,
    caption: null,
  };
  const until = new Intl.DateTimeFormat(undefined, { day: "numeric", month: "short" }).format(
    new Date(expiresAt),
  );

  function renderShared(sharing: CardSharing | undefined, image = testImage("p1", { styleId: "fairy" })) {
    render(
      <ul>
        <PortraitCard
          image={image}
          position={2}
          childName="Mia"
          canDelete={false}
          onOpen={() => {}}
          onDelete={() => {}}
          {...(sharing ? { sharing } : {})}
        />
      </ul>,
    );
  }

  it("offers Copy link on a portrait that is not shared yet, and shows no shared state", () => {
    const onCopyLink = vi.fn();
    renderShared({ share: null, onCopyLink, onStopSharing: vi.fn(), pending: false });
    fireEvent.click(screen.getByRole("button", { name: "Copy link: Fairy, portrait 2" }));
    expect(onCopyLink).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId("share-state")).toBeNull();
    expect(screen.queryByRole("button", { name: /Stop sharing/ })).toBeNull();
  });

  it("shows a shared portrait as Shared · until its date, with Stop sharing", () => {
    const onStopSharing = vi.fn();
    renderShared({ share, onCopyLink: vi.fn(), onStopSharing, pending: false });
    const state = screen.getByTestId("share-state");
    expect(state.textContent).toContain(`Shared · until ${until}`);
    fireEvent.click(within(state).getByRole("button", { name: "Stop sharing: Fairy, portrait 2" }));
    expect(onStopSharing).toHaveBeenCalledTimes(1);
    // Copy link stays: copying again gives the same link.
    expect(screen.getByRole("button", { name: "Copy link: Fairy, portrait 2" })).toBeTruthy();
  });

  it("leaves Copy link out where the device shares the file itself, but still shows the shared state", () => {
    renderShared({ share, onStopSharing: vi.fn(), pending: false });
    expect(screen.queryByRole("button", { name: /Copy link/ })).toBeNull();
    expect(screen.getByTestId("share-state").textContent).toContain("Shared · until");
  });

  it("disables both while a link is being made or stopped", () => {
    renderShared({ share, onCopyLink: vi.fn(), onStopSharing: vi.fn(), pending: true });
    expect(screen.getByRole("button", { name: /Copy link/ })).toHaveProperty("disabled", true);
    expect(screen.getByRole("button", { name: /Stop sharing/ })).toHaveProperty("disabled", true);
  });

  it("offers no sharing without it (previews), nor on a portrait still being made", () => {
    renderShared(undefined, testImage("p1", { kind: "preview" }));
    expect(screen.queryByRole("button", { name: /Copy link|Stop sharing/ })).toBeNull();
    cleanup();
    renderShared(
      { share, onCopyLink: vi.fn(), onStopSharing: vi.fn(), pending: false },
      processingImage("p1"),
    );
    expect(screen.queryByRole("button", { name: /Copy link|Stop sharing/ })).toBeNull();
    expect(screen.queryByTestId("share-state")).toBeNull();
  });
});
