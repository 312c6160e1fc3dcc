import { RefreshCw, TriangleAlert } from "lucide-react";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { StatusScreen } from "@/components/layout/status-screen";
import { Button } from "@/components/ui/button";
import { NotFoundPage } from "./not-found-page";

/**
 * Shown when a page fails to load or render. After a deploy an open tab may ask for a page chunk
 * that no longer exists; reloading fetches the new build.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <StatusScreen
      icon={TriangleAlert}
      tone="danger"
      title="Something went wrong"
      action={
        <Button onClick={() => window.location.reload()}>
          <RefreshCw aria-hidden /> Reload the page
        </Button>
      }
    >
      This page could not be shown. Reloading usually fixes it; nothing you saved has been lost.
    </StatusScreen>
  );
}
