import type { Style, StyleArt, StyleMotif, ThemeCategory } from "@wonderkin/contract";
import { checkColour, hex, mix, mulberry32, rgb } from "./art-kit";
import { drawChild, type PhotoFaceFit } from "./child-art";

/**
 * Vector art for the catalogue, as SVG strings: the preview cards of styles and categories (rendered
 * to WebP by `npm run art`, each with an illustrated child in the style's costume) and the backdrop
 * of the local image model, which composites the child's face into `portraitCircle`. Pure and deterministic: the same art, size and seed give the same bytes.
 */

export type PortraitCircle = { cx: number; cy: number; r: number };

export type StyleArtOptions = {
  width: number;
  height: number;
  /** Places the motif's pieces; the same seed gives the same picture. Default 1. */
  seed?: number;
  /** A caption along the bottom edge (generic sans-serif); none by default. */
  title?: string;
  /**
   * Draws an illustrated child in the style's costume in the portrait circle (the catalogue's
   * previews); the seed picks the child's look. Off for the local image model's backdrop.
   */
  child?: boolean;
  /**
   * The halo and ring around the portrait circle (default on). Off for the local model's costumed
   * child, which draws its own around a circle that follows the photo (childLayerSvg).
   */
  ring?: boolean;
};

export type CategoryArtOptions = { width?: number; height?: number; seed?: number };

/**
 * Where the face goes: centred, a little above the middle, calm of motif pieces. The server
 * composites the portrait into this circle, so the art and the local renderer agree on it.
 */
export function portraitCircle(width: number, height: number): PortraitCircle {
  return {
    cx: round(width / 2),
    cy: round(height * 0.46),
    r: round(Math.min(width, height * 0.8) * 0.34),
  };
}

/** A 32-bit seed from a string (FNV-1a), e.g. a style id, so each style gets its own layout. */
export function hashSeed(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function styleArtSvg(art: StyleArt, options: StyleArtOptions): string {
  const { width, height } = checkSize(options.width, options.height);
  const ring = options.ring !== false;
  const layers = artLayers(art, { ...options, width, height }, "a", { halo: ring, ring });
  return svgDocument(width, height, layers.defs, layers.body);
}

/**
 * One layer of the costumed child around a photo's face (the local image model), alone on a
 * transparent canvas of the portrait's size: what lies behind the face, or what goes over it.
 */
export function childLayerSvg(
  art: StyleArt,
  options: {
    width: number;
    height: number;
    seed: number;
    /** The child's circle (the illustration's 200-unit box is drawn onto it). */
    circle: PortraitCircle;
    photoFace: PhotoFaceFit;
    /** The part of the portrait drawn (the child's own box): drawing the rest would be empty pixels. */
    region: { left: number; top: number; width: number; height: number };
  },
): string {
  const { width, height } = checkSize(options.width, options.height);
  const { region } = options;
  const [top, bottom] = art.gradient.map(checkColour) as [string, string];
  const accent = checkColour(art.accent);
  const id = (name: string) => `p-${name}`;
  const drawn = drawChild({
    circle: options.circle,
    accent,
    top,
    bottom,
    seed: options.seed,
    costume: art.costume,
    id,
    photoFace: options.photoFace,
  });
  const frame =
    options.photoFace.layer === "behind"
      ? portraitFrame(options.circle, { top, accent, s: Math.min(width, height) / 480, id })
      : { defs: "", body: "" };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${region.width}" height="${region.height}" viewBox="${region.left} ${region.top} ${region.width} ${region.height}"><defs>${frame.defs}${drawn.defs}</defs>${frame.body}${drawn.body}</svg>`;
}

/** The soft halo and the ring around a portrait circle. */
function portraitFrame(
  circle: PortraitCircle,
  paint: { top: string; accent: string; s: number; id: (name: string) => string },
): Layers {
  const { cx, cy, r } = circle;
  const { id } = paint;
  return {
    defs: [
      `<radialGradient id="${id("halo")}" cx="${cx}" cy="${cy}" r="${round(r * 1.45)}" gradientUnits="userSpaceOnUse">`,
      `<stop offset="0.55" stop-color="#fff" stop-opacity="0.5"/><stop offset="0.75" stop-color="#fff" stop-opacity="0.18"/>`,
      `<stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`,
    ].join(""),
    body: [
      `<circle cx="${cx}" cy="${cy}" r="${round(r * 1.45)}" fill="url(#${id("halo")})"/>`,
      `<circle cx="${cx}" cy="${cy}" r="${round(r * 1.07)}" fill="none" stroke="#fff" stroke-opacity="0.45" stroke-width="${round(1.5 * paint.s)}"/>`,
      `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${mix(paint.top, "#ffffff", 0.35)}" fill-opacity="0.35" stroke="${paint.accent}" stroke-width="${round(Math.max(2, r * 0.035))}"/>`,
    ].join(""),
  };
}

/**
 * A category tile: a deeper shade of the category's first style as the backdrop, and a fanned hand
 * of up to three of its styles' portrait cards, so each tile shows what is inside. `styles` may be the whole
 * catalogue; the category's `styleIds` choose from it, in order.
 */
export function categoryArtSvg(
  category: ThemeCategory,
  styles: readonly Style[],
  options: CategoryArtOptions = {},
): string {
  const { width, height } = checkSize(options.width ?? 480, options.height ?? 360);
  const byId = new Map(styles.map((style) => [style.id, style]));
  const members = category.styleIds.flatMap((id) => byId.get(id) ?? []);
  const lead = members[0];
  if (!lead) throw new Error(`No art for the category ${category.id}: none of its styles was given.`);
  const seed = options.seed ?? hashSeed(category.id);

  // A deeper shade of the lead style's palette, so the cards stand out from the table they lie on.
  const [top, bottom] = lead.art.gradient;
  // Its motif is the last style's, so two categories led by the same style (popular and season
  // both open with birthday) still get different tiles.
  const backdropArt: StyleArt = {
    ...lead.art,
    gradient: [mix(top, bottom, 0.45), mix(bottom, "#000000", 0.35)],
    motif: (members.at(-1) ?? lead).art.motif,
  };
  const backdrop = artLayers(backdropArt, { width, height, seed }, "b", { halo: false, ring: false });
  const defs = [backdrop.defs];
  const body = [backdrop.body];

  const cardHeight = round(height * 0.74);
  const cardWidth = round(cardHeight * 0.8);
  const cardY = round((height - cardHeight) / 2 + height * 0.02);
  // The lead card sits on top in the middle; the next two fan out behind it.
  const fan = [
    { style: members[1], dx: -0.21, angle: -8 },
    { style: members[2], dx: 0.21, angle: 8 },
    { style: lead, dx: 0, angle: 0 },
  ];
  fan.forEach(({ style, dx, angle }, index) => {
    if (!style) return;
    const x = round(width / 2 + dx * width - cardWidth / 2);
    const prefix = `c${index}`;
    const card = artLayers(
      style.art,
      { width: 240, height: 300, seed: hashSeed(style.id), child: true },
      prefix,
      { frame: false },
    );
    const radius = 16;
    defs.push(
      `<clipPath id="${prefix}-card"><rect width="240" height="300" rx="${round((radius * 240) / cardWidth)}"/></clipPath>`,
    );
    const pivot = `${round(x + cardWidth / 2)} ${round(cardY + cardHeight / 2)}`;
    body.push(
      `<g transform="rotate(${angle} ${pivot})">`,
      `<rect x="${x + 3}" y="${cardY + 6}" width="${cardWidth}" height="${cardHeight}" rx="${radius}" fill="#000" opacity="0.22"/>`,
      `<svg x="${x}" y="${cardY}" width="${cardWidth}" height="${cardHeight}" viewBox="0 0 240 300">`,
      card.defs,
      `<g clip-path="url(#${prefix}-card)">${card.body}</g>`,
      "</svg>",
      `<rect x="${x}" y="${cardY}" width="${cardWidth}" height="${cardHeight}" rx="${radius}" fill="none" stroke="#fff" stroke-opacity="0.85" stroke-width="3"/>`,
      "</g>",
    );
  });
  return svgDocument(width, height, defs.join(""), body.join(""));
}

// ---------------------------------------------------------------------------------------------

type Layers = { defs: string; body: string };
type LayerSwitches = { halo?: boolean; ring?: boolean; frame?: boolean };

type Scene = {
  w: number;
  h: number;
  /** Sizes scale with the shorter side; the motifs are tuned at 480 px. */
  s: number;
  circle: PortraitCircle;
  random: () => number;
  accent: string;
  light: string;
  dark: string;
  top: string;
  bottom: string;
  id: (name: string) => string;
};

function artLayers(
  art: StyleArt,
  options: StyleArtOptions,
  prefix: string,
  switches: LayerSwitches = {},
): Layers {
  const { width: w, height: h } = options;
  const [top, bottom] = art.gradient.map(checkColour) as [string, string];
  const accent = checkColour(art.accent);
  const circle = portraitCircle(w, h);
  const id = (name: string) => `${prefix}-${name}`;
  const scene: Scene = {
    w,
    h,
    s: Math.min(w, h) / 480,
    circle,
    random: mulberry32(options.seed ?? 1),
    accent,
    light: mix(accent, "#ffffff", 0.55),
    dark: mix(bottom, "#000000", 0.35),
    top,
    bottom,
    id,
  };
  const { cx, cy } = circle;
  const defs = [
    `<linearGradient id="${id("bg")}" x1="0" y1="0" x2="0.35" y2="1">`,
    `<stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`,
    `<radialGradient id="${id("vignette")}" cx="${cx}" cy="${cy}" r="${round(Math.hypot(w, h) * 0.62)}" gradientUnits="userSpaceOnUse">`,
    `<stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.3"/></radialGradient>`,
  ];
  const body = [
    `<rect width="${w}" height="${h}" fill="url(#${id("bg")})"/>`,
    `<g>${motifDrawers[art.motif](scene)}</g>`,
    `<rect width="${w}" height="${h}" fill="url(#${id("vignette")})"/>`,
  ];
  if (switches.halo !== false || switches.ring !== false) {
    const frame = portraitFrame(circle, { top, accent, s: scene.s, id });
    defs.push(frame.defs);
    body.push(frame.body);
  }
  if (options.child) {
    const drawn = drawChild({
      circle,
      accent,
      top,
      bottom,
      seed: options.seed ?? 1,
      costume: art.costume,
      id,
    });
    defs.push(drawn.defs);
    body.push(drawn.body);
  }
  if (switches.frame !== false) {
    const inset = round(10 * scene.s);
    body.push(
      `<rect x="${inset}" y="${inset}" width="${w - 2 * inset}" height="${h - 2 * inset}" rx="${round(18 * scene.s)}" fill="none" stroke="#fff" stroke-opacity="0.4" stroke-width="${round(1.5 * scene.s)}"/>`,
    );
  }
  if (options.title) body.push(caption(scene, options.title));
  return { defs: `<defs>${defs.join("")}</defs>`, body: body.join("") };
}

function caption(scene: Scene, title: string): string {
  const size = round(30 * scene.s);
  const x = round(scene.w / 2);
  const y = round(scene.h - 30 * scene.s);
  const text = escapeXml(title);
  const common = `x="${x}" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="${size}"`;
  return `<text ${common} y="${round(y + 2 * scene.s)}" fill="#000" fill-opacity="0.3">${text}</text><text ${common} y="${y}" fill="#fff">${text}</text>`;
}

// --- motifs ------------------------------------------------------------------------------------

const motifDrawers: Record<StyleMotif, (scene: Scene) => string> = {
  stars(scene) {
    const out: string[] = [];
    for (const p of scatter(scene, count(scene, 26), 18)) {
      const size = (5 + scene.random() * 12) * scene.s;
      const fill = scene.random() < 0.55 ? scene.accent : "#ffffff";
      const angle = scene.random() * 72;
      out.push(
        `<path d="${starPath(size, size * 0.45)}" transform="translate(${round(p.x)} ${round(p.y)}) rotate(${round(angle)})" fill="${fill}" opacity="${opacity(scene, 0.55, 0.95)}"/>`,
      );
    }
    out.push(dots(scene, count(scene, 40), "#ffffff", 0.8, 2));
    return out.join("");
  },

  bubbles(scene) {
    const out: string[] = [];
    for (const p of scatter(scene, count(scene, 20), 34)) {
      const radius = (7 + scene.random() * 24) * scene.s;
      const stroke = scene.random() < 0.5 ? scene.accent : "#ffffff";
      out.push(
        `<circle cx="${round(p.x)}" cy="${round(p.y)}" r="${round(radius)}" fill="${scene.light}" fill-opacity="0.22" stroke="${stroke}" stroke-opacity="0.7" stroke-width="${round(1.6 * scene.s)}"/>`,
        `<circle cx="${round(p.x - radius * 0.35)}" cy="${round(p.y - radius * 0.35)}" r="${round(radius * 0.22)}" fill="#fff" opacity="0.7"/>`,
      );
    }
    return out.join("");
  },

  sparkles(scene) {
    const out: string[] = [];
    for (const p of scatter(scene, count(scene, 22), 20)) {
      const size = (6 + scene.random() * 15) * scene.s;
      const fill = scene.random() < 0.6 ? scene.accent : "#ffffff";
      out.push(
        `<path d="${sparklePath(size)}" transform="translate(${round(p.x)} ${round(p.y)})" fill="${fill}" opacity="${opacity(scene, 0.6, 1)}"/>`,
      );
    }
    out.push(dots(scene, count(scene, 34), scene.light, 0.85, 2.2));
    return out.join("");
  },

  waves(scene) {
    const { w, h, s } = scene;
    const out: string[] = [];
    const bands = 4;
    for (let band = 0; band < bands; band++) {
      const baseY = h * (0.79 + band * 0.055);
      const amplitude = (7 + scene.random() * 5) * s;
      const length = (120 + scene.random() * 60) * s;
      const phase = scene.random() * length;
      // Water in tints of the palette's deep colour, the accent only as a crest on the far swell.
      const colour = mix(scene.bottom, "#ffffff", 0.5 - band * 0.16);
      out.push(
        `<path d="${wavePath(w, h, baseY, amplitude, length, phase)}" fill="${colour}" opacity="${round(0.55 + band * 0.12)}"/>`,
      );
      if (band === 0) {
        out.push(
          `<path d="${waveLine(w, baseY, amplitude, length, phase)}" fill="none" stroke="${scene.accent}" stroke-opacity="0.8" stroke-width="${round(2 * s)}"/>`,
        );
      }
    }
    for (let line = 0; line < 3; line++) {
      const y = h * (0.07 + line * 0.045);
      const length = (90 + scene.random() * 40) * s;
      const amplitude = 4 * s;
      const phase = scene.random() * length;
      out.push(
        `<path d="${waveLine(w, y, amplitude, length, phase)}" fill="none" stroke="#fff" stroke-opacity="${round(0.45 - line * 0.1)}" stroke-width="${round(2 * s)}" stroke-linecap="round"/>`,
      );
    }
    out.push(dots(scene, count(scene, 18), "#ffffff", 0.7, 2));
    return out.join("");
  },

  leaves(scene) {
    const out: string[] = [];
    const palette = [scene.accent, mix(scene.accent, "#ffffff", 0.35), mix(scene.accent, scene.dark, 0.35)];
    for (const p of scatter(scene, count(scene, 18), 30)) {
      const length = (16 + scene.random() * 18) * scene.s;
      const angle = scene.random() * 360;
      const fill = pick(scene, palette);
      out.push(
        `<g transform="translate(${round(p.x)} ${round(p.y)}) rotate(${round(angle)})" opacity="${opacity(scene, 0.7, 0.95)}">`,
        `<path d="${leafPath(length)}" fill="${fill}"/>`,
        `<path d="M0,${round(-length * 0.85)} L0,${round(length * 0.95)}" stroke="${mix(fill, scene.dark, 0.4)}" stroke-opacity="0.5" stroke-width="${round(1.2 * scene.s)}"/>`,
        "</g>",
      );
    }
    return out.join("");
  },

  snow(scene) {
    const { w, h, s } = scene;
    const out: string[] = [];
    for (const p of scatter(scene, count(scene, 16), 30)) {
      const size = (8 + scene.random() * 11) * s;
      const angle = scene.random() * 60;
      out.push(
        `<path d="${snowflakePath(size)}" transform="translate(${round(p.x)} ${round(p.y)}) rotate(${round(angle)})" fill="none" stroke="#fff" stroke-opacity="${opacity(scene, 0.7, 0.95)}" stroke-width="${round(Math.max(1.2, size * 0.13))}" stroke-linecap="round"/>`,
      );
    }
    out.push(dots(scene, count(scene, 60), "#ffffff", 0.85, 2.6));
    // A soft drift along the bottom.
    const drift = [
      `M0,${round(h * 0.9)}`,
      `C${round(w * 0.2)},${round(h * 0.86)} ${round(w * 0.35)},${round(h * 0.93)} ${round(w * 0.55)},${round(h * 0.9)}`,
      `C${round(w * 0.75)},${round(h * 0.87)} ${round(w * 0.9)},${round(h * 0.9)} ${w},${round(h * 0.88)}`,
      `L${w},${h} L0,${h}Z`,
    ].join(" ");
    out.push(`<path d="${drift}" fill="#fff" opacity="0.75"/>`);
    return out.join("");
  },

  flames(scene) {
    const { w, h, s } = scene;
    const out: string[] = [];
    const rows = [
      { colour: mix(scene.accent, scene.bottom, 0.45), height: 0.25, opacity: 0.55, step: 44 },
      { colour: scene.accent, height: 0.18, opacity: 0.7, step: 38 },
      { colour: mix(scene.accent, "#fff6c8", 0.55), height: 0.1, opacity: 0.85, step: 32 },
    ];
    for (const row of rows) {
      const step = row.step * s;
      for (
        let x = -step * 0.5 + scene.random() * step * 0.5;
        x < w + step;
        x += step * (0.7 + scene.random() * 0.5)
      ) {
        const flameHeight = h * row.height * (0.55 + scene.random() * 0.6);
        const flameWidth = step * (0.9 + scene.random() * 0.4);
        out.push(
          `<path d="${flamePath(flameWidth, flameHeight, scene.random() < 0.5 ? -1 : 1)}" transform="translate(${round(x)} ${h})" fill="${row.colour}" opacity="${row.opacity}"/>`,
        );
      }
    }
    for (const p of scatter(scene, count(scene, 26), 10)) {
      out.push(
        `<circle cx="${round(p.x)}" cy="${round(p.y)}" r="${round((1.2 + scene.random() * 2.6) * s)}" fill="${mix(scene.accent, "#fff6c8", 0.4)}" opacity="${opacity(scene, 0.5, 0.95)}"/>`,
      );
    }
    return out.join("");
  },

  hearts(scene) {
    const out: string[] = [];
    const palette = [scene.accent, "#ffffff", mix(scene.accent, "#ffffff", 0.45)];
    for (const p of scatter(scene, count(scene, 20), 26)) {
      const size = (7 + scene.random() * 11) * scene.s;
      const angle = -25 + scene.random() * 50;
      out.push(
        `<path d="${heartPath(size)}" transform="translate(${round(p.x)} ${round(p.y)}) rotate(${round(angle)})" fill="${pick(scene, palette)}" opacity="${opacity(scene, 0.6, 0.95)}"/>`,
      );
    }
    out.push(dots(scene, count(scene, 20), "#ffffff", 0.7, 2));
    return out.join("");
  },

  rays(scene) {
    const { cx, cy } = scene.circle;
    const { w, h } = scene;
    const reach = Math.hypot(w, h);
    const rayCount = 20;
    const turn = scene.random() * (360 / rayCount);
    const out: string[] = [];
    for (let index = 0; index < rayCount; index++) {
      const from = ((index * 360) / rayCount + turn) * (Math.PI / 180);
      const to = from + (Math.PI / rayCount) * 0.9;
      const points = [
        `${cx},${cy}`,
        `${round(cx + Math.cos(from) * reach)},${round(cy + Math.sin(from) * reach)}`,
        `${round(cx + Math.cos(to) * reach)},${round(cy + Math.sin(to) * reach)}`,
      ].join(" ");
      out.push(`<polygon points="${points}" fill="#fff" opacity="${index % 2 ? 0.1 : 0.16}"/>`);
    }
    // A ring of accent beads around the halo, like a sunburst's studs.
    const beads = 28;
    const ringR = scene.circle.r * 1.5;
    for (let index = 0; index < beads; index++) {
      const angle = (index / beads) * Math.PI * 2;
      const x = cx + Math.cos(angle) * ringR;
      const y = cy + Math.sin(angle) * ringR;
      if (x < 0 || y < 0 || x > w || y > h) continue;
      out.push(
        `<circle cx="${round(x)}" cy="${round(y)}" r="${round((index % 2 ? 2.5 : 4) * scene.s)}" fill="${scene.accent}" opacity="0.85"/>`,
      );
    }
    out.push(dots(scene, count(scene, 16), scene.light, 0.8, 2.2));
    return out.join("");
  },

  grid(scene) {
    const { w, h, s } = scene;
    const { cx } = scene.circle;
    const out: string[] = [];
    const horizon = h * 0.74;
    const floor: string[] = [];
    for (let index = 1; index <= 7; index++) {
      const t = index / 7;
      const y = horizon + (h - horizon) * t * t;
      floor.push(`M0,${round(y)} L${w},${round(y)}`);
    }
    const spread = w * 1.6;
    for (let index = -8; index <= 8; index++) {
      const x = cx + (index / 8) * spread;
      floor.push(`M${round(cx + (index / 8) * w * 0.12)},${round(horizon)} L${round(x)},${h}`);
    }
    out.push(
      `<path d="M0,${round(horizon)} L${w},${round(horizon)}" stroke="${scene.accent}" stroke-opacity="0.9" stroke-width="${round(2 * s)}"/>`,
      `<path d="${floor.join(" ")}" stroke="${scene.accent}" stroke-opacity="0.55" stroke-width="${round(1.4 * s)}" fill="none"/>`,
    );
    const cell = 40 * s;
    const sky: string[] = [];
    for (let x = cell; x < w; x += cell) sky.push(`M${round(x)},0 L${round(x)},${round(horizon)}`);
    for (let y = cell; y < horizon; y += cell) sky.push(`M0,${round(y)} L${w},${round(y)}`);
    out.push(`<path d="${sky.join(" ")}" stroke="#fff" stroke-opacity="0.07" stroke-width="1"/>`);
    for (const p of scatter(scene, count(scene, 14), 14)) {
      const size = (4 + Math.floor(scene.random() * 3) * 4) * s;
      out.push(
        `<rect x="${round(p.x - size / 2)}" y="${round(p.y - size / 2)}" width="${round(size)}" height="${round(size)}" fill="${scene.random() < 0.6 ? scene.accent : "#ffffff"}" opacity="${opacity(scene, 0.45, 0.9)}"/>`,
      );
    }
    return out.join("");
  },

  confetti(scene) {
    const out: string[] = [];
    const palette = [
      scene.accent,
      "#ffffff",
      rotateHue(scene.accent, 120),
      rotateHue(scene.accent, 220),
      mix(scene.accent, "#ffe08a", 0.6),
    ];
    for (const p of scatter(scene, count(scene, 40), 20)) {
      const fill = pick(scene, palette);
      const angle = round(scene.random() * 180);
      const x = round(p.x);
      const y = round(p.y);
      const shape = scene.random();
      if (shape < 0.55) {
        const pieceW = (6 + scene.random() * 5) * scene.s;
        const pieceH = (13 + scene.random() * 10) * scene.s;
        out.push(
          `<rect x="${round(-pieceW / 2)}" y="${round(-pieceH / 2)}" width="${round(pieceW)}" height="${round(pieceH)}" rx="${round(pieceW * 0.25)}" transform="translate(${x} ${y}) rotate(${angle})" fill="${fill}" opacity="0.9"/>`,
        );
      } else if (shape < 0.8) {
        out.push(
          `<circle cx="${x}" cy="${y}" r="${round((3.5 + scene.random() * 3.5) * scene.s)}" fill="${fill}" opacity="0.9"/>`,
        );
      } else {
        const length = (20 + scene.random() * 14) * scene.s;
        out.push(
          `<path d="M${round(-length / 2)},0 q${round(length / 4)},${round(-length / 3)} ${round(length / 2)},0 t${round(length / 2)},0" transform="translate(${x} ${y}) rotate(${angle})" fill="none" stroke="${fill}" stroke-width="${round(3.2 * scene.s)}" stroke-linecap="round" opacity="0.9"/>`,
        );
      }
    }
    return out.join("");
  },

  mountains(scene) {
    const { w, h, s } = scene;
    const out: string[] = [];
    const sunX = w * (scene.random() < 0.5 ? 0.18 : 0.82);
    const sunY = h * 0.13;
    out.push(
      `<circle cx="${round(sunX)}" cy="${round(sunY)}" r="${round(34 * s)}" fill="${scene.light}" opacity="0.35"/>`,
      `<circle cx="${round(sunX)}" cy="${round(sunY)}" r="${round(22 * s)}" fill="${scene.light}" opacity="0.9"/>`,
    );
    const ranges = [
      { base: 0.74, peak: 0.16, colour: mix(scene.top, scene.bottom, 0.55), opacity: 0.55, caps: true },
      { base: 0.82, peak: 0.13, colour: mix(scene.bottom, scene.accent, 0.25), opacity: 0.75, caps: false },
      { base: 0.9, peak: 0.08, colour: mix(scene.bottom, "#000000", 0.25), opacity: 0.85, caps: false },
    ];
    for (const range of ranges) {
      const peaks: { x: number; y: number }[] = [];
      let x = -w * 0.1;
      while (x < w * 1.1) {
        const step = w * (0.14 + scene.random() * 0.14);
        peaks.push({ x: x + step / 2, y: h * (range.base - range.peak * (0.35 + scene.random() * 0.65)) });
        x += step;
      }
      const points = [`0,${h}`, `${round(-w * 0.1)},${round(h * range.base)}`];
      for (let index = 0; index < peaks.length; index++) {
        const peak = peaks[index] as { x: number; y: number };
        const next = peaks[index + 1];
        points.push(`${round(peak.x)},${round(peak.y)}`);
        if (next) points.push(`${round((peak.x + next.x) / 2)},${round(h * range.base - h * 0.01)}`);
      }
      points.push(`${round(w * 1.1)},${round(h * range.base)}`, `${w},${h}`);
      out.push(`<polygon points="${points.join(" ")}" fill="${range.colour}" opacity="${range.opacity}"/>`);
      if (range.caps) {
        for (const peak of peaks) {
          const capH = h * 0.035;
          const capW = capH * 1.1;
          out.push(
            `<path d="M${round(peak.x)},${round(peak.y)} L${round(peak.x + capW)},${round(peak.y + capH)} L${round(peak.x + capW * 0.3)},${round(peak.y + capH * 0.75)} L${round(peak.x - capW * 0.25)},${round(peak.y + capH * 0.95)} L${round(peak.x - capW)},${round(peak.y + capH)}Z" fill="#fff" opacity="0.8"/>`,
          );
        }
      }
    }
    out.push(dots(scene, count(scene, 14), "#ffffff", 0.6, 1.8));
    return out.join("");
  },
};

// --- shapes ------------------------------------------------------------------------------------

function starPath(outer: number, inner: number): string {
  const points: string[] = [];
  for (let index = 0; index < 10; index++) {
    const radius = index % 2 ? inner : outer;
    const angle = (index * Math.PI) / 5 - Math.PI / 2;
    points.push(`${round(Math.cos(angle) * radius)},${round(Math.sin(angle) * radius)}`);
  }
  return `M${points.join(" L")}Z`;
}

function sparklePath(size: number): string {
  const k = round(size * 0.18);
  const n = round(size);
  return `M0,${-n} Q${k},${-k} ${n},0 Q${k},${k} 0,${n} Q${-k},${k} ${-n},0 Q${-k},${-k} 0,${-n}Z`;
}

function heartPath(size: number): string {
  const u = (value: number) => round(value * size);
  return `M0,${u(0.9)} C${u(-1.5)},${u(-0.1)} ${u(-0.85)},${u(-1.25)} 0,${u(-0.45)} C${u(0.85)},${u(-1.25)} ${u(1.5)},${u(-0.1)} 0,${u(0.9)}Z`;
}

function leafPath(length: number): string {
  const u = (value: number) => round(value * length);
  return `M0,${u(-1)} C${u(0.75)},${u(-0.6)} ${u(0.7)},${u(0.45)} 0,${u(1)} C${u(-0.7)},${u(0.45)} ${u(-0.75)},${u(-0.6)} 0,${u(-1)}Z`;
}

function snowflakePath(size: number): string {
  const parts: string[] = [];
  for (let arm = 0; arm < 6; arm++) {
    const angle = (arm * Math.PI) / 3;
    const ex = Math.cos(angle) * size;
    const ey = Math.sin(angle) * size;
    parts.push(`M0,0 L${round(ex)},${round(ey)}`);
    const bx = Math.cos(angle) * size * 0.58;
    const by = Math.sin(angle) * size * 0.58;
    for (const side of [-1, 1]) {
      const branch = angle + side * (Math.PI / 4);
      parts.push(
        `M${round(bx)},${round(by)} L${round(bx + Math.cos(branch) * size * 0.32)},${round(by + Math.sin(branch) * size * 0.32)}`,
      );
    }
  }
  return parts.join(" ");
}

/** A flame tongue standing on (0,0), leaning one way. */
function flamePath(width: number, height: number, lean: -1 | 1): string {
  const half = width / 2;
  const tipX = lean * width * 0.18;
  return [
    `M${round(-half)},0`,
    `C${round(-half * 1.05)},${round(-height * 0.45)} ${round(-half * 0.2 + tipX * 0.5)},${round(-height * 0.6)} ${round(tipX)},${round(-height)}`,
    `C${round(half * 0.35 + tipX * 0.3)},${round(-height * 0.55)} ${round(half * 1.1)},${round(-height * 0.4)} ${round(half)},0Z`,
  ].join(" ");
}

function wavePath(w: number, h: number, baseY: number, amplitude: number, length: number, phase: number) {
  return `${waveLine(w, baseY, amplitude, length, phase)} L${w},${h} L0,${h}Z`;
}

function waveLine(w: number, baseY: number, amplitude: number, length: number, phase: number): string {
  let x = -phase;
  const parts = [`M${round(x)},${round(baseY)}`];
  let up = true;
  while (x < w) {
    const half = length / 2;
    parts.push(`q${round(half / 2)},${round(up ? -amplitude * 2 : amplitude * 2)} ${round(half)},0`);
    x += half;
    up = !up;
  }
  return parts.join(" ");
}

function dots(scene: Scene, amount: number, fill: string, maxOpacity: number, maxRadius: number): string {
  return scatter(scene, amount, 4)
    .map(
      (p) =>
        `<circle cx="${round(p.x)}" cy="${round(p.y)}" r="${round((0.8 + scene.random() * maxRadius) * scene.s)}" fill="${fill}" opacity="${opacity(scene, 0.3, maxOpacity)}"/>`,
    )
    .join("");
}

// --- placement -----------------------------------------------------------------------------------

/** Amount of pieces for the picture's area, tuned at 480×600. */
function count(scene: Scene, at480x600: number): number {
  return Math.max(4, Math.round((at480x600 * scene.w * scene.h) / (480 * 600)));
}

/**
 * Up to `amount` points spread over the picture (dart throwing with a minimum spacing), none in the
 * calm ring around the portrait circle.
 */
function scatter(scene: Scene, amount: number, spacing: number): { x: number; y: number }[] {
  const { w, h, s, circle } = scene;
  const calm = circle.r * 1.22 + spacing * s * 0.5;
  const gap = spacing * s;
  const points: { x: number; y: number }[] = [];
  for (let attempt = 0; attempt < amount * 30 && points.length < amount; attempt++) {
    const x = scene.random() * w;
    const y = scene.random() * h;
    if (Math.hypot(x - circle.cx, y - circle.cy) < calm) continue;
    if (points.some((p) => Math.hypot(p.x - x, p.y - y) < gap)) continue;
    points.push({ x, y });
  }
  return points;
}

function pick<T>(scene: Scene, items: readonly T[]): T {
  return items[Math.floor(scene.random() * items.length)] as T;
}

function opacity(scene: Scene, min: number, max: number): number {
  return round(min + scene.random() * (max - min), 100);
}

// --- colour and text ---------------------------------------------------------------------------

function rotateHue(colour: string, degrees: number): string {
  const [r, g, b] = rgb(colour).map((value) => value / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const lightness = (max + min) / 2;
  const delta = max - min;
  if (delta === 0) return hex([r * 255, g * 255, b * 255]);
  const saturation = delta / (1 - Math.abs(2 * lightness - 1));
  let hue = max === r ? ((g - b) / delta) % 6 : max === g ? (b - r) / delta + 2 : (r - g) / delta + 4;
  hue = (((hue * 60 + degrees) % 360) + 360) % 360;
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const second = chroma * (1 - Math.abs(((hue / 60) % 2) - 1));
  const base = lightness - chroma / 2;
  const sector = Math.floor(hue / 60);
  const [r1, g1, b1] = (
    [
      [chroma, second, 0],
      [second, chroma, 0],
      [0, chroma, second],
      [0, second, chroma],
      [second, 0, chroma],
      [chroma, 0, second],
    ] as const
  )[sector] ?? [chroma, second, 0];
  return hex([(r1 + base) * 255, (g1 + base) * 255, (b1 + base) * 255]);
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function round(value: number, precision = 10): number {
  return Math.round(value * precision) / precision;
}

function checkSize(width: number, height: number): { width: number; height: number } {
  for (const [name, value] of [
    ["width", width],
    ["height", height],
  ] as const) {
    if (!Number.isInteger(value) || value < 16 || value > 4096) {
      throw new RangeError(`The art's ${name} is a whole number of pixels from 16 to 4096: ${value}.`);
    }
  }
  return { width, height };
}

function svgDocument(width: number, height: number, defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${defs}${body}</svg>`;
}
