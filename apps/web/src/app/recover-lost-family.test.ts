// @vitest-environment jsdom

import { waitFor } from "@testing-library/react";
import { getUserEndpoint, listFamiliesEndpoint } from "@wonderkin/contract";
import { familyErrorCodes } from "@wonderkin/contract/rules";
import { afterEach, describe, expect, it, vi } from "vitest";
import { familiesQueryKey } from "@/entities/session/current-family";
import { sessionQueryKey } from "@/entities/session/get-session";
import { organizationIdKey } from "@/entities/session/session-storage";
import { ApiError, callApi } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { createAppQueryClient } from "./providers";

vi.mock("@/lib/api-client", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/api-client")>()),
  callApi: vi.fn(),
}));
vi.mock("@/lib/toast", () => ({ toast: { info: vi.fn(), error: vi.fn(), success: vi.fn() } }));

const ownFamily = { id: "family-own", name: "Ada's family", pictureUrl: null, role: "owner", memberCount: 1 };

afterEach(() => {
  localStorage.clear();
  vi.clearAllMocks();
});

describe("an answer that the parent left the family this browser acts for", () => {
  it("loads the recovery, switches to the parent's own family and says so", async () => {
    localStorage.setItem(organizationIdKey, "family-lost");
    vi.mocked(callApi).mockImplementation(async (endpoint) => {
      if (endpoint === getUserEndpoint) return { defaultOrganizationId: ownFamily.id } as never;
      if (endpoint === listFamiliesEndpoint) return { families: [ownFamily] } as never;
      throw new Error(`unexpected call to ${endpoint.path}`);
    });
    const queryClient = createAppQueryClient();
    queryClient.setQueryData(sessionQueryKey, { user: { id: "user-ada" }, token: "token" });
    queryClient.setQueryData(familiesQueryKey("user-ada"), [ownFamily]);

    const lost = new ApiError(403, familyErrorCodes.notAFamilyMember, "You are not in this family.");
    await queryClient
      .fetchQuery({
        queryKey: ["family", "family-lost", "children"],
        queryFn: () => Promise.reject(lost),
        retry: false,
      })
      .catch(() => undefined);

    await waitFor(() =>
      expect(toast.info).toHaveBeenCalledWith(
        "You're no longer a member of that family, so we switched you to Ada's family.",
        { id: "family-lost" },
      ),
    );
    expect(localStorage.getItem(organizationIdKey)).toBe(ownFamily.id);
    queryClient.clear();
  });

  it("is not loaded for any other failure", async () => {
    localStorage.setItem(organizationIdKey, "family-kept");
    const queryClient = createAppQueryClient();
    const other = new ApiError(404, "CHILD_NOT_FOUND", "No such child.");
    await queryClient
      .fetchQuery({
        queryKey: ["family", "family-kept", "child"],
        queryFn: () => Promise.reject(other),
        retry: false,
      })
      .catch(() => undefined);
    expect(callApi).not.toHaveBeenCalled();
    expect(localStorage.getItem(organizationIdKey)).toBe("family-kept");
    queryClient.clear();
  });
});
