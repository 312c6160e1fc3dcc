import { Slot } from "@radix-ui/react-slot";
import { cva, type VariantProps } from "class-variance-authority";
import { Loader2 } from "lucide-react";
import type { ButtonHTMLAttributes } from "react";
import { cn } from "@/lib/cn";

/** The variants drawn as a filled or outlined pill, which take their height from the size. */
const pills = [
  "primary",
  "accent",
  "secondary",
  "secondary-danger",
  "ghost",
  "ghost-danger",
  "danger",
  "bare",
] as const;

// Each CSS property comes from one place only (`cn` does not merge, decision 0036): the shape and
// colours from the variant, the height, side padding and text from the size, and the options below
// replace what the size would give rather than being added after it.
const buttonVariants = cva(
  "items-center justify-center gap-2 font-semibold transition-colors disabled:pointer-events-none disabled:opacity-60 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        primary: "rounded-full bg-primary-600 text-white shadow-sm hover:bg-primary-700",
        accent: "rounded-full bg-accent-500 text-night-950 shadow-sm hover:bg-accent-400",
        secondary: "rounded-full bg-surface text-ink ring-1 ring-line ring-inset hover:bg-primary-50",
        /** A secondary button for a destructive action beside others (removing a photo). */
        "secondary-danger":
          "rounded-full bg-surface text-danger-700 ring-1 ring-line ring-inset hover:bg-primary-50",
        ghost: "rounded-full text-ink hover:bg-primary-50",
        /** A quiet destructive action (remove, delete) in a list or a settings card. */
        "ghost-danger": "rounded-full text-danger-700 hover:bg-danger-50",
        danger: "rounded-full bg-danger-600 text-white hover:bg-danger-700",
        /** The shape only: the caller gives the text and hover colours (on a dark banner, a muted icon). */
        bare: "rounded-full",
        /** Text that acts: as tall as its line, whatever the size (which gives its text and padding). */
        link: "h-auto rounded-none text-primary-700 underline-offset-4 hover:underline",
        /** A link inside a warning. */
        "link-warning": "h-auto rounded-none text-warning-700 underline-offset-4 hover:underline",
      },
      size: {
        sm: "text-sm [&_svg]:size-4",
        md: "text-[0.95rem] [&_svg]:size-4",
        lg: "text-base [&_svg]:size-4",
        /** The large button with body-sized text and larger logos: "Continue with Google". */
        brand: "text-[0.95rem] [&_svg]:size-5",
        icon: "size-10 [&_svg]:size-4",
        "icon-sm": "size-9 [&_svg]:size-4",
      },
      /** Side padding: the size's, a tighter one (narrow tiles), or none (a link flush with text). */
      padding: { size: "", tight: "px-3", none: "px-0" },
      block: { true: "w-full", false: "" },
      /** A long label wraps onto more lines: the button grows from the size's height. */
      wrap: { true: "h-auto text-center whitespace-normal", false: "whitespace-nowrap" },
      /** Shown on phones only (a narrow or a touch screen), e.g. "Take a photo". */
      phoneOnly: { true: "hidden max-sm:inline-flex pointer-coarse:inline-flex", false: "inline-flex" },
    },
    compoundVariants: [
      { variant: [...pills], wrap: false, size: "sm", class: "h-9" },
      { variant: [...pills], wrap: false, size: "md", class: "h-11" },
      { variant: [...pills], wrap: false, size: ["lg", "brand"], class: "h-13" },
      { wrap: true, size: "sm", class: "min-h-9 py-1.5 leading-snug" },
      { wrap: true, size: "md", class: "min-h-11 py-2" },
      { wrap: true, size: ["lg", "brand"], class: "min-h-13 py-2.5" },
      { padding: "size", size: "sm", class: "px-4" },
      { padding: "size", size: "md", class: "px-5" },
      { padding: "size", size: ["lg", "brand"], class: "px-7" },
    ],
    defaultVariants: {
      variant: "primary",
      size: "md",
      padding: "size",
      block: false,
      wrap: false,
      phoneOnly: false,
    },
  },
);

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> &
  VariantProps<typeof buttonVariants> & {
    /** Render the child element (e.g. a router Link) with button styles. */
    asChild?: boolean;
    /** Shows a spinner and blocks clicks while an action runs. */
    pending?: boolean;
  };

/**
 * `className` adds to the button (margins, placement, flex behaviour); it must not restate what a
 * variant, size or option above already sets: pick another option instead.
 */
export function Button({
  className,
  variant,
  size,
  padding,
  block,
  wrap,
  phoneOnly,
  asChild = false,
  pending = false,
  children,
  disabled,
  type,
  ...props
}: ButtonProps) {
  const classes = cn(buttonVariants({ variant, size, padding, block, wrap, phoneOnly }), className);
  if (asChild) {
    return (
      <Slot className={classes} {...props}>
        {children}
      </Slot>
    );
  }
  return (
    <button
      type={type ?? "button"}
      className={classes}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      {...props}
    >
      {pending ? <Loader2 className="animate-spin" aria-hidden /> : null}
      {children}
    </button>
  );
}
