import type { billingDetails, PayerSnapshot, user } from "../../db/schema";

/**
 * The payer as an invoice names them: the name and address from the billing details collected at
 * checkout, else the account's name; the account's e-mail. One rule for the invoice issued with a
 * payment (decision 0053) and for the copy kept on a payment when its account is deleted (0019).
 */
export function payerSnapshot(
  account: Pick<typeof user.$inferSelect, "firstName" | "lastName" | "name" | "email">,
  details: typeof billingDetails.$inferSelect | null | undefined,
): PayerSnapshot {
  return {
    name: details?.name || `${account.firstName} ${account.lastName}`.trim() || account.name,
    email: account.email,
    addressLine: details?.addressLine ?? "",
    city: details?.city ?? "",
    postalCode: details?.postalCode ?? "",
    country: details?.country ?? "",
    taxId: details?.taxId ?? "",
  };
}
