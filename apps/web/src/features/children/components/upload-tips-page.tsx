import {
  ArrowRight,
  Camera,
  Check,
  Glasses,
  ImageOff,
  Lightbulb,
  Sparkles,
  SunMedium,
  User,
  X,
} from "lucide-react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { paths } from "@/config/paths";
import { cn } from "@/lib/cn";
import { usePublicConfig } from "@/lib/public-config";
import { withChild } from "../lib/flow-links";
import { FlowSteps } from "./flow-steps";
import { type TipExample, tipExamples } from "./tip-illustrations";
import { useChildFlow } from "./use-child-flow";

/** What we suggest, before the server's limits are known. */
const SUGGESTED_MOST = 20;

function Example({ example }: { example: TipExample }) {
  const good = example.kind === "good";
  return (
    <li>
      <figure className="flex h-full flex-col overflow-hidden rounded-2xl bg-surface ring-1 ring-line">
        <div className={cn("relative p-2", good ? "bg-success-50" : "bg-danger-50")}>
          <example.Illustration />
          <span
            aria-hidden
            className={cn(
              "absolute top-4 right-4 grid size-8 place-items-center rounded-full text-white shadow-md ring-2 ring-white",
              good ? "bg-success-600" : "bg-danger-600",
            )}
          >
            {good ? (
              <Check className="size-4.5" strokeWidth={3} />
            ) : (
              <X className="size-4.5" strokeWidth={3} />
            )}
          </span>
        </div>
        <figcaption className="flex flex-1 flex-col gap-0.5 px-4 pt-3 pb-4">
          <span className="font-semibold text-ink">
            <span className="sr-only">{good ? "Good: " : "Leave out: "}</span>
            {example.title}
          </span>
          <span className="text-sm text-muted">{example.detail}</span>
        </figcaption>
      </figure>
    </li>
  );
}

/** /kids/upload-tips: what makes a good set of photos, with illustrated good and poor examples. */
export function UploadTipsPage() {
  const flow = useChildFlow();
  const config = usePublicConfig();
  const min = config.data?.photos.min ?? 10;
  const max = config.data?.photos.max ?? 30;
  const name = flow.child?.firstName ?? "your child";
  const possessive = flow.child ? `${flow.child.firstName}'s` : "your child's";

  const checklist = [
    {
      icon: Camera,
      title: `${min} to ${Math.min(SUGGESTED_MOST, max)} recent photos`,
      text: `From the last few months, so the portraits look like ${name} today. You can add up to ${max}.`,
    },
    { icon: User, title: `Only ${name}`, text: "No brothers, sisters, friends or grown-ups in the picture." },
    {
      icon: SunMedium,
      title: "Face clearly visible",
      text: "In focus and well lit, from the front or a little to the side.",
    },
    {
      icon: Sparkles,
      title: "Variety",
      text: "Different expressions, angles, clothes and backgrounds help the model learn the face, not the room.",
    },
    { icon: Glasses, title: "Nothing covering the face", text: "No sunglasses, hats, masks or face paint." },
    {
      icon: ImageOff,
      title: "No filters",
      text: "The photo as the camera took it: no beauty filters, stickers or heavy edits.",
    },
  ];

  const good = tipExamples.filter((example) => example.kind === "good");
  const bad = tipExamples.filter((example) => example.kind === "bad");
  const next = withChild(paths.uploadImages, flow.child?.id);

  return (
    <section className="mx-auto flex max-w-4xl flex-col gap-6">
      <FlowSteps current="tips" className="mx-auto w-full max-w-2xl" />
      <PageHeader
        icon={Lightbulb}
        tone="accent"
        title="Photos that make great portraits"
        description={`The model learns ${possessive} face from these photos, so a good set makes every portrait better. Picking them takes a few minutes.`}
      />

      <Card>
        <CardTitle size="md">What makes a good set</CardTitle>
        <ul className="mt-5 grid gap-x-8 gap-y-5 sm:grid-cols-2">
          {checklist.map((item) => (
            <li key={item.title} className="flex items-start gap-3">
              <span className="grid size-10 shrink-0 place-items-center rounded-full bg-primary-50 text-primary-700">
                <item.icon className="size-5" aria-hidden />
              </span>
              <span>
                <span className="block font-semibold text-ink">{item.title}</span>
                <span className="block text-sm text-muted">{item.text}</span>
              </span>
            </li>
          ))}
        </ul>
      </Card>

      <section aria-labelledby="good-examples" className="flex flex-col gap-3">
        <h2 id="good-examples" className="flex items-center gap-2 text-xl font-semibold">
          Photos that work <Badge tone="success">Use these</Badge>
        </h2>
        <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          {good.map((example) => (
            <Example key={example.id} example={example} />
          ))}
        </ul>
      </section>

      <section aria-labelledby="bad-examples" className="flex flex-col gap-3">
        <h2 id="bad-examples" className="flex items-center gap-2 text-xl font-semibold">
          Photos to leave out <Badge tone="warning">Skip these</Badge>
        </h2>
        <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
          {bad.map((example) => (
            <Example key={example.id} example={example} />
          ))}
        </ul>
      </section>

      <Card className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <CardTitle size="md">Ready when you are</CardTitle>
          <p className="mt-1 text-muted">
            Pick the photos on this device, or take new ones with your phone's camera.
          </p>
        </div>
        <Button asChild size="lg" className="shrink-0">
          <Link to={next}>
            Choose photos <ArrowRight aria-hidden />
          </Link>
        </Button>
      </Card>
    </section>
  );
}

export { UploadTipsPage as Component };
