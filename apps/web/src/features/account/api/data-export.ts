import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type DataExport, dataExportStatusEndpoint, requestDataExportEndpoint } from "@wonderkin/contract";
import { callApi } from "@/lib/api-client";
import { exportPollInterval } from "../lib/data-export-view";

/** The parent's own data (not a family's): kept under "user", which a family switch leaves alone. */
export const dataExportQueryKey = (userId: string) => ["user", userId, "data-export"] as const;

/** Asks for a zip of everything about the parent; a job prepares it and e-mails the link. */
export function requestDataExport(): Promise<DataExport> {
  return callApi(requestDataExportEndpoint, {});
}

/** The newest export (with a fresh download address while it is ready), or null. */
export function getDataExportStatus(): Promise<DataExport | null> {
  return callApi(dataExportStatusEndpoint, {});
}

export function getDataExportStatusQueryOptions(userId: string) {
  return queryOptions({
    queryKey: dataExportQueryKey(userId),
    queryFn: getDataExportStatus,
    // Read again every 2 s while the zip is being prepared, then no more.
    refetchInterval: (query) => exportPollInterval(query.state.data),
  });
}

export function useDataExportStatus(userId: string) {
  return useQuery(getDataExportStatusQueryOptions(userId));
}

/**
 * Starts an export and shows it at once. When one is already being prepared (409, e.g. from
 * another tab) the status is read again, so the page shows that one's progress instead.
 */
export function useRequestDataExport(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestDataExport,
    onSuccess: (started) => queryClient.setQueryData(dataExportQueryKey(userId), started),
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: dataExportQueryKey(userId) });
    },
  });
}
