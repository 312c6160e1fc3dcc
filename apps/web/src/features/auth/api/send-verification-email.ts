import { sendVerificationEmailEndpoint } from "@wonderkin/contract";
import { callApi } from "@/lib/api-client";

/** Sends the signed-in user a new confirmation link (the server throttles repeats). */
export function sendVerificationEmail() {
  return callApi(sendVerificationEmailEndpoint, {});
}
