/**
 * The style catalogue's shapes (spec §3: theme category and style). The data lives next to this
 * file; web (pickers, preview art) and server (plan checks, prompts, local renderer) read the same.
 */

/** The art direction of a style: the local renderer and the preview art are both drawn from it. */
export type StyleArt = {
  /** Two CSS hex colours for the background gradient, top to bottom. */
  gradient: readonly [string, string];
  /** A hex accent colour for the motif and the frame. */
  accent: string;
  /** One of the motif shapes the server's art (`apps/server/src/art/style-art.ts`) knows how to draw. */
  motif: StyleMotif;
  /**
   * What the illustrated child of the preview art wears (the server's `art/child-art.ts`); the local image model's
   * backdrop draws no child and ignores it. Without one, a plain top in the accent colour.
   */
  costume?: StyleCostume;
};

export const costumeOutfits = [
  "tee",
  "suit",
  "gown",
  "armour",
  "spacesuit",
  "jersey",
  "cloak",
  "overalls",
  "apron",
  "fur-coat",
  "wrap",
  "uniform",
  "scrubs",
  "vest",
  "collar",
] as const;
export type CostumeOutfit = (typeof costumeOutfits)[number];

export const costumeHeadwear = [
  "none",
  "party-hat",
  "crown",
  "tiara",
  "flower-crown",
  "witch-hat",
  "top-hat",
  "cap",
  "chef-hat",
  "hard-hat",
  "viking-helmet",
  "knight-helmet",
  "cowboy-hat",
  "tricorn",
  "aviator",
  "beanie",
  "santa-hat",
  "elf-hat",
  "bunny-ears",
  "bear-ears",
  "laurel",
  "nemes",
  "sombrero",
  "bubble-helmet",
  "sport-helmet",
  "headband",
  "goggles",
  "hood",
  "unicorn-horn",
  "mushroom-cap",
  "bow",
  "sun-hat",
  "beret",
  "flat-cap",
  "fur-hat",
  "feathers",
  "dragon-hood",
  "headset",
] as const;
export type CostumeHeadwear = (typeof costumeHeadwear)[number];

export const costumeExtras = [
  "wings",
  "glasses",
  "mask",
  "medal",
  "neckerchief",
  "bowtie",
  "stethoscope",
  "tie",
] as const;
export type CostumeExtra = (typeof costumeExtras)[number];

/** A style's costume for the drawn child: an outfit, something on the head, a few extras. */
export type StyleCostume = {
  outfit: CostumeOutfit;
  /** Hex colour of the outfit; default a shade of the style's accent. */
  colour?: string;
  headwear?: CostumeHeadwear;
  /** Hex colour of the headwear; default the style's accent. */
  hatColour?: string;
  extras?: readonly CostumeExtra[];
  /** Hex hair colour that belongs to the costume (Medusa's green curls); default the child's own. */
  hair?: string;
};

export const styleMotifs = [
  "stars",
  "bubbles",
  "sparkles",
  "waves",
  "leaves",
  "snow",
  "flames",
  "hearts",
  "rays",
  "grid",
  "confetti",
  "mountains",
] as const;
export type StyleMotif = (typeof styleMotifs)[number];

export type Style = {
  /** As in spec §3, e.g. `ice-queen`, `UN-speaker` (case kept: ids are part of URLs and prompts). */
  id: string;
  title: string;
  /** `/images/{folder}/{id}.webp`: the folder of the first non-"popular" category listing it. */
  imagePath: string;
  /**
   * Starts with `STYLE_PROMPT_PREAMBLE`; holds `{trigger}`, `{age}` and `{gender}` (spec §1), filled
   * by `fillStylePrompt`.
   */
  promptTemplate: string;
  art: StyleArt;
};

export type ThemeCategory = {
  id: string;
  title: string;
  /** `/images/category/{id}.webp`. */
  imagePath: string;
  /** Exclusive packs are unlocked by plans whose entitlement `categories` is `all` (Oracle). */
  exclusive: boolean;
  /** Style ids in the spec's order; a style listed in several categories is one style. */
  styleIds: readonly string[];
};
