import { type Query, QueryClient, skipToken } from "@tanstack/react-query";
import { type Child, getChildrenEndpoint } from "@wonderkin/contract";
import type { FirstAnswers } from "@wonderkin/contract/rules";
import { organizationIdKey, sessionTokenKey } from "@/entities/session/session-storage";
import { provideFirstAnswers } from "@/lib/first-answers";
import { withServerRenderStorage } from "@/lib/local-storage";
import { getPublicConfigQueryOptions, type PublicConfig } from "@/lib/public-config";
import { oneAtATime } from "./one-at-a-time";
import { renderRoute, type StaticRoute, staticRoute } from "./static-page";

/** The signed-in page painted on the server: the magic studio, where a parent spends their visits. */
const STUDIO_PAGE = /^\/kids\/children\/(\d{1,9})\/magic-studio$/;
const childIdOf = (pathname: string) => Number(STUDIO_PAGE.exec(pathname)?.[1]);

/**
 * How many times the page is drawn at most: each pass may ask for what the previous one's answers
 * revealed (the session, then the user, then the guard's lists, then the studio's own).
 */
const MAX_PASSES = 8;

/**
 * The magic studio as this parent sees it, drawn on the server from the first answers the page
 * carries anyway (decisions 0064 and 0066), so its portraits are on screen before the scripts run.
 * Null for any other page, or without a family to draw it for. What the answers do not cover is
 * drawn as the page draws it while waiting (a skeleton, a spinner): nothing is asked of the network.
 */
export function renderSignedInPage(
  pathname: string,
  publicConfig: PublicConfig,
  answers: FirstAnswers,
): Promise<string | null> {
  const familyId = answers.answers.find((answer) => answer.familyId !== null)?.familyId;
  if (!STUDIO_PAGE.test(pathname) || !familyId || !opensStraightAway(answers, childIdOf(pathname))) {
    return Promise.resolve(null);
  }
  return oneAtATime(async () => {
    const route = await staticRoute(pathname);
    if (!route) return null;
    const storage = { [sessionTokenKey]: answers.sessionToken, [organizationIdKey]: familyId };
    return withServerRenderStorage(storage, async () => {
      provideFirstAnswers(answers);
      const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      queryClient.setQueryData(getPublicConfigQueryOptions().queryKey, publicConfig);
      try {
        const html = await renderFromAnswers(route, queryClient);
        // Anything but the studio itself (its introduction's redirect, the guard's) is not drawn:
        // the app takes the parent there.
        return html.includes(`data-studio-child="${childIdOf(pathname)}"`) ? html : null;
      } finally {
        provideFirstAnswers(null);
        queryClient.clear();
      }
    });
  });
}

/**
 * Whether the family's children include this one with its introduction seen: the first visit is
 * sent on to the introduction (decision 0031), which the app draws; no need to draw the way there.
 */
function opensStraightAway(answers: FirstAnswers, childId: number): boolean {
  const children = answers.answers.find((answer) => answer.path === getChildrenEndpoint.path)?.payload;
  return (
    Array.isArray(children) &&
    children.some((child: Partial<Child>) => child.id === childId && child.studioIntroSeen === true)
  );
}

/**
 * Draws the page, answers the queries that drawing created from the first answers, and draws again
 * until nothing new is asked. A query without an answer fails at once (`callApi` asks nothing of the
 * network during a server render) and is put back to "loading", which is how the copy shows it.
 */
async function renderFromAnswers(route: StaticRoute, queryClient: QueryClient): Promise<string> {
  const unanswered = new Set<Query>();
  for (let pass = 1; ; pass += 1) {
    const html = renderRoute(route, queryClient);
    const asked = queryClient
      .getQueryCache()
      .getAll()
      .filter(
        (query) =>
          query.state.status === "pending" &&
          query.state.fetchStatus === "idle" &&
          isEnabled(query) &&
          !unanswered.has(query),
      );
    if (asked.length === 0 || pass === MAX_PASSES) return html;
    await Promise.all(
      asked.map((query) =>
        query.fetch().catch(() => {
          unanswered.add(query);
          query.reset();
        }),
      ),
    );
  }
}

/**
 * Whether the page would run this query now. Not `query.isDisabled()`: on the server no observer
 * subscribes, and a query nobody subscribed to counts as disabled until it first runs.
 */
function isEnabled(query: Query): boolean {
  // The options an observer built the query with carry its `enabled` (the query's own type does not).
  const { enabled, queryFn } = query.options as typeof query.options & {
    enabled?: boolean | ((query: Query) => boolean);
  };
  if (queryFn === skipToken || !queryFn) return false;
  return typeof enabled === "function" ? enabled(query) : enabled !== false;
}
