import { Check } from "lucide-react";
import { cn } from "@/lib/cn";

const steps = [
  { id: "consent", label: "Consent" },
  { id: "child", label: "Your child" },
  { id: "tips", label: "Photo tips" },
  { id: "photos", label: "Photos" },
  { id: "training", label: "Training" },
] as const;

export type FlowStep = (typeof steps)[number]["id"];

/** Where the parent is in adding a child: consent, the child, tips, photos, training. */
export function FlowSteps({ current, className }: { current: FlowStep; className?: string }) {
  const index = steps.findIndex((step) => step.id === current);
  return (
    <nav aria-label="Adding your child" className={className}>
      <p className="text-sm font-semibold text-primary-700 sm:hidden">
        Step {index + 1} of {steps.length}: {steps[index]?.label}
      </p>
      <ol className="mt-2 flex items-center gap-1.5 sm:mt-0 sm:gap-2">
        {steps.map((step, position) => {
          const done = position < index;
          const here = position === index;
          return (
            <li
              key={step.id}
              aria-current={here ? "step" : undefined}
              className="flex min-w-0 flex-1 items-center gap-1.5 sm:gap-2"
            >
              <span
                className={cn(
                  "grid size-7 shrink-0 place-items-center rounded-full text-xs font-bold max-sm:size-2.5",
                  done && "bg-primary-600 text-white",
                  here && "bg-accent-500 text-night-950 ring-4 ring-accent-100 max-sm:ring-2",
                  !done && !here && "bg-surface text-muted ring-1 ring-line",
                )}
              >
                {done ? (
                  <Check className="size-3.5 max-sm:hidden" aria-hidden />
                ) : (
                  <span className="max-sm:hidden">{position + 1}</span>
                )}
              </span>
              <span
                className={cn(
                  "truncate text-sm max-sm:sr-only",
                  here ? "font-semibold text-ink" : "text-muted",
                )}
              >
                {step.label}
                {done ? <span className="sr-only"> (done)</span> : null}
              </span>
              {position < steps.length - 1 ? (
                <span
                  aria-hidden
                  className={cn("h-0.5 min-w-3 flex-1 rounded-full", done ? "bg-primary-600" : "bg-line")}
                />
              ) : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
