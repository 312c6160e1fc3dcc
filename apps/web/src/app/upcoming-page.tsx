import { Hourglass } from "lucide-react";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";

/**
 * A registered route whose capability has not shipped yet. It says so plainly instead of pretending:
 * the route, its guard and its place in the navigation are real; the page body arrives with its feature.
 */
export function UpcomingPage({ title, summary }: { title: string; summary: string }) {
  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-2xl">
      <h1 id="page-title" className="text-3xl font-semibold sm:text-4xl">
        {title}
      </h1>
      <Card className="mt-6 flex items-start gap-4">
        <div className="grid size-11 shrink-0 place-items-center rounded-full bg-accent-100 text-accent-600">
          <Hourglass className="size-5" aria-hidden />
        </div>
        <div>
          <CardTitle className="text-lg">Opening soon</CardTitle>
          <CardDescription>{summary}</CardDescription>
        </div>
      </Card>
    </section>
  );
}
