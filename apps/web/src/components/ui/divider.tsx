import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

/** A hairline with a word in the middle ("or"), between two ways of doing the same thing. */
export function Divider({ children, className }: { children?: ReactNode; className?: string }) {
  return (
    <div className={cn("flex items-center gap-3 text-sm text-muted", className)}>
      <span aria-hidden className="h-px flex-1 bg-line" />
      {children}
      <span aria-hidden className="h-px flex-1 bg-line" />
    </div>
  );
}
