import type { SignInMethod } from "@wonderkin/contract";

const methodNames: Record<SignInMethod, string> = {
  password: "your password",
  "email-link": "an e-mail link",
  google: "Google",
  facebook: "Facebook",
};

/** The order people think of them in: what they typed, what they were mailed, then the providers. */
const order: readonly SignInMethod[] = ["password", "email-link", "google", "facebook"];

/**
 * The sign-in methods of an account, written for people: "Google", "your password or Google",
 * "your password, Google or Facebook". Empty when there are none.
 */
export function describeSignInMethods(methods: readonly SignInMethod[]): string {
  const names = order.filter((method) => methods.includes(method)).map((method) => methodNames[method]);
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;
}
