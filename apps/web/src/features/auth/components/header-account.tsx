import {
  ChevronDown,
  Coins,
  CreditCard,
  KeyRound,
  LogOut,
  ReceiptText,
  Settings,
  Users,
  Wand2,
} from "lucide-react";
import { useState } from "react";
import { Link, useLocation } from "react-router";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { Menu, menuItemClass } from "@/components/ui/menu";
import { paths } from "@/config/paths";
import { useChildren } from "@/entities/children/get-children";
import { useCurrentFamilyId } from "@/entities/session/current-family";
import { useSession } from "@/entities/session/get-session";
import { useUser } from "@/entities/session/get-user";
import { signOut } from "@/entities/session/sign-out";
import { childOfLocation, studioMenuPath } from "@/entities/studio/studio-intro";
import { SignedOutHeaderNav } from "./signed-out-header-nav";

/** The right side of the app header: the account menu when signed in, the ways in otherwise. */
export function HeaderAccount() {
  const session = useSession();
  const sessionUser = session.data?.user;
  const user = useUser(sessionUser?.id);
  const [signingOut, setSigningOut] = useState(false);
  const location = useLocation();
  // The same list the route guard reads: no request of its own.
  const familyId = useCurrentFamilyId();
  const children = useChildren(user.data?.emailVerified === true ? familyId : null);

  if (!sessionUser) return <SignedOutHeaderNav />;

  const firstName = user.data?.firstName || sessionUser.name.split(" ")[0] || "You";
  const fullName = user.data ? `${user.data.firstName} ${user.data.lastName}`.trim() : sessionUser.name;
  const email = user.data?.email ?? sessionUser.email;
  // Plans and credits are for verified parents (the pages about them need a verified e-mail).
  const verified = user.data?.emailVerified === true;
  const credits = new Intl.NumberFormat().format(user.data?.totalCredits ?? 0);
  // The record's picture only: the session's `image` is the unsigned stored path of an uploaded
  // picture (decision 0059), which does not load; initials show until the record arrives.
  const avatarUrl = user.data?.avatarUrl ?? null;

  return (
    <nav aria-label="Account">
      <Menu
        triggerClassName="flex items-center gap-2 rounded-full py-1 pr-3 pl-1 text-sm font-semibold text-white transition-colors hover:bg-white/10 aria-expanded:bg-white/10"
        trigger={
          <>
            <Avatar name={fullName || firstName} src={avatarUrl} size="sm" />
            <span className="sr-only">Account: </span>
            <span className="max-w-32 truncate max-sm:sr-only">{firstName}</span>
            <ChevronDown className="size-4 text-white/70" aria-hidden />
          </>
        }
      >
        {(close) => (
          <>
            <div className="flex items-center gap-3 border-b border-line px-3 pt-2 pb-3">
              <Avatar name={fullName || firstName} src={avatarUrl} />
              <div className="min-w-0">
                <p className="truncate font-semibold">{fullName || firstName}</p>
                <p className="truncate text-sm text-muted">{email}</p>
              </div>
            </div>
            {verified ? (
              <Link
                to={paths.manageSubscription}
                onClick={close}
                className="mx-1 mt-2 flex items-center gap-3 rounded-xl bg-primary-50 px-3 py-2.5 transition-colors hover:bg-primary-100"
              >
                <Coins className="size-4 shrink-0 text-accent-600" aria-hidden />
                <span className="text-sm font-semibold text-muted">Credits</span>
                <span
                  className="ml-auto font-display text-lg font-semibold text-ink"
                  data-testid="menu-credits"
                >
                  {credits}
                </span>
              </Link>
            ) : null}
            <ul className="mt-2 flex flex-col gap-0.5">
              {verified ? (
                <li>
                  <Link
                    to={studioMenuPath(children.data ?? [], childOfLocation(location))}
                    className={menuItemClass}
                    onClick={close}
                  >
                    <Wand2 aria-hidden /> Magic studio
                  </Link>
                </li>
              ) : null}
              <li>
                <Link to={paths.accountSettings} className={menuItemClass} onClick={close}>
                  <Settings aria-hidden /> Account settings
                </Link>
              </li>
              <li>
                <Link to={paths.familySettings} className={menuItemClass} onClick={close}>
                  <Users aria-hidden /> Family
                </Link>
              </li>
              {verified ? (
                <>
                  <li>
                    <Link to={paths.manageSubscription} className={menuItemClass} onClick={close}>
                      <CreditCard aria-hidden /> Subscription
                    </Link>
                  </li>
                  <li>
                    <Link to={paths.subscriptionHistory} className={menuItemClass} onClick={close}>
                      <ReceiptText aria-hidden /> Billing history
                    </Link>
                  </li>
                </>
              ) : null}
              <li>
                <Link to={paths.changePassword} className={menuItemClass} onClick={close}>
                  <KeyRound aria-hidden /> Change password
                </Link>
              </li>
              <li className="mt-1 border-t border-line pt-1">
                <button
                  type="button"
                  className={menuItemClass}
                  disabled={signingOut}
                  onClick={() => {
                    setSigningOut(true);
                    void signOut();
                  }}
                >
                  <LogOut aria-hidden /> {signingOut ? "Signing out…" : "Sign out"}
                </button>
              </li>
            </ul>
          </>
        )}
      </Menu>
    </nav>
  );
}
