import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardDescription, CardTitle } from "./card";
import { IconBadge, type IconBadgeTone } from "./icon-badge";

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
        <CardTitle size="md">{title}</CardTitle>
        <CardDescription>{children}</CardDescription>
        {action ? <div className="mt-5 flex flex-wrap gap-3">{action}</div> : null}
      </div>
    </Card>
  );
}
