import type { CostumeExtra, CostumeHeadwear, StyleCostume } from "@wonderkin/contract";
import { checkColour, mix, mulberry32 } from "./art-kit";

/**
 * The illustrated child of the catalogue's preview art: a friendly, flat vector child in the style's
 * costume, drawn inside the portrait circle. No photo and no real child: skin tone, hair, eyes and
 * the rest of the look come from the seed (a style's `hashSeed(id)`), so the catalogue shows many
 * different children and each style always shows the same one.
 *
 * Everything is drawn in a 200 × 200 box whose centre is the portrait circle's centre (radius 100),
 * then scaled onto the circle: the shapes below are tuned by eye at that size.
 */

export const childSkinTones = [
  "#ffe3cc",
  "#f6d0b1",
  "#eab98f",
  "#d9a074",
  "#c0875a",
  "#a06a42",
  "#7f4e2e",
  "#5e3822",
] as const;

export const childHairColours = [
  "#1f1a17",
  "#3a2518",
  "#5c3a22",
  "#8a4b26",
  "#b8622c",
  "#d3a55c",
  "#ecd08f",
] as const;

const eyeColours = ["#2d1e16", "#3b2a1e", "#2f4a6e", "#3d5e35", "#4a3322"] as const;

/** Longer styles read as girls, shorter as boys: the catalogue mixes both (and curls either way). */
export const childHairStyles = {
  girl: ["long", "bob", "buns", "braids", "afro-puffs", "ponytail"],
  boy: ["short", "spiky", "curly", "bowl", "swept"],
} as const;
export type ChildHairStyle = (typeof childHairStyles)[keyof typeof childHairStyles][number];

export type ChildLook = {
  presentation: "girl" | "boy";
  skin: string;
  hair: string;
  hairStyle: ChildHairStyle;
  eyes: string;
  smile: "open" | "closed";
  freckles: boolean;
};

/** The seed's look, with a hair style of the child's presentation when that is known. */
function lookFor(seed: number, presentation: "girl" | "boy" | null): ChildLook {
  const look = childLook(seed);
  if (!presentation || presentation === look.presentation) return look;
  const styles = childHairStyles[presentation];
  return { ...look, presentation, hairStyle: styles[seed % styles.length] as ChildHairStyle };
}

/** The look of the child for a seed: the same seed always gives the same child. */
export function childLook(seed: number): ChildLook {
  // A stream of its own, so the motif's layout (from the same seed) does not shift the look.
  const random = mulberry32((seed ^ 0x5bd1e995) >>> 0);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const presentation = random() < 0.5 ? "girl" : "boy";
  const skin = pick(childSkinTones);
  const skinIndex = childSkinTones.indexOf(skin as (typeof childSkinTones)[number]);
  // Very fair hair is rarer on deep skin tones; dark hair is common on every tone.
  const hairChoices = skinIndex >= 5 ? childHairColours.slice(0, 4) : childHairColours;
  return {
    presentation,
    skin,
    hair: pick(hairChoices),
    hairStyle: pick(childHairStyles[presentation]),
    eyes: pick(eyeColours),
    smile: random() < 0.6 ? "open" : "closed",
    freckles: skinIndex <= 3 && random() < 0.3,
  };
}

/**
 * A real face drawn into the child (the local image model): the illustrated head is left out, the
 * photo's face takes its place between the two layers, and the body and the colours follow it.
 */
export type PhotoFaceFit = {
  /** Which part to draw: what lies behind the face (body, hair at the back) or over it (hair, hats). */
  layer: "behind" | "over";
  /** Where the photo's chin lands, in the 200-unit box (the illustration's is 128): the neck and body move with it. */
  chinY: number;
  /** The face's own skin colour, for the neck. */
  skin: string;
  /** The child's hair colour when the photo shows it (else the look's). */
  hair: string | null;
  /** Hair style by the child's presentation, when known (else the seed's). */
  presentation: "girl" | "boy" | null;
  /**
   * The outfit's colour for this composition: the style's own, or moved halfway towards its
   * accent or its sky colour (a portrait's variety stays within the style's palette).
   */
  costumeTint?: "own" | "accent" | "sky";
};

/** Where the illustration's chin is, in the 200-unit box: a photo face's chin moves the body from here. */
const ILLUSTRATED_CHIN_Y = 128;

export type ChildArtInput = {
  circle: { cx: number; cy: number; r: number };
  accent: string;
  top: string;
  bottom: string;
  seed: number;
  costume?: StyleCostume;
  id: (name: string) => string;
  /** Draws one layer around a photo's face instead of the whole illustrated child. */
  photoFace?: PhotoFaceFit;
};

type Paint = {
  look: ChildLook;
  skin: string;
  skinShade: string;
  hair: string;
  hairShade: string;
  outfit: string;
  outfitShade: string;
  outfitLight: string;
  hat: string;
  hatShade: string;
  accent: string;
  id: (name: string) => string;
  /** A photo's face is drawn between the layers: nothing may cover its eyes, nose or mouth. */
  photoFace: boolean;
};

/**
 * The child as SVG `defs` and body, in the circle's place; the marker group is `data-art="child"`
 * and names the hair style it draws (`data-hair`).
 */
export function drawChild(input: ChildArtInput): { defs: string; body: string } {
  const { circle, id } = input;
  const costume: StyleCostume = input.costume ?? { outfit: "tee" };
  const photoFace = input.photoFace;
  const look = lookFor(input.seed, photoFace?.presentation ?? null);
  const accent = checkColour(input.accent);
  const tint = (colour: string) => {
    const toward = photoFace?.costumeTint;
    return toward === "accent"
      ? mix(colour, accent, 0.5)
      : toward === "sky"
        ? mix(colour, input.top, 0.5)
        : colour;
  };
  const outfit = tint(checkColour(costume.colour ?? mix(accent, input.bottom, 0.25)));
  // Hats keep their colour: a pirate's black hat or a chef's white one is what says who they are.
  const hat = checkColour(costume.hatColour ?? accent);
  const hair = checkColour(costume.hair ?? photoFace?.hair ?? look.hair);
  const skin = checkColour(photoFace?.skin ?? look.skin);
  const p: Paint = {
    look,
    skin,
    skinShade: mix(skin, "#8a4030", 0.2),
    hair,
    hairShade: mix(hair, "#000000", 0.3),
    outfit,
    outfitShade: mix(outfit, "#000000", 0.22),
    outfitLight: mix(outfit, "#ffffff", 0.35),
    hat,
    hatShade: mix(hat, "#000000", 0.25),
    accent,
    id,
    photoFace: Boolean(photoFace),
  };
  const headwear = costume.headwear ?? "none";
  const extras = new Set<CostumeExtra>(costume.extras ?? []);
  const coversHair = headwear === "nemes";

  const scale = circle.r / 100;
  const x0 = round(circle.cx - circle.r);
  const y0 = round(circle.cy - circle.r);
  const defs = [
    // The body stays inside the circle; the head and hat may rise out of it.
    `<clipPath id="${id("child")}" clipPathUnits="userSpaceOnUse"><path d="M0,100 A100,100 0 0 0 200,100 L200,-80 L0,-80Z"/></clipPath>`,
    `<radialGradient id="${id("cheek")}"><stop offset="0" stop-color="#ff7d8a" stop-opacity="0.55"/><stop offset="1" stop-color="#ff7d8a" stop-opacity="0"/></radialGradient>`,
  ];
  const behind: string[] = [];
  if (extras.has("wings")) behind.push(wings(p));
  if (headwear === "hood" || headwear === "dragon-hood") behind.push(hoodBack(p));
  if (!coversHair) behind.push(hairBack(p));
  // Below the chin everything follows the photo's chin: a real face is longer than the drawn one.
  const below = [neckAndBody(p, costume.outfit)];
  for (const extra of ["neckerchief", "bowtie", "tie", "medal", "stethoscope"] as const) {
    if (extras.has(extra)) below.push(extraDrawers[extra](p));
  }
  // Glasses over a real face's eyes change what the likeness check reads (teacher, naturalist and
  // surfer fell just short of it): there they hang at the collar instead.
  if (extras.has("glasses") && photoFace) below.push(glassesAtCollar());
  const drop = photoFace ? round(photoFace.chinY - ILLUSTRATED_CHIN_Y) : 0;
  behind.push(drop === 0 ? below.join("") : `<g transform="translate(0 ${drop})">${below.join("")}</g>`);
  // A photo's face is cut along its jaw and an estimated forehead: the drawn head behind it, in the
  // face's own skin, fills what the cut leaves between the face, the hair and the hat.
  if (photoFace) behind.push(headBehindFace(p, photoFace.chinY));
  const over: string[] = [];
  if (!coversHair) over.push(hairFront(p));
  if (headwear !== "none") over.push(headwearDrawers[headwear](p));
  if (extras.has("glasses") && !photoFace) over.push(glasses());
  // A mask over a real face's eyes would hide who the child is: only the drawn child wears it.
  if (extras.has("mask") && !photoFace) over.push(mask());

  const parts = !photoFace ? [...behind, head(p), ...over] : photoFace.layer === "behind" ? behind : over;

  const body = `<g data-art="child" data-hair="${look.hairStyle}" transform="translate(${x0} ${y0}) scale(${round(scale, 1000)})"><g clip-path="url(#${id("child")})">${parts.join("")}</g></g>`;
  return { defs: defs.join(""), body };
}

// --- the child ------------------------------------------------------------------------------------

function neckAndBody(p: Paint, outfit: StyleCostume["outfit"]): string {
  const neck = `<path d="M88,110 L88,146 Q100,156 112,146 L112,110Z" fill="${p.skinShade}"/>`;
  const torso = `M20,214 C22,170 44,150 78,142 Q100,150 122,142 C156,150 178,170 180,214Z`;
  const base = `<path d="${torso}" fill="${p.outfit}"/>`;
  const shade = `<path d="M20,214 C22,184 34,166 52,156 C46,176 44,196 46,214Z" fill="${p.outfitShade}" opacity="0.5"/><path d="M180,214 C178,184 166,166 148,156 C154,176 156,196 154,214Z" fill="${p.outfitShade}" opacity="0.5"/>`;
  const o = outfitDrawers[outfit](p);
  return `${neck}${o.under ?? ""}${o.replaceBase ? "" : base + shade}${o.over}`;
}

type OutfitLayers = { under?: string; over: string; replaceBase?: boolean };

const outfitDrawers: Record<StyleCostume["outfit"], (p: Paint) => OutfitLayers> = {
  tee: (p) => ({
    over: `<path d="M82,143 Q100,160 118,143" fill="none" stroke="${p.outfitLight}" stroke-width="5" stroke-linecap="round"/>`,
  }),
  suit: (p) => ({
    over: [
      `<path d="M80,143 L100,190 L120,143 Q100,152 80,143Z" fill="#f7f7f7"/>`,
      `<path d="M78,142 L96,186 L84,168 L70,150Z" fill="${p.outfitShade}"/><path d="M122,142 L104,186 L116,168 L130,150Z" fill="${p.outfitShade}"/>`,
      `<circle cx="100" cy="200" r="2.6" fill="${p.outfitShade}"/>`,
    ].join(""),
  }),
  gown: (p) => ({
    over: [
      `<path d="M74,150 Q87,170 100,158 Q113,170 126,150 L140,160 Q120,196 100,196 Q80,196 60,160Z" fill="${p.outfitLight}" opacity="0.55"/>`,
      `<circle cx="58" cy="160" r="14" fill="${p.outfitLight}"/><circle cx="142" cy="160" r="14" fill="${p.outfitLight}"/>`,
      `<path d="M86,150 Q100,162 114,150" fill="none" stroke="${p.accent}" stroke-width="2.5"/><circle cx="100" cy="160" r="3.5" fill="${p.accent}"/>`,
    ].join(""),
  }),
  armour: (p) => ({
    over: [
      `<path d="M40,176 Q100,150 160,176 L160,214 L40,214Z" fill="${p.outfitLight}" opacity="0.6"/>`,
      `<ellipse cx="46" cy="164" rx="24" ry="16" fill="${p.outfitLight}" stroke="${p.outfitShade}" stroke-width="2"/><ellipse cx="154" cy="164" rx="24" ry="16" fill="${p.outfitLight}" stroke="${p.outfitShade}" stroke-width="2"/>`,
      `<path d="M100,170 L112,178 L108,196 L100,202 L92,196 L88,178Z" fill="${p.accent}" stroke="${p.outfitShade}" stroke-width="1.5"/>`,
      `<path d="M76,144 Q100,156 124,144" fill="none" stroke="${p.outfitShade}" stroke-width="4"/>`,
    ].join(""),
  }),
  spacesuit: (p) => ({
    over: [
      `<ellipse cx="100" cy="147" rx="40" ry="11" fill="#c9ced8" stroke="#9aa3b2" stroke-width="2"/>`,
      `<rect x="78" y="170" width="44" height="26" rx="5" fill="${p.outfitShade}" opacity="0.35"/>`,
      `<circle cx="88" cy="183" r="4" fill="${p.accent}"/><circle cx="100" cy="183" r="4" fill="#5ce1e6"/><circle cx="112" cy="183" r="4" fill="#ff5c5c"/>`,
      `<path d="M34,190 Q40,172 52,162" fill="none" stroke="${p.accent}" stroke-width="6" stroke-linecap="round"/><path d="M166,190 Q160,172 148,162" fill="none" stroke="${p.accent}" stroke-width="6" stroke-linecap="round"/>`,
    ].join(""),
  }),
  jersey: () => ({
    over: [
      `<path d="M82,142 L100,166 L118,142" fill="none" stroke="#ffffff" stroke-width="5" stroke-linejoin="round"/>`,
      `<path d="M30,186 Q36,170 48,160" fill="none" stroke="#ffffff" stroke-width="5"/><path d="M170,186 Q164,170 152,160" fill="none" stroke="#ffffff" stroke-width="5"/>`,
      `<path d="M88,182 L96,178 L96,206 M104,182 Q112,176 114,184 Q114,190 104,204 L116,204" fill="none" stroke="#ffffff" stroke-width="3.4" stroke-linecap="round" stroke-linejoin="round"/>`,
    ].join(""),
  }),
  cloak: (p) => ({
    over: [
      `<path d="M86,146 L100,176 L114,146 Q100,154 86,146Z" fill="${p.outfitLight}"/>`,
      `<path d="M20,214 C22,170 44,148 80,142 C76,170 84,196 92,214Z" fill="${p.outfitShade}"/><path d="M180,214 C178,170 156,148 120,142 C124,170 116,196 108,214Z" fill="${p.outfitShade}"/>`,
      `<circle cx="86" cy="152" r="5" fill="${p.accent}"/><circle cx="114" cy="152" r="5" fill="${p.accent}"/>`,
    ].join(""),
  }),
  overalls: (p) => ({
    under: `<path d="M20,214 C22,170 44,150 78,142 Q100,150 122,142 C156,150 178,170 180,214Z" fill="#f4efe6"/><path d="M84,143 Q100,154 116,143" fill="none" stroke="#d8cfc0" stroke-width="4"/>`,
    replaceBase: true,
    over: [
      `<path d="M62,170 L138,170 L142,214 L58,214Z" fill="${p.outfit}"/>`,
      `<path d="M66,172 L72,146" stroke="${p.outfit}" stroke-width="9" stroke-linecap="round"/><path d="M134,172 L128,146" stroke="${p.outfit}" stroke-width="9" stroke-linecap="round"/>`,
      `<circle cx="72" cy="176" r="3.5" fill="${p.accent}"/><circle cx="128" cy="176" r="3.5" fill="${p.accent}"/><rect x="86" y="182" width="28" height="18" rx="3" fill="${p.outfitShade}" opacity="0.5"/>`,
    ].join(""),
  }),
  apron: (p) => ({
    over: [
      `<path d="M70,160 Q100,152 130,160 L134,214 L66,214Z" fill="#fbf7ef"/>`,
      `<path d="M74,160 L84,144 M126,160 L116,144" stroke="#fbf7ef" stroke-width="5" stroke-linecap="round"/>`,
      `<rect x="88" y="180" width="24" height="14" rx="3" fill="none" stroke="${p.outfitShade}" stroke-width="2" opacity="0.6"/>`,
    ].join(""),
  }),
  "fur-coat": (p) => ({
    over: [
      `<path d="M100,150 L100,214" stroke="${p.outfitShade}" stroke-width="3"/>`,
      `<path d="M66,146 Q70,136 80,142 Q86,134 94,144 Q100,136 106,144 Q114,134 120,142 Q130,136 134,146 Q140,154 130,160 Q122,166 114,160 Q106,168 100,162 Q94,168 86,160 Q78,166 70,160 Q60,154 66,146Z" fill="#fbfbf7"/>`,
      `<path d="M96,214 L96,206 Q100,200 104,206 L104,214Z" fill="#fbfbf7"/><circle cx="112" cy="186" r="3.5" fill="${p.outfitShade}"/><circle cx="112" cy="202" r="3.5" fill="${p.outfitShade}"/>`,
    ].join(""),
  }),
  wrap: (p) => ({
    over: [
      `<path d="M78,142 L116,198 L126,192 L94,144Z" fill="${p.outfitLight}"/>`,
      `<path d="M122,142 L90,190 L80,184 L106,144Z" fill="${p.outfitShade}"/>`,
      `<path d="M40,204 Q100,190 160,204 L160,214 L40,214Z" fill="${p.accent}" opacity="0.9"/>`,
    ].join(""),
  }),
  uniform: (p) => ({
    over: [
      `<path d="M78,142 L90,160 L100,148 L110,160 L122,142 Q100,150 78,142Z" fill="${p.outfitLight}"/>`,
      `<path d="M100,150 L100,214" stroke="${p.outfitShade}" stroke-width="2.5"/>`,
      `<circle cx="106" cy="176" r="2.6" fill="${p.accent}"/><circle cx="106" cy="194" r="2.6" fill="${p.accent}"/>`,
      `<path d="M${star(76, 180, 9, 4)}Z" fill="${p.accent}"/>`,
      `<rect x="40" y="156" width="26" height="7" rx="3" fill="${p.accent}" transform="rotate(-24 53 160)"/><rect x="134" y="156" width="26" height="7" rx="3" fill="${p.accent}" transform="rotate(24 147 160)"/>`,
    ].join(""),
  }),
  scrubs: (p) => ({
    over: [
      `<path d="M84,143 L100,170 L116,143" fill="none" stroke="${p.outfitShade}" stroke-width="4" stroke-linejoin="round"/>`,
      `<rect x="116" y="180" width="20" height="16" rx="2" fill="${p.outfitShade}" opacity="0.4"/><path d="M122,180 L122,172" stroke="#3b6fb6" stroke-width="2.5"/>`,
    ].join(""),
  }),
  vest: (p) => ({
    under: `<path d="M20,214 C22,170 44,150 78,142 Q100,150 122,142 C156,150 178,170 180,214Z" fill="#fbf7ef"/>`,
    replaceBase: true,
    over: [
      `<path d="M20,214 C22,170 44,150 76,142 L90,160 L96,214Z" fill="${p.outfit}"/><path d="M180,214 C178,170 156,150 124,142 L110,160 L104,214Z" fill="${p.outfit}"/>`,
      `<path d="M20,214 C22,184 34,166 52,156 C46,176 44,196 46,214Z" fill="${p.outfitShade}" opacity="0.5"/><path d="M180,214 C178,184 166,166 148,156 C154,176 156,196 154,214Z" fill="${p.outfitShade}" opacity="0.5"/>`,
      `<path d="M84,142 L94,160 L100,150 L106,160 L116,142" fill="none" stroke="#e6ddcc" stroke-width="3" stroke-linejoin="round"/>`,
    ].join(""),
  }),
  collar: (p) => ({
    over: [
      `<path d="M62,150 Q100,196 138,150 L128,144 Q100,176 72,144Z" fill="${p.accent}"/>`,
      `<path d="M70,156 Q100,190 130,156" fill="none" stroke="#e9b949" stroke-width="5"/>`,
      `<path d="M76,164 Q100,196 124,164" fill="none" stroke="#1f5fa8" stroke-width="3" stroke-dasharray="5 4"/>`,
    ].join(""),
  }),
};

/**
 * The illustrated head without its face: ears and a skull in the child's skin, its chin kept above
 * the photo's so that no second chin shows below a short face.
 */
function headBehindFace(p: Paint, chinY: number): string {
  const chin = round(Math.min(ILLUSTRATED_CHIN_Y - 4, chinY - 8));
  return [
    `<ellipse cx="61" cy="92" rx="8" ry="10" fill="${p.skinShade}"/><ellipse cx="139" cy="92" rx="8" ry="10" fill="${p.skinShade}"/>`,
    `<path data-art="head-behind-face" d="M60,84 C60,54 78,42 100,42 C122,42 140,54 140,84 C140,104 126,${chin} 100,${chin} C74,${chin} 60,104 60,84Z" fill="${p.skin}"/>`,
  ].join("");
}

function head(p: Paint): string {
  const { look } = p;
  const eye = (x: number) =>
    `<ellipse cx="${x}" cy="90" rx="5.2" ry="6.4" fill="${look.eyes}"/><circle cx="${x + 1.8}" cy="87.6" r="2" fill="#fff"/><circle cx="${x - 1.6}" cy="92.6" r="0.9" fill="#fff" opacity="0.8"/>`;
  const brows = `<path d="M77,77 Q84,72.5 91,75.5 M109,75.5 Q116,72.5 123,77" fill="none" stroke="${p.hairShade}" stroke-width="2.6" stroke-linecap="round"/>`;
  const lashes =
    look.presentation === "girl"
      ? `<path d="M79.5,86 L76,83.5 M120.5,86 L124,83.5" stroke="#2b1d16" stroke-width="1.8" stroke-linecap="round"/>`
      : "";
  const mouth =
    look.smile === "open"
      ? `<path d="M89,106 Q100,121 111,106 Q100,109.5 89,106Z" fill="#8c2f39"/><path d="M93,113 Q100,117.5 107,113 Q100,111 93,113Z" fill="#ff8b94"/>`
      : `<path d="M90,107 Q100,116 110,107" fill="none" stroke="#8c2f39" stroke-width="2.8" stroke-linecap="round"/>`;
  const freckles = look.freckles
    ? [74, 79, 84, 116, 121, 126]
        .map(
          (x, index) =>
            `<circle cx="${x}" cy="${index % 3 === 1 ? 99 : 101}" r="1.1" fill="${p.skinShade}" opacity="0.9"/>`,
        )
        .join("")
    : "";
  return [
    `<ellipse cx="61" cy="92" rx="8" ry="10" fill="${p.skinShade}"/><ellipse cx="139" cy="92" rx="8" ry="10" fill="${p.skinShade}"/>`,
    `<path d="M60,84 C60,54 78,42 100,42 C122,42 140,54 140,84 C140,110 124,128 100,128 C76,128 60,110 60,84Z" fill="${p.skin}"/>`,
    `<path d="M62,96 C66,116 80,128 100,128 C120,128 134,116 138,96 C134,120 118,124 100,124 C82,124 66,120 62,96Z" fill="${p.skinShade}" opacity="0.45"/>`,
    `<circle cx="77" cy="103" r="9" fill="url(#${p.id("cheek")})"/><circle cx="123" cy="103" r="9" fill="url(#${p.id("cheek")})"/>`,
    freckles,
    eye(85),
    eye(115),
    lashes,
    brows,
    `<path d="M97,99 Q100,101.8 103,99" fill="none" stroke="${p.skinShade}" stroke-width="2.2" stroke-linecap="round"/>`,
    mouth,
  ].join("");
}

/** The cap of hair over the head from ear to ear, and its outline at the forehead. */
const HAIR_TOP = "M57,92 C50,20 150,20 143,92";
const fringes: Record<"sweep" | "bangs" | "part" | "bowl", string> = {
  sweep: "C142,72 132,58 114,60 C102,62 86,70 72,64 C64,70 60,80 60,92Z",
  bangs: "C141,78 138,68 134,66 Q126,72 118,66 Q110,72 102,66 Q94,72 86,66 Q78,72 70,66 C64,70 60,80 60,92Z",
  part: "C140,66 120,56 100,50 C80,56 62,66 60,92Z",
  bowl: "C142,80 140,70 136,70 L64,70 C60,72 60,82 60,92Z",
};

function hairBack(p: Paint): string {
  const fill = p.hair;
  switch (p.look.hairStyle) {
    case "long":
      return `<path d="M56,84 C48,30 152,30 144,84 L150,150 Q142,162 128,156 L72,156 Q58,162 50,150Z" fill="${fill}"/>`;
    case "bob":
      return `<path d="M55,86 C48,28 152,28 145,86 L148,124 Q140,134 128,128 L72,128 Q60,134 52,124Z" fill="${fill}"/>`;
    case "ponytail":
      return `<path d="M138,60 C170,64 172,110 160,140 C156,120 150,100 136,86Z" fill="${fill}"/><circle cx="140" cy="60" r="6" fill="${p.accent}"/>`;
    case "braids": {
      const braid = (x: number) =>
        [118, 132, 146]
          .map(
            (y) =>
              `<ellipse cx="${x}" cy="${y}" rx="8" ry="8.5" fill="${fill}" stroke="${p.hairShade}" stroke-width="1.2"/>`,
          )
          .join("") + `<circle cx="${x}" cy="157" r="4" fill="${p.accent}"/>`;
      return braid(58) + braid(142);
    }
    case "buns":
      return `<circle cx="64" cy="46" r="16" fill="${fill}"/><circle cx="136" cy="46" r="16" fill="${fill}"/><path d="M58,40 Q64,34 70,40" fill="none" stroke="${p.hairShade}" stroke-width="1.6"/><path d="M130,40 Q136,34 142,40" fill="none" stroke="${p.hairShade}" stroke-width="1.6"/>`;
    case "afro-puffs":
      return `${curlCluster(58, 48, 18, fill, p.hairShade)}${curlCluster(142, 48, 18, fill, p.hairShade)}`;
    case "curly":
      return `<path d="M52,96 C40,10 160,10 148,96Z" fill="${fill}"/>`;
    default:
      return "";
  }
}

function hairFront(p: Paint): string {
  const fill = p.hair;
  const cap = (fringe: keyof typeof fringes) => `<path d="${HAIR_TOP} ${fringes[fringe]}" fill="${fill}"/>`;
  const shine = `<path d="M78,40 Q96,32 114,36" fill="none" stroke="#fff" stroke-opacity="0.25" stroke-width="3" stroke-linecap="round"/>`;
  switch (p.look.hairStyle) {
    case "long":
    case "braids":
      return cap("part") + shine;
    case "bob":
    case "buns":
      return cap("bangs") + shine;
    case "ponytail":
      return cap("sweep") + shine;
    case "afro-puffs":
      return `<path d="${HAIR_TOP} ${fringes.part}" fill="${fill}"/>${curlRow(p, 54)}`;
    case "short":
      return cap("sweep") + shine;
    case "swept":
      return `<path d="M57,92 C48,26 120,12 146,40 C152,56 146,76 143,92 ${fringes.sweep}" fill="${fill}"/>${shine}`;
    case "bowl":
      return cap("bowl") + shine;
    case "spiky":
      return `<path d="M57,92 L54,62 L64,54 L62,38 L78,40 L82,24 L96,34 L106,20 L114,34 L128,28 L128,44 L142,48 L144,64 L143,92 ${fringes.sweep}" fill="${fill}"/>`;
    case "curly":
      return `<path d="${HAIR_TOP} ${fringes.part}" fill="${fill}"/>${curlRow(p, 50)}`;
    default:
      return "";
  }
}

function curlCluster(cx: number, cy: number, r: number, fill: string, shade: string): string {
  const out = [`<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"/>`];
  for (let index = 0; index < 8; index++) {
    const angle = (index / 8) * Math.PI * 2;
    out.push(
      `<circle cx="${round(cx + Math.cos(angle) * r * 0.82)}" cy="${round(cy + Math.sin(angle) * r * 0.82)}" r="${round(r * 0.36)}" fill="${fill}" stroke="${shade}" stroke-width="1"/>`,
    );
  }
  return out.join("");
}

/** Curls along the hairline and over the crown. */
function curlRow(p: Paint, top: number): string {
  const out: string[] = [];
  const points: [number, number][] = [
    [62, 76],
    [66, 62],
    [76, 52],
    [88, top - 4],
    [100, top - 6],
    [112, top - 4],
    [124, 52],
    [134, 62],
    [138, 76],
    [80, 38],
    [100, 30],
    [120, 38],
  ];
  for (const [x, y] of points) {
    out.push(
      `<circle cx="${x}" cy="${y}" r="10" fill="${p.hair}" stroke="${p.hairShade}" stroke-width="1.2"/>`,
    );
  }
  return out.join("");
}

// --- headwear --------------------------------------------------------------------------------------

const headwearDrawers: Record<Exclude<CostumeHeadwear, "none">, (p: Paint) => string> = {
  "party-hat": (p) =>
    `<g transform="rotate(12 100 50)"><path d="M78,52 L100,-16 L122,52 Q100,58 78,52Z" fill="${p.hat}"/><path d="M85,30 L115,30 M91,12 L109,12" stroke="#fff" stroke-width="4" opacity="0.85"/><circle cx="92" cy="42" r="3" fill="#ffe27a"/><circle cx="108" cy="24" r="3" fill="#5ce1e6"/><circle cx="100" cy="-16" r="8" fill="#fff"/></g>`,
  crown: (p) =>
    `<path d="M68,54 L64,20 L80,36 L91,12 L100,32 L109,12 L120,36 L136,20 L132,54 Q100,60 68,54Z" fill="${p.hat}" stroke="${p.hatShade}" stroke-width="1.5"/><circle cx="100" cy="46" r="4.5" fill="#e5484d"/><circle cx="82" cy="48" r="3.2" fill="#3b82f6"/><circle cx="118" cy="48" r="3.2" fill="#22c55e"/>`,
  tiara: (p) =>
    `<path d="M70,60 Q100,44 130,60 L126,64 Q100,52 74,64Z" fill="${p.hat}" stroke="${p.hatShade}" stroke-width="1"/><path d="M91,52 L100,30 L109,52Z M78,57 L82,42 L88,54Z M122,57 L118,42 L112,54Z" fill="${p.hat}" stroke="${p.hatShade}" stroke-width="1"/><circle cx="100" cy="46" r="3.5" fill="#7fc8ff"/>`,
  "flower-crown": (p) => {
    const flowers: [number, number, string][] = [
      [64, 66, p.hat],
      [74, 52, "#ff8fb1"],
      [88, 44, "#ffffff"],
      [100, 41, p.hat],
      [112, 44, "#ff8fb1"],
      [126, 52, "#ffffff"],
      [136, 66, p.hat],
    ];
    return (
      `<path d="M60,72 Q100,28 140,72" fill="none" stroke="#4f9a5a" stroke-width="4"/>` +
      flowers.map(([x, y, colour]) => flower(x, y, 6.5, colour)).join("")
    );
  },
  "witch-hat": (p) =>
    `<ellipse cx="100" cy="54" rx="64" ry="12" fill="${p.hat}"/><path d="M70,54 Q82,24 94,-4 Q104,-26 134,-20 Q112,-10 114,12 L130,54Z" fill="${p.hat}"/><path d="M72,46 L128,46 L130,54 L70,54Z" fill="${p.accent}"/><path d="${star(106, 20, 6, 2.6)}Z" fill="#ffe27a"/>`,
  "top-hat": (p) =>
    `<ellipse cx="100" cy="52" rx="52" ry="10" fill="${p.hat}"/><rect x="72" y="-4" width="56" height="56" rx="4" fill="${p.hat}"/><rect x="72" y="36" width="56" height="9" fill="${p.accent}"/><path d="M78,4 L78,34" stroke="#fff" stroke-opacity="0.25" stroke-width="4"/>`,
  cap: (p) =>
    `<path d="M60,64 C58,24 142,24 140,64Z" fill="${p.hat}"/><rect x="60" y="56" width="80" height="10" rx="3" fill="${p.hatShade}"/><path d="M64,66 Q100,82 136,66 Q100,72 64,66Z" fill="#1d2233"/><path d="${star(100, 44, 8, 3.5)}Z" fill="${p.accent === p.hat ? "#ffd34d" : p.accent}"/>`,
  "chef-hat": (p) =>
    `<rect x="68" y="38" width="64" height="20" rx="4" fill="${p.hat}" stroke="#e3ddd2" stroke-width="1.5"/><circle cx="78" cy="28" r="17" fill="${p.hat}"/><circle cx="100" cy="18" r="21" fill="${p.hat}"/><circle cx="122" cy="28" r="17" fill="${p.hat}"/><path d="M84,40 L84,50 M100,40 L100,50 M116,40 L116,50" stroke="#e3ddd2" stroke-width="2"/>`,
  "hard-hat": (p) =>
    `<path d="M58,60 C58,14 142,14 142,60Z" fill="${p.hat}"/><path d="M50,60 L150,60 Q154,70 144,70 L56,70 Q46,70 50,60Z" fill="${p.hatShade}"/><path d="M100,18 L100,58" stroke="${p.hatShade}" stroke-width="6"/><path d="M72,30 Q78,22 88,20" stroke="#fff" stroke-opacity="0.45" stroke-width="4" fill="none" stroke-linecap="round"/>`,
  "viking-helmet": (p) =>
    `<path d="M56,44 C40,40 30,20 38,2 C44,20 52,28 66,30Z M144,44 C160,40 170,20 162,2 C156,20 148,28 134,30Z" fill="#f4ead2" stroke="#cbbd9a" stroke-width="1.5"/><path d="M58,62 C58,16 142,16 142,62Z" fill="${p.hat}"/><rect x="56" y="56" width="88" height="10" rx="3" fill="${p.hatShade}"/><path d="M100,20 L100,58" stroke="${p.hatShade}" stroke-width="5"/><circle cx="70" cy="61" r="2" fill="#fff"/><circle cx="130" cy="61" r="2" fill="#fff"/>`,
  "knight-helmet": (p) =>
    `<path d="M52,110 C44,20 156,20 148,110 L138,110 C138,74 124,58 100,58 C76,58 62,74 62,110Z" fill="${p.hat}" stroke="${p.hatShade}" stroke-width="2"/>${p.photoFace ? "" : `<path d="M96,58 L104,58 L103,90 L97,90Z" fill="${p.hatShade}"/>`}<path d="M100,26 C110,6 132,4 140,14 C126,14 116,20 108,30Z" fill="${p.accent}"/>`,
  "cowboy-hat": (p) =>
    `<path d="M30,54 Q44,66 100,64 Q156,66 170,54 Q160,74 100,76 Q40,74 30,54Z" fill="${p.hatShade}"/><path d="M66,62 C62,22 80,14 100,24 C120,14 138,22 134,62 Q100,68 66,62Z" fill="${p.hat}"/><path d="M68,52 Q100,58 132,52 L133,60 Q100,66 67,60Z" fill="${p.accent === p.hat ? p.hatShade : p.accent}"/>`,
  tricorn: (p) =>
    `<path d="M36,52 Q60,60 100,58 Q140,60 164,52 Q150,20 100,14 Q50,20 36,52Z" fill="${p.hat}"/><path d="M36,52 Q60,60 100,58 Q140,60 164,52" fill="none" stroke="#e8c35a" stroke-width="3"/><path d="M92,30 Q100,22 108,30 Q104,40 100,36 Q96,40 92,30Z" fill="#fff"/>`,
  aviator: (p) =>
    `<path d="M56,100 C48,18 152,18 144,100 L136,102 C136,66 122,54 100,54 C78,54 64,66 64,102Z" fill="${p.hat}"/><ellipse cx="58" cy="100" rx="9" ry="12" fill="${p.hatShade}"/><ellipse cx="142" cy="100" rx="9" ry="12" fill="${p.hatShade}"/>${goggleLenses(p, "#9fd8ff")}`,
  beanie: (p) =>
    `<path d="M60,66 C58,14 142,14 140,66Z" fill="${p.hat}"/><rect x="56" y="56" width="88" height="16" rx="7" fill="${p.hatShade}"/><path d="M72,58 L72,70 M86,58 L86,70 M100,58 L100,70 M114,58 L114,70 M128,58 L128,70" stroke="${p.hat}" stroke-width="3"/><circle cx="100" cy="16" r="12" fill="#fbfbf7"/>`,
  "santa-hat": (p) =>
    `<path d="M60,62 C64,24 96,12 126,22 C148,30 158,58 160,84 L148,84 C144,62 136,48 126,44 L138,62Z" fill="${p.hat}"/><rect x="54" y="52" width="92" height="18" rx="9" fill="#fbfbf7"/><circle cx="156" cy="88" r="10" fill="#fbfbf7"/>`,
  "elf-hat": (p) =>
    `<path d="M60,62 Q78,10 150,2 Q120,24 140,62Z" fill="${p.hat}"/><rect x="56" y="52" width="88" height="14" rx="6" fill="#d62839"/><circle cx="152" cy="4" r="6" fill="#ffd34d"/>`,
  "bunny-ears": (p) =>
    `<path d="M64,62 Q100,40 136,62" fill="none" stroke="${p.accent}" stroke-width="5"/><ellipse cx="80" cy="14" rx="12" ry="34" fill="${p.hat}" stroke="#e8dede" stroke-width="1.5" transform="rotate(-14 80 14)"/><ellipse cx="80" cy="16" rx="6" ry="24" fill="#ffb3c7" transform="rotate(-14 80 16)"/><ellipse cx="120" cy="14" rx="12" ry="34" fill="${p.hat}" stroke="#e8dede" stroke-width="1.5" transform="rotate(14 120 14)"/><ellipse cx="120" cy="16" rx="6" ry="24" fill="#ffb3c7" transform="rotate(14 120 16)"/>`,
  "bear-ears": (p) =>
    `<path d="M62,64 Q100,38 138,64" fill="none" stroke="${p.hatShade}" stroke-width="5"/><circle cx="66" cy="42" r="15" fill="${p.hat}"/><circle cx="66" cy="42" r="8" fill="#ffc2d9"/><circle cx="134" cy="42" r="15" fill="${p.hat}"/><circle cx="134" cy="42" r="8" fill="#ffc2d9"/>`,
  laurel: (p) => {
    const leaves: string[] = [];
    for (let index = 0; index < 6; index++) {
      const t = index / 5;
      const x = 62 + t * 30;
      const y = 70 - Math.sin(t * Math.PI * 0.5) * 22;
      leaves.push(
        `<ellipse cx="${round(x)}" cy="${round(y)}" rx="7" ry="3.5" fill="${p.hat}" transform="rotate(${round(-60 + t * 50)} ${round(x)} ${round(y)})"/>`,
        `<ellipse cx="${round(200 - x)}" cy="${round(y)}" rx="7" ry="3.5" fill="${p.hat}" transform="rotate(${round(60 - t * 50)} ${round(200 - x)} ${round(y)})"/>`,
      );
    }
    return `<path d="M62,72 Q100,36 138,72" fill="none" stroke="${p.hatShade}" stroke-width="2"/>${leaves.join("")}`;
  },
  // Over a photo's face the headdress opens wider (× 1.12 across): its sides at 66 and 134 hid the
  // face's cheeks (76 units ear to ear), and the detector then missed the face in some portraits.
  nemes: (p) =>
    `<defs><pattern id="${p.id("nemes")}" width="200" height="9" patternUnits="userSpaceOnUse"><rect width="200" height="9" fill="${p.hat}"/><rect width="200" height="4" fill="#1f5fa8"/></pattern></defs>${p.photoFace ? `<g transform="translate(100 0) scale(1.12 1) translate(-100 0)">` : "<g>"}<path d="M54,98 C46,18 154,18 146,98 L160,162 L128,152 L134,96 C132,64 120,56 100,56 C80,56 68,64 66,96 L72,152 L40,162Z" fill="url(#${p.id("nemes")})" stroke="${p.hatShade}" stroke-width="1.5"/><path d="M62,62 Q100,48 138,62 L138,70 Q100,56 62,70Z" fill="#e9b949"/><path d="M96,42 Q100,30 104,42 Q100,48 96,42Z" fill="#e5484d"/></g>`,
  sombrero: (p) =>
    `<ellipse cx="100" cy="56" rx="82" ry="15" fill="${p.hat}" stroke="${p.hatShade}" stroke-width="2"/><path d="M72,56 C70,8 130,8 128,56Z" fill="${p.hat}" stroke="${p.hatShade}" stroke-width="2"/><path d="M74,44 L82,38 L90,44 L98,38 L106,44 L114,38 L122,44 L126,44" fill="none" stroke="${p.accent}" stroke-width="3"/><path d="M26,56 Q100,76 174,56" fill="none" stroke="#d9462b" stroke-width="3"/>`,
  "bubble-helmet": (p) =>
    `<ellipse cx="100" cy="148" rx="50" ry="12" fill="#c9ced8" stroke="#9aa3b2" stroke-width="2"/><circle cx="100" cy="86" r="62" fill="#dff3ff" fill-opacity="0.16" stroke="#ffffff" stroke-opacity="0.9" stroke-width="4"/><path d="M56,60 A50,50 0 0 1 94,30" fill="none" stroke="#fff" stroke-opacity="0.75" stroke-width="6" stroke-linecap="round"/><circle cx="146" cy="112" r="4" fill="${p.accent}"/>`,
  "sport-helmet": (p) =>
    `<path d="M54,100 C46,14 154,14 146,100 L136,102 C136,72 124,58 100,58 C76,58 64,72 64,102Z" fill="${p.hat}"/><path d="M100,20 L100,56" stroke="#fff" stroke-width="7" opacity="0.8"/><path d="M64,62 Q100,50 136,62 L134,70 Q100,60 66,70Z" fill="#1d2233" opacity="0.85"/><path d="M64,100 Q70,126 92,130" fill="none" stroke="#1d2233" stroke-width="2.5"/>`,
  headband: (p) =>
    `<path d="M60,62 Q100,48 140,62 L141,74 Q100,60 59,74Z" fill="${p.hat}"/><path d="M140,66 Q154,72 160,88 M140,70 Q150,80 150,96" fill="none" stroke="${p.hat}" stroke-width="5" stroke-linecap="round"/>`,
  goggles: (p) => goggleLenses(p, "#bfefff"),
  hood: (p) =>
    `<path d="M56,118 C44,28 156,28 144,118" fill="none" stroke="${p.hat}" stroke-width="9" stroke-linecap="round"/><path d="M56,118 C44,28 156,28 144,118" fill="none" stroke="${p.hatShade}" stroke-width="2"/>`,
  "unicorn-horn": (p) =>
    `<path d="M62,64 Q100,40 138,64" fill="none" stroke="#ff8fb1" stroke-width="5"/><path d="M90,48 L100,-2 L110,48Z" fill="${p.hat}" stroke="${p.hatShade}" stroke-width="1.5"/><path d="M93,36 L107,30 M95,24 L105,19 M97,12 L103,9" stroke="${p.hatShade}" stroke-width="2"/>${flower(78, 52, 6, "#ffffff")}${flower(122, 52, 6, "#b9a6ff")}`,
  "mushroom-cap": (p) =>
    `<path d="M36,64 C36,-2 164,-2 164,64 Q100,76 36,64Z" fill="${p.hat}"/><circle cx="70" cy="36" r="9" fill="#fff"/><circle cx="104" cy="22" r="11" fill="#fff"/><circle cx="138" cy="40" r="8" fill="#fff"/><circle cx="90" cy="52" r="5" fill="#fff"/><circle cx="124" cy="58" r="4" fill="#fff"/>`,
  bow: (p) =>
    `<path d="M126,52 L104,34 Q98,52 106,68Z M126,52 L148,34 Q154,52 146,68Z" fill="${p.hat}" stroke="${p.hatShade}" stroke-width="1.5"/><circle cx="126" cy="52" r="6" fill="${p.hatShade}"/>`,
  "sun-hat": (p) =>
    `<ellipse cx="100" cy="56" rx="70" ry="14" fill="${p.hat}" stroke="${p.hatShade}" stroke-width="1.5"/><path d="M66,56 C64,14 136,14 134,56Z" fill="${p.hat}" stroke="${p.hatShade}" stroke-width="1.5"/><path d="M67,46 Q100,54 133,46 L134,54 Q100,60 66,54Z" fill="${p.accent}"/>`,
  beret: (p) =>
    `<ellipse cx="94" cy="46" rx="50" ry="17" fill="${p.hat}"/><rect x="62" y="50" width="76" height="10" rx="4" fill="${p.hatShade}"/><path d="M60,40 L128,40 M66,48 L130,48 M80,32 L80,58 M100,30 L100,60 M120,32 L120,58" stroke="#1d3b2a" stroke-opacity="0.35" stroke-width="2"/><circle cx="92" cy="28" r="8" fill="#d62839"/>`,
  "flat-cap": (p) =>
    `<path d="M58,64 C56,28 140,24 148,52 L156,64 Q110,72 58,64Z" fill="${p.hat}"/><path d="M60,58 Q110,66 152,56 L156,64 Q110,72 58,64Z" fill="${p.hatShade}"/><path d="M78,34 L84,58 M98,30 L100,60 M118,32 L118,58" stroke="#000" stroke-opacity="0.15" stroke-width="2"/>`,
  "fur-hat": (p) =>
    `<path d="M68,50 C70,8 130,8 132,50Z" fill="${p.hat}"/><path d="M56,62 Q52,44 70,46 Q84,36 100,44 Q116,36 130,46 Q148,44 144,62 Q146,74 130,72 Q116,78 100,72 Q84,78 70,72 Q54,74 56,62Z" fill="#a68a6e"/><path d="M100,10 L104,-2 L96,-2Z" fill="${p.hatShade}"/>`,
  feathers: (p) => {
    const colours = [p.hat, "#2aa876", "#3b82f6", "#ffd34d", p.hat, "#2aa876", "#e5484d"];
    const out = colours.map((colour, index) => {
      const angle = -45 + index * 15;
      return `<ellipse cx="100" cy="20" rx="7" ry="22" fill="${colour}" transform="rotate(${angle} 100 68)"/>`;
    });
    return `${out.join("")}<path d="M60,66 Q100,50 140,66 L140,76 Q100,60 60,76Z" fill="#e9b949"/><circle cx="100" cy="62" r="5" fill="${p.accent}"/>`;
  },
  "dragon-hood": (p) =>
    `<path d="M66,40 L56,10 L78,32Z M134,40 L144,10 L122,32Z" fill="#f4ead2"/><path d="M56,118 C44,28 156,28 144,118" fill="none" stroke="${p.hat}" stroke-width="10" stroke-linecap="round"/><path d="M88,28 L94,16 L100,28 L106,16 L112,28" fill="${p.accent}"/>`,
  headset: (p) =>
    `<path d="M58,94 C52,22 148,22 142,94" fill="none" stroke="#2b2b3a" stroke-width="5"/><rect x="52" y="84" width="12" height="20" rx="5" fill="#2b2b3a"/><rect x="136" y="84" width="12" height="20" rx="5" fill="#2b2b3a"/><path d="M58,102 Q62,118 84,116" fill="none" stroke="#2b2b3a" stroke-width="2.5"/><circle cx="86" cy="116" r="3.5" fill="${p.hat === p.accent ? "#2b2b3a" : p.hat}"/>`,
};

function goggleLenses(p: Paint, glass: string): string {
  return `<path d="M60,58 Q100,44 140,58" fill="none" stroke="${p.hatShade}" stroke-width="6"/><circle cx="84" cy="52" r="12" fill="${glass}" stroke="${p.hat}" stroke-width="4.5"/><circle cx="116" cy="52" r="12" fill="${glass}" stroke="${p.hat}" stroke-width="4.5"/><path d="M79,47 Q83,44 87,45 M111,47 Q115,44 119,45" stroke="#fff" stroke-width="2.2" stroke-linecap="round"/>`;
}

function hoodBack(p: Paint): string {
  return `<path d="M46,124 C36,16 164,16 154,124 Q100,142 46,124Z" fill="${p.hatShade}"/>`;
}

// --- extras ----------------------------------------------------------------------------------------

function wings(p: Paint): string {
  const light = mix(p.accent, "#ffffff", 0.45);
  const one = `<path d="M80,150 C40,90 4,96 6,124 C8,150 40,160 64,160 C30,170 22,196 44,204 C62,210 80,180 84,160Z" fill="${light}" fill-opacity="0.8" stroke="#fff" stroke-opacity="0.9" stroke-width="2"/>`;
  return `${one}<g transform="translate(200 0) scale(-1 1)">${one}</g>`;
}

const extraDrawers: Record<"neckerchief" | "bowtie" | "tie" | "medal" | "stethoscope", (p: Paint) => string> =
  {
    neckerchief: (p) =>
      `<path d="M78,142 Q100,154 122,142 L104,176 Q100,180 96,176Z" fill="${p.accent}"/><circle cx="100" cy="150" r="5" fill="${mix(p.accent, "#000000", 0.25)}"/>`,
    bowtie: (p) =>
      `<path d="M100,152 L84,144 L84,160Z M100,152 L116,144 L116,160Z" fill="${p.accent}"/><circle cx="100" cy="152" r="4" fill="${mix(p.accent, "#000000", 0.3)}"/>`,
    tie: (p) => `<path d="M96,148 L104,148 L107,154 L103,186 L100,192 L97,186 L93,154Z" fill="${p.accent}"/>`,
    medal: () =>
      `<path d="M84,144 L96,178 L104,178 L116,144 L108,144 L100,166 L92,144Z" fill="#3b82f6"/><circle cx="100" cy="186" r="11" fill="#f5c542" stroke="#c9972a" stroke-width="2"/><path d="${star(100, 186, 6, 2.6)}Z" fill="#fff3b0"/>`,
    stethoscope: () =>
      `<path d="M80,144 Q76,176 96,184 M120,144 Q124,176 104,184" fill="none" stroke="#2b2b3a" stroke-width="3"/><circle cx="100" cy="188" r="7" fill="#c9ced8" stroke="#2b2b3a" stroke-width="2.5"/>`,
  };

/**
 * Round glasses. On a photo's face the rims are thin, clear and wider than the eyes: the eyes and
 * brows show as they are (thick rims over a real face's eyes made it look like someone else).
 */
function glasses(): string {
  return `<g data-prop="glasses"><g fill="#fff" fill-opacity="0.18" stroke="#2b2b3a" stroke-width="3"><circle cx="85" cy="90" r="11"/><circle cx="115" cy="90" r="11"/></g><path d="M96,89 Q100,86 104,89 M74,88 L62,85 M126,88 L138,85" fill="none" stroke="#2b2b3a" stroke-width="3"/></g>`;
}

/** The glasses folded and hooked on the collar, below the chin (the layer that follows the photo's). */
function glassesAtCollar(): string {
  return `<g data-prop="glasses" fill="#fff" fill-opacity="0.25" stroke="#2b2b3a" stroke-width="1.8"><circle cx="92" cy="160" r="6.5"/><circle cx="108" cy="160" r="6.5"/><path d="M98.5,159 Q100,157.5 101.5,159" fill="none"/></g>`;
}

function mask(): string {
  // Eye holes cut out (even-odd), so the child's eyes still smile through.
  const hole = (x: number) => `M${x - 9},90 a9,8 0 1,0 18,0 a9,8 0 1,0 -18,0`;
  return `<path d="M62,84 Q100,72 138,84 Q140,102 124,102 Q110,102 100,96 Q90,102 76,102 Q60,102 62,84Z ${hole(85)} ${hole(115)}" fill="#14121a" fill-rule="evenodd"/><path d="M137,86 L152,80 M137,90 L152,96" stroke="#14121a" stroke-width="3.5" stroke-linecap="round"/>`;
}

// --- shapes ----------------------------------------------------------------------------------------

function flower(x: number, y: number, size: number, colour: string): string {
  const petals: string[] = [];
  for (let index = 0; index < 5; index++) {
    const angle = (index / 5) * Math.PI * 2 - Math.PI / 2;
    petals.push(
      `<circle cx="${round(x + Math.cos(angle) * size * 0.6)}" cy="${round(y + Math.sin(angle) * size * 0.6)}" r="${round(size * 0.5)}" fill="${colour}"/>`,
    );
  }
  return `${petals.join("")}<circle cx="${x}" cy="${y}" r="${round(size * 0.35)}" fill="#ffd34d"/>`;
}

function star(cx: number, cy: number, outer: number, inner: number): string {
  const points: string[] = [];
  for (let index = 0; index < 10; index++) {
    const radius = index % 2 ? inner : outer;
    const angle = (index * Math.PI) / 5 - Math.PI / 2;
    points.push(`${round(cx + Math.cos(angle) * radius)},${round(cy + Math.sin(angle) * radius)}`);
  }
  return `M${points.join(" L")}`;
}

function round(value: number, precision = 10): number {
  return Math.round(value * precision) / precision;
}
