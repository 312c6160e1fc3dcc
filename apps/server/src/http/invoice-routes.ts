import { billingErrorCodes, billingMessages } from "@wonderkin/contract";
import type { FastifyInstance } from "fastify";
import { AppError } from "../lib/app-error";
import { isSignedPathValid } from "../lib/signed-url";
import type { Auth } from "../modules/auth/better-auth/create-auth";
import type { BillingMailDeps } from "../modules/billing/billing-deps";
import { invoicePdfPath } from "../modules/billing/invoice-links";
import { INVOICE_NUMBER_PATTERN } from "../modules/billing/invoice-number";
import { readInvoicePdf } from "../modules/billing/read-invoice-pdf";
import { requireVerifiedIdentity } from "./authenticate";

/**
 * An invoice's PDF (decision 0053), for its payer only: through the signed address the billing
 * history hands them (a plain link, which cannot carry the bearer token), or with their session.
 */
export function invoiceRoutes(deps: BillingMailDeps & { auth: Auth }) {
  return async (app: FastifyInstance) => {
    app.get<{ Params: { file: string }; Querystring: Record<string, string> }>(
      "/api/subscription/invoices/:file",
      async (request, reply) => {
        const number = request.params.file.replace(/\.pdf$/, "");
        if (!INVOICE_NUMBER_PATTERN.test(number)) {
          throw new AppError(404, billingErrorCodes.invoiceNotFound, billingMessages.invoiceNotFound);
        }
        const signed =
          request.query.signature !== undefined &&
          isSignedPathValid(deps.invoiceLinks.secret, invoicePdfPath(number), request.query);
        const userId = signed ? undefined : (await requireVerifiedIdentity(deps, request)).userId;
        const { pdf } = await readInvoicePdf(deps.db, { number, ...(userId ? { userId } : {}) });
        return (
          reply
            .type("application/pdf")
            .header("content-disposition", `attachment; filename="${number}.pdf"`)
            // Names and addresses: kept by nobody between the server and the parent.
            .header("cache-control", "private, no-store")
            .send(Buffer.from(pdf))
        );
      },
    );
  };
}
