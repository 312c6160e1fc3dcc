import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { LoadProblem } from "@/components/ui/load-problem";
import { LoadingCard } from "@/components/ui/loading-card";

/**
 * What a page about a child shows before it knows the family's children: a loading card while
 * `pending`, or the load problem with a way to try again. Null once the children are there, so the
 * page goes on with its own cases:
 *
 *   const body = childrenLoadState({ pending, children }, "Loading your family") ?? <Page … />;
 */
export function childrenLoadState(
  {
    pending,
    children,
  }: { pending: boolean; children: Pick<UseQueryResult, "isError" | "error" | "isFetching" | "refetch"> },
  loadingLabel: string,
): ReactNode | null {
  if (pending) return <LoadingCard label={loadingLabel} />;
  if (children.isError) {
    return (
      <LoadProblem
        error={children.error}
        fallback="We couldn't load your family's children."
        retrying={children.isFetching}
        onRetry={() => void children.refetch()}
      />
    );
  }
  return null;
}
