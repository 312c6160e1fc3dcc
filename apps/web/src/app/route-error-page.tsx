import { RefreshCw } from "lucide-react";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { Button } from "@/components/ui/button";
import { Logo } from "@/components/ui/logo";
import { NotFoundPage } from "./not-found-page";

/**
 * Shown when a page fails to load or render. After a deploy an open tab may ask for a page chunk
 * that no longer exists; reloading fetches the new build.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <main className="grid min-h-dvh place-items-center bg-canvas px-5">
      <div className="flex max-w-md flex-col items-center text-center">
        <Logo />
        <h1 className="mt-10 text-3xl font-semibold">Something went wrong</h1>
        <p className="mt-3 text-muted">
          This page could not be shown. Reloading usually fixes it; nothing you saved has been lost.
        </p>
        <Button className="mt-8" onClick={() => window.location.reload()}>
          <RefreshCw aria-hidden /> Reload the page
        </Button>
      </div>
    </main>
  );
}
