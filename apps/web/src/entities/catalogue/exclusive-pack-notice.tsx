import { Lock } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { paths } from "@/config/paths";
import { cn } from "@/lib/cn";

/**
 * Why some styles are locked (they belong to the exclusive packs of the top plan), with the way to
 * the plans. Shown above a grid of styles, in the catalogue and in the studio's style picker.
 */
export function ExclusivePackNotice({
  children,
  id,
  className,
}: {
  children: ReactNode;
  /** For the locked tiles' aria-describedby. */
  id?: string;
  className?: string;
}) {
  return (
    <p
      id={id}
      className={cn(
        "flex flex-wrap items-center gap-x-1.5 gap-y-1 rounded-2xl bg-night-900 px-4 py-3 text-sm text-white",
        className,
      )}
    >
      <Lock className="size-4 shrink-0 text-accent-400" aria-hidden />
      {children}
      <Link
        to={`${paths.selectPlan}?changePlan=1`}
        className="font-bold text-accent-400 underline-offset-4 hover:underline"
      >
        See the plans
      </Link>
    </p>
  );
}
