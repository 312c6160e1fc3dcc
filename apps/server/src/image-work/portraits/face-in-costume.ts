import { findStyle } from "@wonderkin/contract";
import sharp, { type OutputInfo } from "sharp";
import { hex, mix, rgb } from "../../art/art-kit";
import { childLayerSvg, portraitCircle } from "../../art/style-art";
import type { Point } from "../faces/face-geometry";
import { ART_EYES, type FaceFit, fitFace } from "./face-geometry-fit";
import { ART_LAYOUTS_PER_STYLE, styleArtRaster } from "./style-art-cache";
import { type RawImage, warpInto } from "./warp-face";

/**
 * The local model's portraits: 4:5 like the provider's, and large enough for an A4 print (2048 ×
 * 2560 is ≈ 220 dpi on A4's 210 mm; the print file upscales it the rest of the way, print-file.ts).
 */
export const LOCAL_PORTRAIT_WIDTH = 2048;
export const LOCAL_PORTRAIT_HEIGHT = 2560;

/**
 * The photo is drawn at most this much larger than it was taken: a small face gets a wider shot
 * (a smaller child in more of the scene) rather than a soft, upscaled one.
 */
const MAX_UPSCALE = 1.35;
/** …but the child never shrinks below this share of the style's portrait circle. */
const MIN_CIRCLE_SHARE = 0.62;
/** The face's edge fades over this many art units, inwards from the jaw and forehead line. */
const FEATHER_UNITS = 3.2;

/**
 * The compositions of a style: the art's layout with a framing of its own, drawn or mirrored (the
 * child on the left or the right), and an outfit colour. Consecutive seeds (one request's
 * portraits) take consecutive compositions, so any four have four layouts, four framings, and the
 * child twice on each side; over eight, every layout is seen both ways. 24 in all.
 */
const COMPOSITIONS = ART_LAYOUTS_PER_STYLE * 2 * 3;

type Composition = {
  layout: number;
  mirrored: boolean;
  framing: Framing;
  costumeTint: (typeof COSTUME_TINTS)[number];
};

type Framing = {
  /** The child's circle as a share of the style's portrait circle. */
  scale: number;
  /** How far towards the open side, as a share of the room the scene leaves there. */
  offset: number;
};

/** From a close-up to a wide shot, one per layout of the art (style-art-cache.ts). */
const FRAMINGS: readonly Framing[] = [
  { scale: 1, offset: 0.1 },
  { scale: 0.76, offset: 0.7 },
  { scale: 0.88, offset: 0.45 },
  { scale: 0.68, offset: 0.85 },
];

/** The ring's halo reaches this far beyond the child's circle (style-art.ts portraitFrame). */
const RING_REACH = 1.1;

/** Costume colours by composition: the style's own, then towards its accent, then its sky. */
const COSTUME_TINTS = ["own", "accent", "sky"] as const;

/** The composition a seed draws (any integer seed, negative ones too). */
function compositionFor(seed: number): Composition {
  const c = ((seed % COMPOSITIONS) + COMPOSITIONS) % COMPOSITIONS;
  return {
    layout: c % ART_LAYOUTS_PER_STYLE,
    mirrored: (c + Math.floor(c / ART_LAYOUTS_PER_STYLE)) % 2 === 1,
    framing: FRAMINGS[c % ART_LAYOUTS_PER_STYLE] as Framing,
    costumeTint: COSTUME_TINTS[Math.floor(c / 2) % COSTUME_TINTS.length] ?? "own",
  };
}

/** A number in [0, 1) from a seed and a salt: the same inputs always give the same variation. */
function variation(seed: number, salt: number): number {
  let x = (seed ^ (salt * 0x9e3779b1)) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x45d9f3b) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x45d9f3b) >>> 0;
  return ((x ^ (x >>> 16)) >>> 0) / 2 ** 32;
}

type Rgb = [number, number, number];

/** The mean colour of a disc of the photo (clamped to the picture). */
function meanColour(photo: RawImage, at: Point, radius: number): Rgb {
  const sum: Rgb = [0, 0, 0];
  let count = 0;
  const r = Math.max(1, Math.round(radius));
  for (let y = Math.round(at.y) - r; y <= Math.round(at.y) + r; y++) {
    for (let x = Math.round(at.x) - r; x <= Math.round(at.x) + r; x++) {
      if (x < 0 || y < 0 || x >= photo.width || y >= photo.height) continue;
      if ((x - at.x) ** 2 + (y - at.y) ** 2 > r * r) continue;
      const o = (y * photo.width + x) * photo.channels;
      sum[0] += photo.data[o] as number;
      sum[1] += photo.data[o + 1] as number;
      sum[2] += photo.data[o + 2] as number;
      count++;
    }
  }
  return count === 0 ? [200, 160, 130] : (sum.map((value) => value / count) as Rgb);
}

const luminance = ([r, g, b]: Rgb) => 0.2126 * r + 0.7152 * g + 0.0722 * b;

/**
 * The child's own colours for the drawn parts: the neck in the face's skin, the hair in the photo's
 * hair when what lies above the forehead is clearly not skin (else the drawing keeps its own).
 */
function faceColours(photo: RawImage, fit: FaceFit): { skin: string; hair: string | null } {
  const cheeks = fit.samples.cheeks.map((point) => meanColour(photo, point, fit.samples.skinRadius));
  const skin = [0, 1, 2].map((c) => ((cheeks[0]?.[c] ?? 0) + (cheeks[1]?.[c] ?? 0)) / 2) as Rgb;
  const hair = meanColour(photo, fit.samples.hair, fit.samples.hairRadius);
  const apart = Math.hypot(hair[0] - skin[0], hair[1] - skin[1], hair[2] - skin[2]);
  // Hair is darker than skin or, when fair, still clearly apart from it; a bright sample is the sky
  // or a wall behind a short haircut.
  const looksLikeHair = apart > 45 && luminance(hair) < Math.max(luminance(skin), 170);
  return { skin: hex(skin), hair: looksLikeHair ? hex(hair) : null };
}

/**
 * How far a face's colour balance moves towards the scene's light (the middle of the style's sky).
 * Tried before the likeness check looked where the face was drawn: 7 % and 14 % lost a magenta-lit
 * sample face to the detector in purple and orange scenes (decision 0061); measured again with it.
 */
const SCENE_LIGHT = 0.1;

/**
 * Per-channel gains (red, green, blue) that tint a face towards the sky's colour by SCENE_LIGHT,
 * its brightness kept (the gains' luminance is 1). A sky's channel ratio is held to 0.5–2, so a
 * saturated night or sunset sky warms or cools the face without dyeing it.
 */
export function sceneLightGains(gradient: readonly [string, string]): [number, number, number] {
  const sky = rgb(mix(gradient[0], gradient[1], 0.5));
  const grey = Math.max(1, luminance(sky));
  const gains = sky.map((channel) => 1 + SCENE_LIGHT * (Math.min(2, Math.max(0.5, channel / grey)) - 1));
  const weight = luminance(gains as Rgb);
  return gains.map((gain) => gain / weight) as [number, number, number];
}

/** What sharp needs to read raw pixels it wrote. */
const rawOf = (info: OutputInfo) =>
  ({ width: info.width, height: info.height, channels: info.channels }) as const;

/** The face's outline as an SVG mask, eroded by the feather so the fade stays inside the outline. */
function faceMaskSvg(points: Point[], box: { width: number; height: number }, feather: number): string {
  const path = points.map(
    (point, index) => `${index === 0 ? "M" : "L"}${point.x.toFixed(1)},${point.y.toFixed(1)}`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${box.width}" height="${box.height}"><path d="${path.join("")}Z" fill="#fff" stroke="#000" stroke-width="${(feather * 2).toFixed(1)}" stroke-linejoin="round"/></svg>`;
}

/** A box in a portrait's pixels. */
export type PortraitBox = { x: number; y: number; width: number; height: number };

/** A rendered portrait, and where its face is (the box a face detector would draw around it). */
export type FaceInCostume = { picture: Buffer; face: PortraitBox };

/**
 * The local model's portrait: the child's face from a photo, drawn into the style's illustrated
 * child (art/child-art.ts) — eyes levelled and placed where the drawing has its own, cut along the
 * jaw line and an estimated forehead, the neck in the child's own skin and the hair in their own
 * colour, the costume's hair, hat or helmet over the face's edge, and never the photo's background.
 * The seed picks the composition (the scene's layout, mirrored or not, and where and how large the
 * child stands); same inputs, same bytes.
 */
export async function renderFaceInCostume(input: {
  /** A photo of the face (a training crop, decoded), and its 68 landmarks in that photo's pixels. */
  photo: RawImage;
  landmarks: Point[];
  styleId: string;
  seed: number;
  presentation?: "girl" | "boy" | null;
  artCacheDir?: string | null;
  size?: { width: number; height: number };
}): Promise<FaceInCostume> {
  const style = findStyle(input.styleId);
  if (!style) throw new Error(`Unknown style ${input.styleId}`);
  const width = input.size?.width ?? LOCAL_PORTRAIT_WIDTH;
  const height = input.size?.height ?? LOCAL_PORTRAIT_HEIGHT;
  const styleCircle = portraitCircle(width, height);
  const fit = fitFace(input.landmarks);

  const { layout, mirrored, framing, costumeTint } = compositionFor(input.seed);
  // Output pixels per art unit: the framing's share of the style's circle (a little closer or
  // farther by seed), unless that would blow the photo up.
  const largest = (styleCircle.r / 100) * framing.scale * (0.94 + 0.06 * variation(input.seed, 4));
  const sharpest = MAX_UPSCALE / fit.unitsPerPixel;
  const unit = Math.max((styleCircle.r / 100) * MIN_CIRCLE_SHARE, Math.min(largest, sharpest));
  const radius = unit * 100;
  // The child stands on the circle's baseline, off to the side the scene leaves open, as far as the
  // framing says: a close-up stays near the middle, a wide shot leaves the scene beside the child.
  const side = mirrored ? 1 : -1;
  const room = Math.max(0, width / 2 - radius * RING_REACH);
  const sway = side * framing.offset * (0.8 + 0.2 * variation(input.seed, 3)) * room;
  const circle = {
    cx: Math.round(styleCircle.cx + sway),
    cy: Math.round(styleCircle.cy + (styleCircle.r - radius) * 0.6),
    r: Math.round(radius),
  };
  const artToPixel = (point: Point): Point => ({
    x: circle.cx - circle.r + (point.x * circle.r) / 100,
    y: circle.cy - circle.r + (point.y * circle.r) / 100,
  });

  const photo = input.photo;
  // The drawn neck, head and hair take the face's colours in the same light as the face.
  const light = sceneLightGains(style.art.gradient);
  const inLight = (colour: string) => hex(rgb(colour).map((channel, index) => channel * (light[index] ?? 1)));
  const colours = faceColours(photo, fit);
  const photoFace = {
    chinY: fit.chinY,
    skin: inLight(colours.skin),
    hair: colours.hair ? inLight(colours.hair) : null,
    presentation: input.presentation ?? null,
    costumeTint,
  };

  // The face's box in the portrait, from its outline (art units → pixels).
  const outline = fit.outline.map(artToPixel);
  const feather = FEATHER_UNITS * (circle.r / 100);
  const left = Math.max(0, Math.floor(Math.min(...outline.map((p) => p.x)) - 2));
  const top = Math.max(0, Math.floor(Math.min(...outline.map((p) => p.y)) - 2));
  const right = Math.min(width, Math.ceil(Math.max(...outline.map((p) => p.x)) + 2));
  const bottom = Math.min(height, Math.ceil(Math.max(...outline.map((p) => p.y)) + 2));
  const box = { width: right - left, height: bottom - top };

  // Inverse of photo → art → pixels: a pixel of the box back to the photo.
  const pixelsPerPhotoPixel = fit.unitsPerPixel * (circle.r / 100);
  const cos = Math.cos(fit.angle);
  const sin = Math.sin(fit.angle);
  const eyesAt = artToPixel(ART_EYES);
  const warped = warpInto(photo, box, (x, y) => {
    const dx = (x + left - eyesAt.x) / pixelsPerPhotoPixel;
    const dy = (y + top - eyesAt.y) / pixelsPerPhotoPixel;
    return { x: fit.eyes.x + dx * cos - dy * sin, y: fit.eyes.y + dx * sin + dy * cos };
  });
  const mask = await sharp(
    Buffer.from(
      faceMaskSvg(
        outline.map((p) => ({ x: p.x - left, y: p.y - top })),
        box,
        feather,
      ),
    ),
  )
    .blur(Math.max(0.3, feather / 2))
    .extractChannel(0)
    .raw()
    .toBuffer();
  // The face's alpha: inside the outline and inside the photo.
  for (let index = 0; index < box.width * box.height; index++) {
    const o = index * 4 + 3;
    warped.data[o] = Math.min(warped.data[o] as number, mask[index] as number);
  }
  // A light painterly pass so photo and drawing belong together: fine noise smoothed away, the
  // colour balance moved a little towards the scene's light, and a touch more colour.
  const face = await sharp(warped.data, { raw: { width: box.width, height: box.height, channels: 4 } })
    .median(3)
    .linear([...light, 1], [0, 0, 0, 0])
    .modulate({ saturation: 1.08, brightness: 1.02 })
    .raw()
    .toBuffer({ resolveWithObject: true });

  // The drawn child's own box: its halo reaches 1.45 r around the circle, hats rise 0.8 r above it.
  const reach = Math.ceil(circle.r * 1.5);
  const layerLeft = Math.max(0, circle.cx - reach);
  const layerTop = Math.max(0, circle.cy - Math.max(reach, Math.ceil(circle.r * 1.8)));
  const region = {
    left: layerLeft,
    top: layerTop,
    width: Math.min(width, circle.cx + reach) - layerLeft,
    height: Math.min(height, circle.cy + reach) - layerTop,
  };
  const drawLayer = (layer: "behind" | "over") =>
    sharp(
      Buffer.from(
        childLayerSvg(style.art, {
          width,
          height,
          seed: input.seed,
          circle,
          region,
          photoFace: { ...photoFace, layer },
        }),
      ),
    )
      .raw()
      .toBuffer({ resolveWithObject: true });

  const [background, behind, over] = await Promise.all([
    styleArtRaster(style.art, {
      styleId: style.id,
      width,
      height,
      layoutSeed: 1 + layout,
      ring: false,
      cacheDir: input.artCacheDir ?? null,
    }),
    drawLayer("behind"),
    drawLayer("over"),
  ]);
  const backdrop = sharp(background.data, {
    raw: { width: background.width, height: background.height, channels: background.channels },
  });
  // A mirrored composition turns the scene, not the child: faces and lettering keep their sides.
  const scene = mirrored
    ? sharp(await backdrop.flop().raw().toBuffer(), {
        raw: { width: background.width, height: background.height, channels: background.channels },
      })
    : backdrop;
  const features = [
    artToPixel({ x: fit.featureBox.left, y: fit.featureBox.top }),
    artToPixel({ x: fit.featureBox.right, y: fit.featureBox.bottom }),
  ] as const;
  const picture = await scene
    .composite(
      // Raw pixels between the steps: a 5-megapixel layer through PNG and back costs ≈ 10 ms.
      [
        { layer: behind, left: region.left, top: region.top },
        { layer: face, left, top },
        { layer: over, left: region.left, top: region.top },
      ].map(({ layer, left, top }) => ({ input: layer.data, raw: rawOf(layer.info), left, top })),
    )
    .removeAlpha()
    .png({ compressionLevel: 0, adaptiveFiltering: false })
    .toBuffer();
  return {
    picture,
    face: {
      x: Math.round(features[0].x),
      y: Math.round(features[0].y),
      width: Math.round(features[1].x - features[0].x),
      height: Math.round(features[1].y - features[0].y),
    },
  };
}
