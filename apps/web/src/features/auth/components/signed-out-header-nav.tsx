import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";

/**
 * The header's ways in for a visitor. Kept apart from the account menu so that a signed-out page
 * with the app layout (the privacy policy) shows them without loading the signed-in header's chunk,
 * whose queries bring the contract's schemas (zod) with them (decision 0036).
 */
export function SignedOutHeaderNav() {
  return (
    <nav aria-label="Account" className="flex shrink-0 items-center gap-0.5 sm:gap-2">
      <Button asChild variant="bare" size="sm" className="text-white hover:bg-white/10 max-sm:px-3">
        <Link to={paths.signIn}>Sign in</Link>
      </Button>
      <Button asChild variant="accent" size="sm" className="max-sm:px-3.5">
        <Link to={paths.signUp}>Create account</Link>
      </Button>
    </nav>
  );
}
