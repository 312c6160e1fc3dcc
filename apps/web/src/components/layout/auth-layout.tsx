import { Outlet } from "react-router";
import { Logo } from "@/components/ui/logo";
import { appName } from "@/config/app";
import { BrandPanel } from "./brand-panel";

/** Sign-in, sign-up and verification: the form on one side, the product's promise on the other. */
export function AuthLayout() {
  return (
    <div className="grid min-h-dvh lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]">
      <main className="flex flex-col px-5 py-8 sm:px-10">
        <Logo className="lg:hidden" />
        <div className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center py-10">
          <Outlet />
        </div>
        <SiteFooter />
      </main>
      <BrandPanel />
    </div>
  );
}

export function SiteFooter() {
  return (
    <footer className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-muted">
      <span>
        © {new Date().getFullYear()} {appName}
      </span>
      <a className="hover:text-ink hover:underline" href="/privacy-policy">
        Privacy policy
      </a>
    </footer>
  );
}
