import { useQueryClient } from "@tanstack/react-query";
import { consentErrorCodes } from "@wonderkin/contract";
import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router";
import { ApiError } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { consentPath } from "../lib/flow-links";

const consentCodes: ReadonlySet<string> = new Set(Object.values(consentErrorCodes));

export function isConsentError(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 403 && consentCodes.has(error.code);
}

/**
 * The server refuses to add a child or take photos without consent to the current agreement
 * (CONSENT_REQUIRED, CONSENT_VERSION_OUTDATED). Such an answer sends the parent to the agreement,
 * with the server's reason, and back here afterwards. Returns whether it handled the error.
 */
export function useConsentGate() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  return useCallback(
    (error: unknown): boolean => {
      if (!isConsentError(error)) return false;
      // The record on this page is out of date: read it again.
      void queryClient.invalidateQueries({ queryKey: ["user"] });
      toast.info(error.message, { id: "consent-needed" });
      void navigate(consentPath(`${location.pathname}${location.search}`));
      return true;
    },
    [navigate, location.pathname, location.search, queryClient],
  );
}
