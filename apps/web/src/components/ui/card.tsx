import type { HTMLAttributes } from "react";
import { cn } from "@/lib/cn";

// `cn` does not merge (decision 0036): what a caller would have overridden is an option here, and a
// caller's `className` adds only what the card does not set (layout, margins, a ring).
const paddings = {
  md: "p-6 sm:p-8",
  /** Denser cards: side panels, lists of photos. */
  sm: "p-5 sm:p-6",
  /** The content reaches the edges (a table, a whole-card link with its own padding). */
  none: "p-0 sm:p-0",
} as const;

const tones = {
  surface: "bg-surface",
  /** The night-sky card (white text is the caller's). */
  night: "bg-night-900",
  /** A card that asks for attention: a pale wash of the brand colour. */
  tinted: "bg-primary-50/70",
} as const;

export function Card({
  padding = "md",
  tone = "surface",
  className,
  ...props
}: HTMLAttributes<HTMLDivElement> & { padding?: keyof typeof paddings; tone?: keyof typeof tones }) {
  return (
    <div
      className={cn(
        "rounded-(--radius-card) shadow-(--shadow-card)",
        paddings[padding],
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}

const titleSizes = { lg: "text-2xl", md: "text-xl" } as const;

export function CardTitle({
  size = "lg",
  className,
  ...props
}: HTMLAttributes<HTMLHeadingElement> & { size?: keyof typeof titleSizes }) {
  return <h2 className={cn("font-semibold text-ink", titleSizes[size], className)} {...props} />;
}

export function CardDescription({ className, ...props }: HTMLAttributes<HTMLParagraphElement>) {
  return <p className={cn("mt-1.5 text-muted", className)} {...props} />;
}
