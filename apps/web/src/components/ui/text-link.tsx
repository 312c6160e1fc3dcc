import { Link, type LinkProps } from "react-router";
import { cn } from "@/lib/cn";

export const textLinkClass =
  "rounded-sm font-semibold text-primary-700 underline-offset-4 hover:underline focus-visible:underline";

/** An in-app link inside running text. */
export function TextLink({ className, ...props }: LinkProps) {
  return <Link className={cn(textLinkClass, className)} {...props} />;
}
