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
  /** One of the motif shapes `style-art.ts` knows how to draw. */
  motif: StyleMotif;
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
