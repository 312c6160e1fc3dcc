/**
 * `@wonderkin/contract/rules`: the contract's constants, messages and rules as plain values and
 * functions, without zod. The public pages (sign-in, sign-up, the privacy policy) and the app shell
 * import this entry, so that their first load does not carry zod (decision 0036); the zod schemas
 * of the main entry are made of the same values, so every rule stays in one place.
 * rules-entry.test.ts keeps zod out of it.
 */

export * from "./analytics-rules";
export * from "./api-paths";
export * from "./auth-rules";
export * from "./child-rules";
export * from "./error-codes";
export * from "./family-rules";
export * from "./first-answers";
export * from "./plans-data";
export * from "./portrait-pictures";
