import type { QueryClient } from "@tanstack/react-query";
import type { FamilySummary } from "@wonderkin/contract";
import { familiesQueryKey, refreshFamilyData } from "./current-family";
import { type Session, sessionQueryKey } from "./get-session";
import { getUserQueryOptions } from "./get-user";
import { readOrganizationId, storeOrganizationId } from "./session-storage";

let recovery: Promise<void> | null = null;

/**
 * Loaded only when an answer says NOT_A_FAMILY_MEMBER (app/providers.tsx), which is rare: its code
 * stays off the first load. Such an answer means the parent was removed from the family this browser acts
 * for (or it was deleted): fall back to their default family and read everything again.
 * `onSwitched` receives the family now in use, for the UI to say so. Concurrent failures share one
 * recovery; if the server's default is that same family, nothing changes (no loop).
 */
export function recoverFromLostFamily(
  queryClient: QueryClient,
  onSwitched: (family: FamilySummary | undefined) => void,
): void {
  if (recovery) return;
  const lost = readOrganizationId();
  const userId = queryClient.getQueryData<Session>(sessionQueryKey)?.user.id;
  if (!lost || !userId) return;
  recovery = (async () => {
    storeOrganizationId(null);
    try {
      // With nothing stored, getUser stores the server's default family.
      await queryClient.fetchQuery({ ...getUserQueryOptions(userId), staleTime: 0 });
    } catch {
      storeOrganizationId(lost);
      return;
    }
    const next = readOrganizationId();
    if (!next || next === lost) {
      storeOrganizationId(lost);
      return;
    }
    await refreshFamilyData(queryClient);
    const families = queryClient.getQueryData<FamilySummary[]>(familiesQueryKey(userId));
    onSwitched(families?.find((family) => family.id === next));
  })().finally(() => {
    recovery = null;
  });
}
