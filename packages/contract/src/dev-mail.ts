import { z } from "zod";
import { emailSchema } from "./auth";
import { defineEndpoint } from "./endpoint";

/** A message from the local outbox, as the dev mailbox and e2e tests read it. */
export const outboxMessageSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  // Free text rather than an enum: the outbox keeps whatever kinds older builds stored.
  kind: z.string(),
  link: z.string().nullable(),
  text: z.string(),
  createdAt: z.iso.datetime(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/**
 * Development only: registered while the local outbox mailer is active, so sign-up and sign-in
 * links can be followed without a mail server. Newest first, at most 50.
 */
export const listOutboxEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/dev/outbox",
  request: z.object({ to: emailSchema.optional() }),
  response: z.object({ messages: z.array(outboxMessageSchema) }),
});
