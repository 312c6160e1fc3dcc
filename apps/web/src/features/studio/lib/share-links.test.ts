import { describe, expect, it } from "vitest";
import { linkCopiedWords, liveShareOf, withoutShare, withShare } from "./share-links";

const share = (imageId: string, expiresAt: string, url = `https://example.test/s/${imageId}`) => ({
  imageId,
  url,
  createdAt: "2026-11-20T00:00:00.000Z",
  expiresAt,
  caption: null,
});

describe("the gallery's share links", () => {
  const now = Date.parse("2026-11-25T12:00:00.000Z");

  it("counts a link as live only until it expires", () => {
    const shares = [share("a", "2026-11-25T12:00:01.000Z"), share("b", "2026-11-25T11:59:59.000Z")];
    expect(liveShareOf(shares, "a", now)?.imageId).toBe("a");
    expect(liveShareOf(shares, "b", now)).toBeNull();
    expect(liveShareOf(shares, "c", now)).toBeNull();
    expect(liveShareOf(undefined, "a", now)).toBeNull();
  });

  it("keeps one link per portrait as links are made and stopped", () => {
    const first = share("a", "2026-12-01T00:00:00.000Z", "https://example.test/s/one");
    const renewed = share("a", "2026-12-02T00:00:00.000Z", "https://example.test/s/two");
    const other = share("b", "2026-12-01T00:00:00.000Z");
    const shares = withShare(withShare(withShare(undefined, first), other), renewed);
    expect(shares.map((entry) => entry.url).sort()).toEqual(
      ["https://example.test/s/b", "https://example.test/s/two"].sort(),
    );
    expect(withoutShare(shares, "a").map((entry) => entry.imageId)).toEqual(["b"]);
  });

  it("says until when a copied link works", () => {
    const words = linkCopiedWords(share("a", "2026-12-03T10:00:00.000Z"));
    expect(words).toMatch(/^Link copied\. Anyone with it can see this portrait until .*2026\.$/);
  });
});
