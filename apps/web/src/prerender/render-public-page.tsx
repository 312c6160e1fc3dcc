import { QueryClient } from "@tanstack/react-query";
import { prerenderedPagePaths } from "@wonderkin/contract/rules";
import { sessionQueryKey } from "@/entities/session/get-session";
import { getPublicConfigQueryOptions, type PublicConfig } from "@/lib/public-config";
import { oneAtATime } from "./one-at-a-time";
import { renderRoute, staticRoute } from "./static-page";

/**
 * The page a signed-out visitor sees at `pathname`, as HTML, or null for any other path (decision
 * 0037). Rendered with the app's own route tree, guard included, so the copy is what the app renders
 * next.
 */
export function renderPublicPage(pathname: string, publicConfig: PublicConfig): Promise<string | null> {
  if (!(prerenderedPagePaths as readonly string[]).includes(pathname)) return Promise.resolve(null);
  return oneAtATime(async () => {
    const route = await staticRoute(pathname);
    if (!route) return null;
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
    queryClient.setQueryData(sessionQueryKey, null);
    queryClient.setQueryData(getPublicConfigQueryOptions().queryKey, publicConfig);
    const html = renderRoute(route, queryClient);
    queryClient.clear();
    return html;
  });
}
