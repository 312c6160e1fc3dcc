import { LinkIcon } from "lucide-react";
import type { ReactNode } from "react";
import { PageHeader } from "@/components/ui/page-header";

/**
 * The page a parent sees when an e-mailed link cannot be used (expired, used, or for another
 * address): what happened, in their words, and what to do next.
 */
export function LinkProblem({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-7">
      <PageHeader icon={LinkIcon} tone="danger" focusOnMount title={title} description={description} />
      {children}
    </div>
  );
}
