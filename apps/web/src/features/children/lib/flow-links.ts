import { paths } from "@/config/paths";

export { withChild } from "@/entities/children/child-paths";

/** The consent page, which brings the parent back to `returnUrl` once they accepted. */
export function consentPath(returnUrl?: string): string {
  return returnUrl
    ? `${paths.consentAgreement}?${new URLSearchParams({ returnUrl })}`
    : paths.consentAgreement;
}
