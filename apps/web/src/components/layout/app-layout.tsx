import type { ReactNode } from "react";
import { Link, Outlet } from "react-router";
import { Logo } from "@/components/ui/logo";
import { appName } from "@/config/app";
import { SiteFooter } from "./auth-layout";

/**
 * Every page after sign-in (and the privacy policy): the header with the way home and the account's
 * actions, the page, the footer. The actions come from the app, which knows about the session.
 */
export function AppLayout({ headerActions }: { headerActions?: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-30 border-b border-white/10 bg-night-900/95 backdrop-blur">
        <div className="mx-auto flex h-(--app-header-height) max-w-6xl items-center justify-between gap-4 px-5 sm:px-8">
          {/* On a phone the menus (family, child, credits, account) need the width: the mark alone. */}
          <Link to="/" aria-label={`${appName} home`} className="shrink-0 rounded-lg">
            <Logo inverted markOnlyOnPhones={Boolean(headerActions)} />
          </Link>
          {headerActions}
        </div>
      </header>
      <main className="mx-auto w-full max-w-6xl flex-1 px-5 py-8 sm:px-8 sm:py-12">
        <Outlet />
      </main>
      <div className="mx-auto w-full max-w-6xl px-5 pb-8 sm:px-8">
        <SiteFooter />
      </div>
    </div>
  );
}
