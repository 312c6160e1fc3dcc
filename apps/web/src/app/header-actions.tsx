import { HeaderAccount } from "@/features/auth/components/header-account";
import { HeaderCredits } from "@/features/billing/components/header-credits";
import { HeaderChildrenSwitcher } from "@/features/children/components/header-children-switcher";
import { FamilySwitcher } from "@/features/family/components/family-switcher";

/**
 * The header's right side: the family switcher (for parents in several families), the children
 * switcher (once the family has a child), the credit balance and the account menu. Its own chunk (routes.tsx loads it with the app layout's first page), so the
 * sign-in and sign-up pages do without its menus and icons.
 */
export default function HeaderActions() {
  return (
    <div className="flex min-w-0 items-center gap-1 sm:gap-3">
      <FamilySwitcher />
      <HeaderChildrenSwitcher />
      <HeaderCredits />
      <HeaderAccount />
    </div>
  );
}
