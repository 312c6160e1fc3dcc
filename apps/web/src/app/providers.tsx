import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Toaster, toast } from "sonner";
import { toastDurationMs } from "@/config/app";
import { AttributionRunner } from "@/lib/attribution/use-attribution";
import { createQueryClient } from "@/lib/query-client";
import { recoverFromLostFamily } from "@/lib/session/current-family";

function createAppQueryClient() {
  const queryClient = createQueryClient({
    onError: (error) =>
      recoverFromLostFamily(queryClient, error, (family) =>
        toast.info(
          family
            ? `You're no longer a member of that family, so we switched you to ${family.name}.`
            : "You're no longer a member of that family, so we switched you to your own.",
          { id: "family-lost" },
        ),
      ),
  });
  return queryClient;
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createAppQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AttributionRunner />
      {children}
      <Toaster position="top-right" duration={toastDurationMs} richColors closeButton />
    </QueryClientProvider>
  );
}
