import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  Outlet,
  type RouteObject,
  StaticRouterProvider,
} from "react-router";
import { routes } from "@/app/routes";

/**
 * The app's route tree at `pathname`, ready to render on the server with its lazy pages loaded, or
 * null when the app would answer with a redirect.
 */
export async function staticRoute(pathname: string) {
  const handler = createStaticHandler(withoutBrowserRoot(routes));
  const context = await handler.query(new Request(`http://localhost${pathname}`));
  if (context instanceof Response) return null;
  return { handler, context };
}

export type StaticRoute = NonNullable<Awaited<ReturnType<typeof staticRoute>>>;

/** The page as HTML, drawn from what `queryClient` holds (effects never run on the server). */
export function renderRoute(route: StaticRoute, queryClient: QueryClient): string {
  return renderToString(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <StaticRouterProvider
          router={createStaticRouter(route.handler.dataRoutes, route.context)}
          context={route.context}
          hydrate={false}
        />
      </QueryClientProvider>
    </StrictMode>,
  );
}

/** The root route's element restores scroll positions in the browser: on the server, just the page. */
function withoutBrowserRoot(tree: RouteObject[]): RouteObject[] {
  return tree.map((route, index) => (index === 0 ? { ...route, element: <Outlet /> } : route));
}
