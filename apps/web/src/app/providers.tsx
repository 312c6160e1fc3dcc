import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { familyErrorCodes } from "@wonderkin/contract/rules";
import type { ReactNode } from "react";
import { signOutIfSessionEnded } from "@/entities/session/session-ended";
import { AttributionRunner } from "@/features/attribution/lib/use-attribution";
import { ApiError } from "@/lib/api-error";
import { createQueryClient } from "@/lib/query-client";
import { LazyToaster } from "./lazy-toaster";

export function createAppQueryClient() {
  const queryClient = createQueryClient({
    onError: (error) => {
      signOutIfSessionEnded(error);
      if (error instanceof ApiError && error.code === familyErrorCodes.notAFamilyMember)
        void import("./recover-lost-family").then((module) => module.recoverAndSaySo(queryClient));
    },
  });
  return queryClient;
}

/** The app's providers, around the query client made once for the page (main.tsx). */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AttributionRunner />
      {children}
      <LazyToaster />
    </QueryClientProvider>
  );
}
