import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { recoverFromLostFamily } from "@/entities/session/current-family";
import { signOutIfSessionEnded } from "@/entities/session/session-ended";
import { AttributionRunner } from "@/features/attribution/lib/use-attribution";
import { createQueryClient } from "@/lib/query-client";
import { toast } from "@/lib/toast";
import { LazyToaster } from "./lazy-toaster";

function createAppQueryClient() {
  const queryClient = createQueryClient({
    onError: (error) => {
      signOutIfSessionEnded(error);
      recoverFromLostFamily(queryClient, error, (family) =>
        toast.info(
          family
            ? `You're no longer a member of that family, so we switched you to ${family.name}.`
            : "You're no longer a member of that family, so we switched you to your own.",
          { id: "family-lost" },
        ),
      );
    },
  });
  return queryClient;
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createAppQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AttributionRunner />
      {children}
      <LazyToaster />
    </QueryClientProvider>
  );
}
