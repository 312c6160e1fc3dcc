import type { QueryClient } from "@tanstack/react-query";
import { recoverFromLostFamily } from "@/entities/session/lost-family";
import { toast } from "@/lib/toast";

/**
 * After an answer said the parent is no longer in the family this browser acts for: back to a
 * family they are in, and a word about it. Loaded only then (app/providers.tsx).
 */
export function recoverAndSaySo(queryClient: QueryClient): void {
  recoverFromLostFamily(queryClient, (family) =>
    toast.info(
      family
        ? `You're no longer a member of that family, so we switched you to ${family.name}.`
        : "You're no longer a member of that family, so we switched you to your own.",
      { id: "family-lost" },
    ),
  );
}
