/** Colour and randomness helpers shared by the catalogue's vector art. */

const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Colours go into attributes unescaped, so only plain hex colours are accepted. */
export function checkColour(colour: string): string {
  if (!HEX_COLOUR.test(colour)) throw new Error(`Not a hex colour: ${colour}`);
  return colour.length === 4
    ? `#${colour[1]}${colour[1]}${colour[2]}${colour[2]}${colour[3]}${colour[3]}`.toLowerCase()
    : colour.toLowerCase();
}

export function rgb(colour: string): [number, number, number] {
  const hex = checkColour(colour);
  return [0, 2, 4].map((at) => Number.parseInt(hex.slice(1 + at, 3 + at), 16)) as [number, number, number];
}

export function hex(channels: readonly number[]): string {
  return `#${channels
    .map((value) =>
      Math.round(Math.min(255, Math.max(0, value)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

/** `a` blended toward `b` by `t` (0 → a, 1 → b). */
export function mix(a: string, b: string, t: number): string {
  const from = rgb(a);
  const to = rgb(b);
  return hex(from.map((value, index) => value + ((to[index] as number) - value) * t));
}

/** mulberry32: a tiny, fast, well-spread 32-bit PRNG — deterministic art needs no Math.random. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
