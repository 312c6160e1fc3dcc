import { categories, styleMotifs, styles } from "@wonderkin/contract";
import { describe, expect, it } from "vitest";
import { categoryArtSvg, portraitCircle, styleArtSvg } from "./style-art";

describe("style art", () => {
  const size = { width: 480, height: 600 };

  it("draws every motif as a complete SVG, the same for the same seed", () => {
    for (const motif of styleMotifs) {
      const art = { gradient: ["#ffe3ef", "#b8a4ff"] as const, accent: "#ff5fa2", motif };
      const svg = styleArtSvg(art, { ...size, seed: 42, child: true });
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="480" height="600"/);
      expect(svg.endsWith("</svg>")).toBe(true);
      expect(svg).not.toMatch(/NaN|undefined|Infinity/);
      expect(svg.length).toBeGreaterThan(2000);
      expect(styleArtSvg(art, { ...size, seed: 42, child: true })).toBe(svg);
      expect(styleArtSvg(art, { ...size, seed: 43, child: true })).not.toBe(svg);
    }
  });

  it("draws every style and every category tile", () => {
    for (const style of styles) expect(styleArtSvg(style.art, size)).toContain("</svg>");
    for (const category of categories) {
      const svg = categoryArtSvg(category, styles);
      expect(svg).toMatch(/width="480" height="360"/);
      expect(svg).not.toMatch(/NaN|undefined/);
    }
  });

  it("escapes a title and refuses colours that are not hex", () => {
    const art = { gradient: ["#000", "#fff"] as const, accent: "#abc", motif: "stars" as const };
    expect(styleArtSvg(art, { ...size, title: `Tom & "Jerry" <3` })).toContain(
      "Tom &#38; &#34;Jerry&#34; &#60;3",
    );
    expect(() => styleArtSvg({ ...art, accent: 'red" onload="x' }, size)).toThrow();
    expect(() => styleArtSvg(art, { width: 0, height: 600 })).toThrow(RangeError);
  });

  it("places the portrait circle inside the picture, a little above the middle", () => {
    expect(portraitCircle(480, 600)).toEqual({ cx: 240, cy: 276, r: 163.2 });
    for (const [width, height] of [
      [480, 600],
      [480, 360],
      [1024, 1024],
    ] as const) {
      const { cx, cy, r } = portraitCircle(width, height);
      expect(cx - r).toBeGreaterThan(0);
      expect(cy - r).toBeGreaterThan(0);
      expect(cx + r).toBeLessThan(width);
      expect(cy + r).toBeLessThan(height);
      expect(cy).toBeLessThanOrEqual(height / 2);
    }
  });
});
