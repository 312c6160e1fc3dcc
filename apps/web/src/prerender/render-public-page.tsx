import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { prerenderedPagePaths } from "@wonderkin/contract/rules";
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
import { sessionQueryKey } from "@/entities/session/get-session";
import { getPublicConfigQueryOptions, type PublicConfig } from "@/lib/public-config";

/**
 * The server-side entry (built by `vite build --ssr`, imported by the server when it serves a public
 * page): the page a signed-out visitor sees at `pathname`, as HTML, or null for any other path.
 * Rendered with the app's own route tree, guard included, so the copy is what the app renders next.
 */
export async function renderPublicPage(pathname: string, publicConfig: PublicConfig): Promise<string | null> {
  if (!(prerenderedPagePaths as readonly string[]).includes(pathname)) return null;
  const handler = createStaticHandler(withoutBrowserRoot(routes));
  const context = await handler.query(new Request(`http://localhost${pathname}`));
  if (context instanceof Response) return null;

  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  queryClient.setQueryData(sessionQueryKey, null);
  queryClient.setQueryData(getPublicConfigQueryOptions().queryKey, publicConfig);
  const html = renderToString(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <StaticRouterProvider
          router={createStaticRouter(handler.dataRoutes, context)}
          context={context}
          hydrate={false}
        />
      </QueryClientProvider>
    </StrictMode>,
  );
  queryClient.clear();
  return html;
}

/** The root route's element restores scroll positions in the browser: on the server, just the page. */
function withoutBrowserRoot(tree: RouteObject[]): RouteObject[] {
  return tree.map((route, index) => (index === 0 ? { ...route, element: <Outlet /> } : route));
}
