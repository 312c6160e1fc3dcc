import { categories, costumeExtras, costumeHeadwear, costumeOutfits, styles } from "@wonderkin/contract";
import { describe, expect, it } from "vitest";
import { childHairStyles, childLook, childSkinTones } from "./child-art";
import { categoryArtSvg, childLayerSvg, hashSeed, styleArtSvg } from "./style-art";

const size = { width: 480, height: 600 };
const preview = (style: (typeof styles)[number]) =>
  styleArtSvg(style.art, { ...size, seed: hashSeed(style.id), child: true });

/** A style by id (the test fails loudly if the catalogue drops it). */
function styleOf(styleId: string): (typeof styles)[number] {
  const style = styles.find((candidate) => candidate.id === styleId);
  if (!style) throw new Error(`missing ${styleId}`);
  return style;
}

/** One layer drawn around a photo's face, as the local model asks for it (face-in-costume.ts). */
function photoFaceLayer(
  styleId: string,
  face: {
    layer: "behind" | "over";
    seed: number;
    chinY?: number;
    skin?: string;
    presentation?: "girl" | "boy" | null;
  },
): string {
  return childLayerSvg(styleOf(styleId).art, {
    width: 400,
    height: 500,
    seed: face.seed,
    circle: { cx: 200, cy: 250, r: 120 },
    region: { left: 0, top: 0, width: 400, height: 500 },
    photoFace: {
      layer: face.layer,
      chinY: face.chinY ?? 130,
      skin: face.skin ?? "#d9a074",
      hair: null,
      presentation: face.presentation ?? null,
    },
  });
}

describe("the illustrated child of the preview art", () => {
  it("is drawn in every style's preview: a face with eyes and a smile, in the child's own skin tone", () => {
    for (const style of styles) {
      const svg = preview(style);
      const look = childLook(hashSeed(style.id));
      expect(svg, style.id).toContain('data-art="child"');
      // Two eyes with their highlights, and a mouth.
      expect(svg.match(/<ellipse cx="(85|115)" cy="90" rx="5.2" ry="6.4"/g), style.id).toHaveLength(2);
      expect(svg, style.id).toMatch(/fill="#8c2f39"|stroke="#8c2f39"/);
      expect(svg, style.id).toContain(`fill="${look.skin}"`);
      // Not the old faceless silhouette (its face was a gradient tinted from the palette).
      expect(svg, style.id).not.toMatch(/url\(#a-face\)|id="a-portrait"/);
      expect(svg, style.id).not.toMatch(/NaN|undefined|Infinity/);
    }
  });

  it("is left out of the local image model's backdrop, which stays as it was", () => {
    for (const style of styles.slice(0, 12)) {
      const backdrop = styleArtSvg(style.art, { width: 1024, height: 1280, seed: 3 });
      expect(backdrop, style.id).not.toContain('data-art="child"');
      expect(backdrop, style.id).not.toContain(childLook(3).skin);
    }
  });

  it("differs across styles in skin tone, hair colour, hair style and gender presentation", () => {
    const looks = styles.map((style) => childLook(hashSeed(style.id)));
    expect(new Set(looks.map((look) => look.skin)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(looks.map((look) => look.hair)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(looks.map((look) => look.hairStyle)).size).toBeGreaterThanOrEqual(8);
    const girls = looks.filter((look) => look.presentation === "girl").length;
    expect(girls / looks.length).toBeGreaterThan(0.3);
    expect(girls / looks.length).toBeLessThan(0.7);
    // The deepest and the fairest tones both appear.
    expect(looks.some((look) => look.skin === childSkinTones[0] || look.skin === childSkinTones[1])).toBe(
      true,
    );
    expect(looks.some((look) => look.skin === childSkinTones[6] || look.skin === childSkinTones[7])).toBe(
      true,
    );
    // Neighbouring styles of the popular row show different children.
    const popular = categories[0]?.styleIds ?? [];
    const popularSkins = new Set(popular.map((id) => childLook(hashSeed(id)).skin));
    expect(popularSkins.size).toBeGreaterThanOrEqual(4);
  });

  it("is the same child for the same seed, and hair follows the presentation", () => {
    expect(childLook(1234)).toEqual(childLook(1234));
    for (let seed = 0; seed < 200; seed++) {
      const look = childLook(seed);
      expect(childHairStyles[look.presentation] as readonly string[]).toContain(look.hairStyle);
    }
  });

  it("around a photo's face, draws the hair of the child's gender whatever the seed", () => {
    for (const presentation of ["girl", "boy"] as const) {
      const drawn = new Set<string>();
      for (let seed = 0; seed < 24; seed++) {
        const svg = photoFaceLayer("pirate", { layer: "over", seed, presentation });
        drawn.add(svg.match(/data-hair="([a-z-]+)"/)?.[1] ?? "none");
      }
      expect(
        [...drawn].every((hair) => (childHairStyles[presentation] as readonly string[]).includes(hair)),
      ).toBe(true);
      // Still the seed's pick among them: not one haircut for every boy.
      expect(drawn.size, presentation).toBeGreaterThanOrEqual(3);
    }
  });

  it("around a photo's face, draws nothing over the eyes: glasses hang at the collar", () => {
    for (const styleId of ["teacher", "baby-darwin", "turtle-surfer"]) {
      const layer = (which: "behind" | "over") => photoFaceLayer(styleId, { layer: which, seed: 3 });
      expect(layer("over"), styleId).not.toContain('data-prop="glasses"');
      expect(layer("behind"), styleId).toContain('data-prop="glasses"');
      // The drawn child of the catalogue still wears them on its nose.
      expect(preview(styleOf(styleId)), styleId).toContain('data-prop="glasses"');
    }
  });

  it("around a photo's face, fills what its cut leaves with a drawn head in the face's skin, above its chin", () => {
    for (const chinY of [116, 130, 150]) {
      const layer = (which: "behind" | "over") =>
        photoFaceLayer("pharoah", { layer: which, seed: 5, chinY, skin: "#c68e64" });
      const head = layer("behind").match(/<path data-art="head-behind-face" d="([^"]+)" fill="([^"]+)"/);
      expect(head?.[2], `chin ${chinY}`).toBe("#c68e64");
      // The lowest point of the drawn head stays above the photo's chin: no second chin below it.
      const ys = [...(head?.[1] ?? "").matchAll(/-?[\d.]+,(-?[\d.]+)/g)].map((match) => Number(match[1]));
      expect(Math.max(...ys), `chin ${chinY}`).toBeLessThan(chinY);
      // It is behind the face, never over it.
      expect(layer("over")).not.toContain("head-behind-face");
    }
  });

  it("wears each style's own costume, from the known outfits and headwear", () => {
    for (const style of styles) {
      const costume = style.art.costume;
      expect(costume, style.id).toBeDefined();
      expect(costumeOutfits).toContain(costume?.outfit);
      expect(costumeHeadwear).toContain(costume?.headwear ?? "none");
      for (const extra of costume?.extras ?? []) expect(costumeExtras).toContain(extra);
    }
    const headwear = new Set(styles.map((style) => style.art.costume?.headwear ?? "none"));
    expect(headwear.size).toBeGreaterThanOrEqual(25);
    // The astronaut's helmet and the witch's hat are really drawn, differently.
    const astronaut = styles.find((style) => style.id === "astronaut");
    const witch = styles.find((style) => style.id === "witch");
    if (!astronaut || !witch) throw new Error("missing styles");
    expect(preview(astronaut)).toContain('r="62" fill="#dff3ff"');
    expect(preview(witch)).not.toContain('r="62" fill="#dff3ff"');
  });

  it("refuses a costume colour that is not hex", () => {
    const art = {
      gradient: ["#000000", "#ffffff"] as const,
      accent: "#abcdef",
      motif: "stars" as const,
      costume: { outfit: "tee" as const, colour: 'red" onload="x' },
    };
    expect(() => styleArtSvg(art, { ...size, child: true })).toThrow();
  });

  it("puts a drawn child on each card of a category tile", () => {
    for (const category of categories) {
      const svg = categoryArtSvg(category, styles);
      expect(svg.match(/data-art="child"/g), category.id).toHaveLength(Math.min(3, category.styleIds.length));
    }
  });
});
