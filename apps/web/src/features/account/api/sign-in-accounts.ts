import { queryOptions, useQuery } from "@tanstack/react-query";
import { authClient } from "@/entities/session/auth-client";

/** Better Auth's id for the e-mail and password way of signing in. */
const passwordProviderId = "credential";

/** Whether the signed-in parent has a password (rather than only Google, Facebook or e-mail links). */
export async function hasPassword(): Promise<boolean> {
  const { data, error } = await authClient.listAccounts();
  if (error) throw new Error(error.message ?? "Could not read how you sign in.");
  return (data ?? []).some((account) => account.providerId === passwordProviderId);
}

export function getHasPasswordQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ["user", userId, "has-password"],
    queryFn: hasPassword,
    staleTime: 60_000,
  });
}

export function useHasPassword(userId: string, enabled = true) {
  return useQuery({ ...getHasPasswordQueryOptions(userId), enabled });
}
