import { Hourglass } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";

/**
 * A registered route whose capability has not shipped yet. It says so plainly instead of pretending:
 * the route, its guard and its place in the navigation are real; the page body arrives with its feature.
 * `children` (a way forward that already works) is shown between the title and the notice.
 */
export function UpcomingPage({
  title,
  summary,
  children,
}: {
  title: string;
  summary: string;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-2xl">
      <h1 id="page-title" className="text-3xl font-semibold sm:text-4xl">
        {title}
      </h1>
      {children}
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
