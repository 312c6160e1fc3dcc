import { Coins } from "lucide-react";
import { Link } from "react-router";
import { paths } from "@/config/paths";
import { useFamilySpending } from "@/entities/billing/family-spending";
import { useCurrentFamilyId } from "@/entities/session/current-family";
import { useSession } from "@/entities/session/get-session";
import { useUser } from "@/entities/session/get-user";
import { headerBalance } from "../lib/header-balance";

/**
 * The credit balance in the header, for a verified parent: always in sight, and one tap from the
 * subscription page. It reads the user record, which every purchase refreshes; for a member whom
 * the family's shared credits pay for, the family's balance (what creating here takes).
 */
export function HeaderCredits() {
  const session = useSession();
  const userId = session.data?.user.id;
  const user = useUser(userId);
  const spending = useFamilySpending(user.data?.emailVerified ? userId : undefined, useCurrentFamilyId());
  if (!user.data?.emailVerified) return null;
  const { credits, family } = headerBalance(user.data.totalCredits, spending.data);
  return (
    <Link
      to={paths.manageSubscription}
      className="flex shrink-0 items-center gap-1.5 rounded-full bg-white/10 py-1.5 pr-3 pl-2.5 text-sm font-bold text-white ring-1 ring-white/15 transition-colors hover:bg-white/20"
      data-testid="header-credits"
    >
      <Coins className="size-4 text-accent-400" aria-hidden />
      {new Intl.NumberFormat().format(credits)}{" "}
      <span className="font-semibold text-white/80 max-sm:sr-only">
        {family ? "family " : ""}
        {credits === 1 ? "credit" : "credits"}
      </span>
    </Link>
  );
}
