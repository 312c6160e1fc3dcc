import { rgb } from "pdf-lib";

const hex = (value: string) =>
  rgb(
    Number.parseInt(value.slice(1, 3), 16) / 255,
    Number.parseInt(value.slice(3, 5), 16) / 255,
    Number.parseInt(value.slice(5, 7), 16) / 255,
  );

export const INK = hex("#1c1433");
export const MUTED = hex("#6e6787");
export const CREAM = hex("#fbf4e8");
export const ACCENT = hex("#6d4aff");
export const LAVENDER = hex("#e4dcff");
export const GOLD = hex("#f4b942");
export const WHITE = rgb(1, 1, 1);
