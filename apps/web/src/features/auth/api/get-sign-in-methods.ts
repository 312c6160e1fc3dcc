import { type SignInMethod, signInMethodsEndpoint } from "@wonderkin/contract";
import { callApi } from "@/lib/api-client";

/** The ways an address can sign in (spec §7): empty when no account uses it. */
export async function getSignInMethods(email: string): Promise<SignInMethod[]> {
  const { methods } = await callApi(signInMethodsEndpoint, { email });
  return methods;
}
