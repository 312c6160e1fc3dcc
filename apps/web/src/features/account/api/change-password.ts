import { authClient } from "@/entities/session/auth-client";
import { storeSessionToken } from "@/entities/session/session-storage";

export type ChangePasswordResult =
  | { ok: true }
  | { ok: false; reason: "wrong-password" | "no-password" | "too-many" | "other"; message?: string };

/**
 * Changes the password and signs out every other device. Better Auth replaces this device's
 * session too; its new token is kept so this tab stays signed in.
 */
export async function changePassword(input: {
  currentPassword: string;
  newPassword: string;
}): Promise<ChangePasswordResult> {
  const { data, error } = await authClient.changePassword({ ...input, revokeOtherSessions: true });
  if (error) {
    if (error.code === "INVALID_PASSWORD" || error.code === "WRONG_PASSWORD")
      return { ok: false, reason: "wrong-password" };
    if (error.code === "CREDENTIAL_ACCOUNT_NOT_FOUND") return { ok: false, reason: "no-password" };
    if (error.status === 429) return { ok: false, reason: "too-many" };
    return { ok: false, reason: "other", ...(error.message ? { message: error.message } : {}) };
  }
  if (data?.token) storeSessionToken(data.token);
  return { ok: true };
}
