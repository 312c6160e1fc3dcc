import type { BillingDetails } from "@wonderkin/contract";
import { z } from "zod";

const atMost = (max: number) => `Use at most ${max} characters.`;

/**
 * The billing details form: the contract's rules (billingDetailsSchema), with a message for each
 * limit a parent can reach. The request is checked against the contract again when it is sent.
 */
export const billingDetailsFormSchema = z.object({
  name: z.string().trim().min(1, "Enter the name for invoices.").max(120, atMost(120)),
  addressLine: z.string().trim().max(200, atMost(200)),
  city: z.string().trim().max(100, atMost(100)),
  postalCode: z.string().trim().max(20, atMost(20)),
  country: z
    .string()
    .trim()
    .regex(/^([A-Za-z]{2})?$/, "Use the two-letter country code (GB, US, DE…).")
    .transform((value) => value.toUpperCase()),
  taxId: z.string().trim().max(40, atMost(40)),
});

export type BillingDetailsFormInput = z.input<typeof billingDetailsFormSchema>;
export type BillingDetailsFormValues = z.output<typeof billingDetailsFormSchema>;

export const emptyBillingDetails: BillingDetails = {
  name: "",
  addressLine: "",
  city: "",
  postalCode: "",
  country: "",
  taxId: "",
};
