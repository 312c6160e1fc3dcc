import type { QueryClient } from "@tanstack/react-query";
import { parseChildIdSegment } from "@wonderkin/contract";
import type { LoaderFunctionArgs } from "react-router";
import {
  getActiveSubscriptionQueryOptions,
  getCreditsQueryOptions,
} from "@/entities/billing/billing-queries";
import { getFamilySpendingQueryOptions } from "@/entities/billing/family-spending";
import { getChildrenQueryOptions } from "@/entities/children/get-children";
import { getPreviewsQueryOptions } from "@/entities/previews/previews-api";
import { getFamiliesQueryOptions } from "@/entities/session/current-family";
import { getSessionQueryOptions } from "@/entities/session/get-session";
import { getUserQueryOptions } from "@/entities/session/get-user";
import { readOrganizationId } from "@/entities/session/session-storage";
import { prerenderedPageShown } from "@/lib/prerendered-page";
import { routeQueryClient } from "@/lib/route-query-client";
import { getGalleryFiltersQueryOptions, getGalleryQueryOptions } from "./gallery";
import { getShareLinksQueryOptions } from "./share-links";

/**
 * The studio's first queries, asked before it is first drawn when the page was served with their
 * answers (decision 0064), so that it is drawn once, with them (issue 32). Without this the studio
 * (and the guard and header above it) is drawn waiting, and then again as each answer arrives a
 * moment later: those second draws are synchronous (query results reach React through
 * useSyncExternalStore), so a phone spent one long blocking task on them. The router draws a loaded
 * route in a transition, which React can pause for input.
 *
 * On any later visit the studio opens at once and shows its queries loading, as every page does. A
 * query that fails here is left to the page, which asks again and shows its own error.
 */
export async function studioLoader({ params }: LoaderFunctionArgs): Promise<null> {
  const queryClient = routeQueryClient();
  const childId = parseChildIdSegment(params.childId);
  // Only for the page's first draw, over the server's copy of this studio (decision 0066): the copy
  // stays on screen until the app has its answers anyway, so asking them first costs nothing seen.
  if (!queryClient || childId === null || !prerenderedPageShown()) return null;
  await askFirstQueries(queryClient, childId);
  return null;
}

async function askFirstQueries(queryClient: QueryClient, childId: number): Promise<void> {
  const session = await queryClient.ensureQueryData(getSessionQueryOptions()).catch(() => null);
  const userId = session?.user.id;
  if (!userId) return;
  // The user record settles the family every product request acts for (get-user.ts).
  const user = await queryClient.ensureQueryData(getUserQueryOptions(userId)).catch(() => null);
  const familyId = readOrganizationId();
  if (!user?.emailVerified || !familyId) return;
  await Promise.allSettled([
    queryClient.ensureQueryData(getFamiliesQueryOptions(userId)),
    queryClient.ensureQueryData(getActiveSubscriptionQueryOptions(userId)),
    queryClient.ensureQueryData(getFamilySpendingQueryOptions(userId, familyId)),
    queryClient.ensureQueryData(getCreditsQueryOptions(queryClient, userId)),
    queryClient.ensureQueryData(getChildrenQueryOptions(familyId)),
    queryClient.ensureQueryData(getPreviewsQueryOptions(familyId, childId)),
    queryClient.ensureInfiniteQueryData(getGalleryQueryOptions(familyId, childId)),
    queryClient.ensureQueryData(getGalleryFiltersQueryOptions(familyId, childId)),
    queryClient.ensureQueryData(getShareLinksQueryOptions(familyId, childId)),
  ]);
}
