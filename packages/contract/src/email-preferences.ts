import { z } from "zod";
import { defineEndpoint } from "./endpoint";

/**
 * E-mail preferences (decision 0068). Messages a parent asked for or needs (sign-in links,
 * receipts, deletion receipts, a book that is ready) always go; the ones the product sends of its
 * own accord on a schedule can be turned off, from the account or from a link in each of them that
 * works without signing in.
 */

/** The kinds of e-mail a parent can turn off. */
export const optionalEmailKinds = ["series-reminders"] as const;
export type OptionalEmailKind = (typeof optionalEmailKinds)[number];

export const emailPreferencesSchema = z.object({
  /** The yearly "grow with me" reminders. */
  seriesReminders: z.boolean(),
});
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;

/** The signed-in parent's preferences. */
export const emailPreferencesEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/email-preferences",
  request: z.object({}).optional(),
  response: emailPreferencesSchema,
});

export const updateEmailPreferencesEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/email-preferences/update",
  request: emailPreferencesSchema.partial(),
  response: emailPreferencesSchema,
});

/** Link tokens are long base64url strings; anything else is refused before it is checked. */
const unsubscribeTokenSchema = z
  .string()
  .min(20)
  .max(400)
  .regex(/^[\w.-]+$/);

/**
 * The link in an e-mail: works without signing in (the token is signed for one address and one
 * kind of e-mail). `subscribe: true` takes it back.
 */
export const unsubscribeEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/email-preferences/unsubscribe",
  request: z.object({ token: unsubscribeTokenSchema, subscribe: z.boolean().optional() }),
  response: z.object({
    kind: z.enum(optionalEmailKinds),
    /** The address, partly hidden (a link forwarded to someone else shows little). */
    email: z.string(),
    subscribed: z.boolean(),
  }),
});

/**
 * RFC 8058 one-click unsubscribe: the address in the List-Unsubscribe header, which mail apps POST
 * to with `List-Unsubscribe=One-Click` as a form. Not a JSON endpoint, so only its path is shared.
 */
export const oneClickUnsubscribePath = "/api/email-preferences/one-click";

export const emailPreferenceErrorCodes = { linkInvalid: "UNSUBSCRIBE_LINK_INVALID" } as const;
export const emailPreferenceMessages = {
  linkInvalid:
    "This unsubscribe link is not valid. Copy the whole link from the e-mail, or sign in to change your e-mails.",
} as const;

/** The web page an e-mail's unsubscribe link opens. */
export const unsubscribePagePath = "/email-preferences/unsubscribe";
