import { Crown, Rocket, Sparkles, Wand2 } from "lucide-react";
import { Logo } from "@/components/ui/logo";
import { cn } from "@/lib/cn";

const samples = [
  { icon: Rocket, title: "Astronaut", tone: "from-primary-500 to-night-700", tilt: "-rotate-6" },
  { icon: Wand2, title: "Fairy", tone: "from-accent-500 to-primary-500", tilt: "rotate-3" },
  { icon: Crown, title: "Young royalty", tone: "from-night-700 to-accent-600", tilt: "-rotate-2" },
];

/**
 * The night-sky side of the sign-in pages: what the product makes, in one glance. Large screens
 * only (from `lg`; smaller ones show the logo above the form instead).
 */
export function BrandPanel() {
  return (
    <aside className="relative isolate hidden flex-col justify-between overflow-hidden bg-night-900 p-10 text-white lg:flex">
      <div
        aria-hidden
        className="absolute inset-0 -z-10 bg-[radial-gradient(circle_at_20%_10%,#3b3070_0,transparent_55%),radial-gradient(circle_at_90%_80%,#5230cc55_0,transparent_50%)]"
      />
      <Stars />
      <Logo inverted />
      <div className="my-10 flex justify-center gap-4">
        {samples.map(({ icon: Icon, title, tone, tilt }) => (
          <figure
            key={title}
            className={cn(
              "flex h-44 w-32 flex-col justify-end rounded-2xl bg-gradient-to-br p-3 shadow-2xl ring-1 ring-white/15",
              tone,
              tilt,
            )}
          >
            <Icon className="mb-auto size-8 text-white/90" aria-hidden />
            <figcaption className="text-sm font-semibold">{title}</figcaption>
          </figure>
        ))}
      </div>
      <div>
        <p className="flex items-center gap-2 text-sm font-semibold text-accent-400">
          <Sparkles className="size-4" aria-hidden /> A magic studio for your child
        </p>
        <p className="mt-3 max-w-md font-display text-3xl leading-tight">
          Turn a few photos into portraits your child will treasure.
        </p>
        <p className="mt-3 max-w-md text-white/70">
          Their photos stay private to your family, and you can delete everything at any time.
        </p>
      </div>
    </aside>
  );
}

function Stars() {
  const stars = [
    [12, 18, 2],
    [78, 12, 1.5],
    [64, 34, 1],
    [30, 46, 1.5],
    [88, 52, 2],
    [8, 72, 1],
    [52, 64, 1.5],
    [72, 86, 1],
    [22, 90, 2],
  ] as const;
  return (
    <svg
      aria-hidden
      className="absolute inset-0 -z-10 size-full opacity-70"
      viewBox="0 0 100 100"
      preserveAspectRatio="none"
    >
      {stars.map(([x, y, r]) => (
        <circle key={`${x}-${y}`} cx={x} cy={y} r={r / 6} fill="#fff" />
      ))}
    </svg>
  );
}
