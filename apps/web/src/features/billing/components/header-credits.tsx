import { Coins } from "lucide-react";
import { Link } from "react-router";
import { paths } from "@/config/paths";
import { useSession } from "@/entities/session/get-session";
import { useUser } from "@/entities/session/get-user";

/**
 * The credit balance in the header, for a verified parent: always in sight, and one tap from the
 * subscription page. It reads the user record, which every purchase refreshes.
 */
export function HeaderCredits() {
  const session = useSession();
  const user = useUser(session.data?.user.id);
  if (!user.data?.emailVerified) return null;
  const credits = user.data.totalCredits;
  return (
    <Link
      to={paths.manageSubscription}
      className="flex shrink-0 items-center gap-1.5 rounded-full bg-white/10 py-1.5 pr-3 pl-2.5 text-sm font-bold text-white ring-1 ring-white/15 transition-colors hover:bg-white/20"
      data-testid="header-credits"
    >
      <Coins className="size-4 text-accent-400" aria-hidden />
      {new Intl.NumberFormat().format(credits)}{" "}
      <span className="font-semibold text-white/80 max-sm:sr-only">
        {credits === 1 ? "credit" : "credits"}
      </span>
    </Link>
  );
}
