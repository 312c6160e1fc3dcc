import { z } from "zod";
import { emailSchema } from "./auth";
import { defineEndpoint } from "./endpoint";
import { familyRoleSchema } from "./family-permissions";

export { FAMILY_HEADER, familyErrorCodes } from "./rules/family-rules";

export const familyMessages = {
  organizationRequired: "Choose a family first: this request did not say which family it is for.",
  notAFamilyMember: "You are not a member of this family.",
  roleNotAllowed: "Your role in this family does not allow that.",
  lastOwner: "A family needs an owner. Make someone else an owner first, or delete the family.",
  memberNotFound: "That person is not a member of this family.",
  alreadyMember: "That person is already a member of this family.",
  alreadyInvited: "That address already has an invitation waiting. You can send it again from the list.",
  invitationNotFound: "This invitation is no longer valid. Ask for a new one.",
  invitationForAnotherEmail: "This invitation was sent to another e-mail address.",
  emailNotVerified: "Verify your e-mail address first: open the link we sent you, then try again.",
  confirmationMismatch: "Type the family's name exactly as shown to confirm.",
  pictureInvalid: "Use a JPEG, PNG or WebP picture of at most 5 MB.",
  pictureNotSuitable: "Please choose a picture where everyone is fully dressed, like everyday clothes.",
  familyLimitReached: "This family has reached its member limit.",
  spendingNotShared:
    "The family's plan pays only for its owner. Ask the owner to share the family's credits, or choose a plan of your own.",
} as const;

export const FAMILY_NAME_MAX_LENGTH = 60;
export const familyNameSchema = z
  .string()
  .trim()
  .min(1, "Give your family a name.")
  .max(FAMILY_NAME_MAX_LENGTH, `Use at most ${FAMILY_NAME_MAX_LENGTH} characters.`);

/** A picture as sent by the browser: a data URL of an image (the server re-encodes it). */
export const FAMILY_PICTURE_MAX_BYTES = 5 * 1024 * 1024;
export const familyPictureSchema = z
  .string()
  .max(Math.ceil((FAMILY_PICTURE_MAX_BYTES * 4) / 3) + 100, "Use a picture of at most 5 MB.")
  .regex(/^data:image\/[a-z0-9.+-]+;base64,[A-Za-z0-9+/=]+$/, "Send the picture as an image data URL.");

export const familySummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** A short-lived signed address of the family picture, or null. */
  pictureUrl: z.string().nullable(),
  role: familyRoleSchema,
  memberCount: z.number().int().positive(),
});
export type FamilySummary = z.infer<typeof familySummarySchema>;

export const familyMemberSchema = z.object({
  memberId: z.string(),
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  avatarUrl: z.string().nullable(),
  role: familyRoleSchema,
  joinedAt: z.iso.datetime(),
});
export type FamilyMember = z.infer<typeof familyMemberSchema>;

export const invitationStatusSchema = z.enum(["pending", "accepted", "rejected", "canceled", "expired"]);

export const pendingInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: familyRoleSchema,
  invitedBy: z.string(),
  expiresAt: z.iso.datetime(),
});
export type PendingInvitation = z.infer<typeof pendingInvitationSchema>;

/** What the invited person sees before joining: enough to decide, nothing about the children. */
export const invitationPreviewSchema = z.object({
  id: z.string(),
  familyName: z.string(),
  inviterName: z.string(),
  email: z.string(),
  role: familyRoleSchema,
  status: invitationStatusSchema,
  expiresAt: z.iso.datetime(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

const invitationIdRequest = z.object({ invitationId: z.string().min(1).max(200) });

/** The families the signed-in parent belongs to (for the switcher); needs no family header. */
export const listFamiliesEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/organization/list",
  request: z.object({}).optional(),
  response: z.object({ families: z.array(familySummarySchema) }),
});

/** Spec §7 /organization/getMembers: the family, its members, and (for those who manage) pending invitations. */
export const getMembersEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/organization/getMembers",
  // Any member: what it does concerns the caller's own membership or is what every member sees.
  family: { permission: null },
  request: z.object({}).optional(),
  response: z.object({
    family: familySummarySchema,
    you: z.object({ memberId: z.string(), role: familyRoleSchema }),
    members: z.array(familyMemberSchema),
    invitations: z.array(pendingInvitationSchema),
  }),
});

export const updateFamilyEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/organization/update",
  family: { permission: { resource: "organization", action: "update" } },
  request: z
    .object({ name: familyNameSchema.optional(), picture: familyPictureSchema.nullable().optional() })
    .refine((body) => body.name !== undefined || body.picture !== undefined, "Send a name or a picture."),
  response: familySummarySchema,
});

/**
 * Every address gets an invitation e-mail, accounts or not: joining needs the invitee's yes, and
 * the answer must not reveal whether the address has an account.
 */
export const addMemberEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/organization/member/add",
  family: { permission: { resource: "member", action: "create" } },
  request: z.object({ email: emailSchema, role: familyRoleSchema }),
  response: z.object({ outcome: z.literal("invited"), invitation: pendingInvitationSchema }),
});

export const changeMemberRoleEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/organization/member/role",
  family: { permission: { resource: "member", action: "update" } },
  request: z.object({ memberId: z.string().min(1).max(200), role: familyRoleSchema }),
  response: z.object({ member: familyMemberSchema }),
});

export const removeMemberEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/organization/member/delete",
  family: { permission: { resource: "member", action: "delete" } },
  request: z.object({ memberId: z.string().min(1).max(200) }),
  response: z.object({ removed: z.literal(true) }),
});

/** After deleting or leaving, the family the parent acts for next (they always keep one). */
const leftFamilyResponse = z.object({ nextFamilyId: z.string() });

export const deleteFamilyEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/organization/delete",
  family: { permission: { resource: "organization", action: "delete" } },
  request: z.object({ confirmName: z.string().max(200) }),
  response: leftFamilyResponse,
});

export const leaveFamilyEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/organization/leave",
  // Any member: what it does concerns the caller's own membership or is what every member sees.
  family: { permission: null },
  request: z.object({}).optional(),
  response: leftFamilyResponse,
});

export const resendInvitationEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/organization/invitation/resend",
  family: { permission: { resource: "invitation", action: "create" } },
  request: invitationIdRequest,
  response: z.object({ invitation: pendingInvitationSchema }),
});

export const revokeInvitationEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/organization/invitation/revoke",
  family: { permission: { resource: "invitation", action: "cancel" } },
  request: invitationIdRequest,
  response: z.object({ revoked: z.literal(true) }),
});

/** Readable without an account: the link in the e-mail is the credential to look. */
export const getInvitationEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/organization/invitation/get",
  request: invitationIdRequest,
  response: invitationPreviewSchema,
});

/** Invitations waiting for the signed-in parent's (verified) address. */
export const myInvitationsEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/organization/invitation/mine",
  request: z.object({}).optional(),
  response: z.object({ invitations: z.array(invitationPreviewSchema) }),
});

export const acceptInvitationEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/organization/invitation/accept",
  request: invitationIdRequest,
  response: z.object({ familyId: z.string() }),
});

export const declineInvitationEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/organization/invitation/decline",
  request: invitationIdRequest,
  response: z.object({ declined: z.literal(true) }),
});
