import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { IconBadge, type IconBadgeTone } from "@/components/ui/icon-badge";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/cn";

/** A card-shaped placeholder while a page's data loads. */
export function LoadingCard({ label, className }: { label: string; className?: string }) {
  return (
    <Card className={cn("grid min-h-56 place-items-center", className)} aria-busy="true">
      <Spinner label={label} />
    </Card>
  );
}

/** A card that says where things stand and what to do next. */
export function NoticeCard({
  icon,
  tone = "primary",
  title,
  children,
  action,
}: {
  icon: LucideIcon;
  tone?: IconBadgeTone;
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Card className="flex flex-col items-start gap-4 sm:flex-row sm:gap-5">
      <IconBadge icon={icon} tone={tone} />
      <div className="min-w-0 flex-1">
        <CardTitle className="text-xl">{title}</CardTitle>
        <CardDescription>{children}</CardDescription>
        {action ? <div className="mt-5 flex flex-wrap gap-3">{action}</div> : null}
      </div>
    </Card>
  );
}
