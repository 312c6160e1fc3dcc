import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Logo } from "@/components/ui/logo";
import { cn } from "@/lib/cn";

const tones = {
  primary: "bg-primary-100 text-primary-700",
  warning: "bg-warning-50 text-warning-700",
  danger: "bg-danger-50 text-danger-700",
};

/** A whole-page message (not found, error, offline): what happened, why it is safe, what to do. */
export function StatusScreen({
  icon: Icon,
  tone,
  eyebrow,
  title,
  children,
  action,
}: {
  icon: LucideIcon;
  tone: keyof typeof tones;
  eyebrow?: string;
  title: string;
  children: ReactNode;
  action: ReactNode;
}) {
  return (
    <main className="grid min-h-dvh place-items-center bg-canvas px-5">
      <div className="flex max-w-md flex-col items-center text-center">
        <Logo />
        <div className={cn("mt-10 grid size-16 place-items-center rounded-full", tones[tone])}>
          <Icon className="size-8" aria-hidden />
        </div>
        {eyebrow ? (
          <p className="mt-6 text-sm font-semibold tracking-wide text-primary-700 uppercase">{eyebrow}</p>
        ) : null}
        <h1 className={cn("text-3xl font-semibold", eyebrow ? "mt-2" : "mt-6")}>{title}</h1>
        <p className="mt-3 text-muted">{children}</p>
        <div className="mt-8">{action}</div>
      </div>
    </main>
  );
}
