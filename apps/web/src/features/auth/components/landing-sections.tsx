import { Camera, Check, ShieldCheck, Sparkles, Wand2 } from "lucide-react";
import { CatalogueArt } from "@/entities/catalogue/catalogue-art";
import { cn } from "@/lib/cn";
import {
  dayCount,
  type FaqItem,
  type LandingSample,
  landingSamples,
  landingSteps,
  type PlanBrief,
  planBriefs,
} from "../lib/landing-content";

/** The landing's story below the sign-up form: how it works, samples, plans, privacy and a FAQ. */

const stepIcons = [Camera, Wand2, Sparkles] as const;

function SectionHeading({ id, kicker, title }: { id: string; kicker: string; title: string }) {
  return (
    <div className="mb-8 max-w-2xl">
      <p className="text-sm font-bold tracking-wide text-primary-600 uppercase">{kicker}</p>
      <h2 id={id} className="mt-2 font-display text-3xl leading-tight text-ink sm:text-4xl">
        {title}
      </h2>
    </div>
  );
}

export function HowItWorks() {
  return (
    <section aria-labelledby="how-it-works" className="mx-auto max-w-6xl px-5 py-16 sm:px-10">
      <SectionHeading id="how-it-works" kicker="How it works" title="Three steps to a gallery of portraits" />
      <ol className="grid gap-5 md:grid-cols-3">
        {landingSteps.map((step, index) => {
          const Icon = stepIcons[index] ?? Sparkles;
          return (
            <li key={step.title} className="rounded-card bg-surface p-6 shadow-card ring-1 ring-line">
              <span className="flex items-center gap-3">
                <span className="grid size-11 place-items-center rounded-2xl bg-primary-50 text-primary-600">
                  <Icon className="size-5" aria-hidden />
                </span>
                <span className="text-sm font-bold text-muted">Step {index + 1}</span>
              </span>
              <h3 className="mt-4 text-lg font-extrabold text-ink">{step.title}</h3>
              <p className="mt-2 text-muted">{step.text}</p>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

export function SamplePortrait({ sample, className }: { sample: LandingSample; className?: string }) {
  return (
    <figure
      className={cn("overflow-hidden rounded-2xl bg-night-800 shadow-lift ring-1 ring-black/5", className)}
    >
      <CatalogueArt
        previewId={sample.styleId}
        src={sample.imagePath}
        art={{ gradient: ["#3b3070", "#1b1433"] }}
        alt={`${sample.title} style preview`}
        width={480}
        height={600}
        className="aspect-[4/5]"
      />
      <figcaption className="flex flex-col bg-surface px-3 py-2 leading-tight">
        <span className="truncate font-bold text-ink">{sample.title}</span>
        <span className="truncate text-xs font-semibold text-muted">{sample.category}</span>
      </figcaption>
    </figure>
  );
}

export function SamplePortraits() {
  return (
    <section aria-labelledby="sample-portraits" className="bg-primary-50/60 py-16">
      <div className="mx-auto max-w-6xl px-5 sm:px-10">
        <SectionHeading id="sample-portraits" kicker="Styles" title="Over 90 styles in a dozen categories" />
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
          {landingSamples.map((sample) => (
            <li key={sample.styleId}>
              <SamplePortrait sample={sample} />
            </li>
          ))}
        </ul>
        <p className="mt-5 text-sm text-muted">
          Style previews are illustrations; your portraits show your own child.
        </p>
      </div>
    </section>
  );
}

export function PlansInBrief({ briefs = planBriefs() }: { briefs?: PlanBrief[] }) {
  return (
    <section aria-labelledby="plans-in-brief" className="mx-auto max-w-6xl px-5 py-16 sm:px-10">
      <SectionHeading id="plans-in-brief" kicker="Plans" title="Try once, or make portraits every month" />
      <ul className="grid gap-5 md:grid-cols-3">
        {briefs.map((plan) => (
          <li
            key={plan.key}
            className={cn(
              "relative flex flex-col rounded-card bg-surface p-6 shadow-card",
              plan.popular ? "ring-2 ring-primary-500" : "ring-1 ring-line",
            )}
          >
            {plan.popular ? (
              <span className="absolute -top-3 left-6 rounded-full bg-primary-600 px-3 py-0.5 text-xs font-bold text-white">
                Most popular
              </span>
            ) : null}
            <h3 className="text-xl font-extrabold text-ink">{plan.name}</h3>
            <p className="mt-1 text-lg font-bold text-primary-700">{plan.price}</p>
            <p className="mt-2 text-muted">{plan.description}</p>
            <ul className="mt-4 flex flex-col gap-2 text-sm text-ink">
              {plan.features.map((feature) => (
                <li key={feature} className="flex items-start gap-2">
                  <Check className="mt-0.5 size-4 shrink-0 text-success-600" aria-hidden />
                  {feature}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      <p className="mt-5 text-sm text-muted">
        You choose a plan after creating your account. Prices in US dollars.
      </p>
    </section>
  );
}

export function PrivacyPromise({ trainingPhotosDays }: { trainingPhotosDays: number | null }) {
  const promises = [
    trainingPhotosDays === null
      ? "Training photos are deleted automatically after your child's model is trained."
      : `Training photos are deleted automatically ${dayCount(trainingPhotosDays)} after your child's model is trained.`,
    "Your child's photos are never used to train models for anyone else.",
    "Delete photos, portraits, a child or your whole account at any time, in a click.",
  ];
  return (
    <section aria-labelledby="privacy-promise" className="bg-night-900 py-16 text-white">
      <div className="mx-auto grid max-w-6xl gap-8 px-5 sm:px-10 md:grid-cols-[1fr_1.3fr] md:items-center">
        <div>
          <ShieldCheck className="size-10 text-accent-400" aria-hidden />
          <h2 id="privacy-promise" className="mt-4 font-display text-3xl leading-tight sm:text-4xl">
            Our privacy promise
          </h2>
          <p className="mt-3 text-white/75">
            Photos of children deserve the most care. Read every detail in our{" "}
            <a className="font-semibold text-white underline underline-offset-2" href="/privacy-policy">
              privacy policy
            </a>
            .
          </p>
        </div>
        <ul className="flex flex-col gap-4">
          {promises.map((promise) => (
            <li
              key={promise}
              className="flex items-start gap-3 rounded-2xl bg-white/8 p-4 ring-1 ring-white/15"
            >
              <Check className="mt-0.5 size-5 shrink-0 text-accent-400" aria-hidden />
              <span>{promise}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function Faq({ items }: { items: FaqItem[] }) {
  return (
    <section aria-labelledby="faq" className="mx-auto max-w-3xl px-5 py-16 sm:px-10">
      <SectionHeading id="faq" kicker="Questions" title="Frequently asked questions" />
      <div className="flex flex-col gap-3">
        {items.map((item) => (
          <details
            key={item.question}
            className="group rounded-2xl bg-surface p-5 shadow-card ring-1 ring-line"
          >
            <summary className="cursor-pointer list-none font-bold text-ink marker:content-none">
              <span className="flex items-center justify-between gap-4">
                {item.question}
                <span
                  aria-hidden
                  className="text-xl text-primary-600 transition-transform group-open:rotate-45"
                >
                  +
                </span>
              </span>
            </summary>
            <p className="mt-3 text-muted">{item.answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
