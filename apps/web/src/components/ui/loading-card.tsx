import { cn } from "@/lib/cn";
import { Card } from "./card";
import { Spinner } from "./spinner";

/** A card-shaped placeholder while a page's data loads. */
export function LoadingCard({ label, className }: { label: string; className?: string }) {
  return (
    <Card className={cn("grid min-h-56 place-items-center", className)} aria-busy="true">
      <Spinner label={label} />
    </Card>
  );
}
