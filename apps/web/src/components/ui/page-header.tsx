import type { LucideIcon } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { cn } from "@/lib/cn";
import { IconBadge, type IconBadgeTone } from "./icon-badge";

type PageHeaderProps = {
  title: string;
  description?: ReactNode;
  icon?: LucideIcon;
  tone?: IconBadgeTone;
  /**
   * Moves focus to the heading when it appears: for a view that replaces another in place (a form
   * that becomes "Check your inbox"), so screen readers hear the new state.
   */
  focusOnMount?: boolean;
  className?: string;
};

/** The page's one h1, with an optional icon and a line of explanation. */
export function PageHeader({
  title,
  description,
  icon,
  tone,
  focusOnMount = false,
  className,
}: PageHeaderProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) headingRef.current?.focus();
  }, [focusOnMount]);
  return (
    <header className={cn("flex flex-col gap-2", className)}>
      {icon ? <IconBadge icon={icon} tone={tone} className="mb-3" /> : null}
      <h1
        ref={headingRef}
        tabIndex={focusOnMount ? -1 : undefined}
        className="text-3xl font-semibold tracking-tight text-ink focus:outline-none sm:text-[2.15rem]"
      >
        {title}
      </h1>
      {description ? <div className="text-[0.975rem] leading-relaxed text-muted">{description}</div> : null}
    </header>
  );
}
