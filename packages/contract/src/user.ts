import { z } from "zod";
import { emailSchema, passwordSchema, personNameSchema } from "./auth";
import { consentRecordSchema } from "./consent";
import { defineEndpoint } from "./endpoint";
import { familyMessages, familyPictureSchema } from "./family";
import { familyErrorCodes } from "./rules/family-rules";

/**
 * The user record of spec §3. `betterAuthUid` is "the provider user id, named with the identity
 * provider's name followed by Uid" (our identity provider is Better Auth).
 */
export const userRecordSchema = z.object({
  betterAuthUid: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  totalCredits: z.number().int(),
  /**
   * The parent's picture: a short-lived signed address of the one they uploaded, or the address a
   * social profile gave at sign-up (kept as it was; the web app shows initials for another site's).
   */
  avatarUrl: z.string().nullable(),
  /** The parent's personal family: the default `organization-id` of every product request. */
  defaultOrganizationId: z.string().nullable(),
  /** The parent's newest acceptance of the consent agreement (compare its version with the current one). */
  consent: consentRecordSchema.nullable(),
  createdAt: z.iso.datetime(),
});
export type UserRecord = z.infer<typeof userRecordSchema>;

/** getUser of spec §7; the optional names and avatar come from a social profile at first sign-in. */
export const getUserEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/user/get",
  request: z
    .object({
      first_name: z.string().trim().max(60).optional(),
      last_name: z.string().trim().max(60).optional(),
      avatar_url: z.url().max(2048).optional(),
    })
    .optional(),
  response: userRecordSchema,
});

export const updateUserEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/user/update",
  request: z.object({
    firstName: personNameSchema.optional(),
    lastName: z.string().trim().max(60).optional(),
  }),
  response: userRecordSchema,
});

/**
 * The parent's own picture (decision 0059) is an upload, refused with the same code and words as
 * the family picture's, since the same rule (JPEG, PNG or WebP, at most 5 MB) refuses both.
 */
export const userErrorCodes = { pictureInvalid: familyErrorCodes.pictureInvalid } as const;
export const userMessages = { pictureInvalid: familyMessages.pictureInvalid } as const;

/** Replaces the parent's picture; it travels like the family picture, as a data URL. */
export const uploadProfilePictureEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/user/picture",
  request: z.object({ picture: familyPictureSchema }),
  response: userRecordSchema,
});

/** Removes the parent's picture, whether uploaded or from a social profile. */
export const removeProfilePictureEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/user/picture/remove",
  request: z.object({}).optional(),
  response: userRecordSchema,
});

/** getUserVerificationStatus of spec §7. */
export const verificationStatusEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/user/verification-status",
  request: z.object({}).optional(),
  response: z.object({ emailVerified: z.boolean() }),
});

/** Changing the e-mail needs the current password; the new address is verified before it counts. */
export const changeEmailEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/user/change-email",
  request: z.object({ newEmail: emailSchema, currentPassword: passwordSchema }),
  response: z.object({ sent: z.literal(true), email: z.string() }),
});
