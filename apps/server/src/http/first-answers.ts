import {
  activeSubscriptionEndpoint,
  type Endpoint,
  familySpendingEndpoint,
  GALLERY_PAGE_SIZE,
  galleryFiltersEndpoint,
  generatedImagesEndpoint,
  getChildrenEndpoint,
  getUserEndpoint,
  listFamiliesEndpoint,
  portraitPictureUrl,
  portraitSharesEndpoint,
  portraitSrcSet,
  previewsEndpoint,
  userCreditsEndpoint,
} from "@wonderkin/contract";
import { FAMILY_HEADER, type FirstAnswer, type FirstAnswers } from "@wonderkin/contract/rules";
import type { FastifyInstance } from "fastify";
import { STUDIO_PAGE_PATH } from "./route-preloads";

type Call = { method: "GET" | "POST"; path: string; body: unknown; family: boolean };

const call = (endpoint: Endpoint, body: unknown): Call => ({
  method: endpoint.method === "GET" ? "GET" : "POST",
  path: endpoint.path,
  body,
  family: endpoint.family !== undefined,
});

/** Better Auth's session endpoint, as the web app reads it (entities/session/get-session.ts). */
const sessionCall: Call = { method: "GET", path: "/api/auth/get-session", body: null, family: false };

/**
 * What every signed-in page asks once it knows the family: the route guard's children, plan and
 * family spending (apps/web/src/app/use-guard-state.ts) and the header's families and credits.
 */
const guardCalls: Call[] = [
  call(getChildrenEndpoint, {}),
  call(activeSubscriptionEndpoint, {}),
  call(familySpendingEndpoint, {}),
  call(listFamiliesEndpoint, {}),
  call(userCreditsEndpoint, {}),
];

/** The magic studio's own first calls (features/studio): its previews, gallery page and filters. */
function routeCalls(url: string): Call[] {
  const studio = STUDIO_PAGE_PATH.exec(url.split("?")[0] ?? "");
  if (!studio) return [];
  const childId = Number(studio[1]);
  return [
    call(previewsEndpoint, { childId }),
    call(generatedImagesEndpoint, { childId, limit: GALLERY_PAGE_SIZE }),
    call(galleryFiltersEndpoint, { childId }),
    call(portraitSharesEndpoint, { childId }),
  ];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Asks this server itself, through its own routes (authentication, family checks, validation and
 * serialisation included), exactly what the page would ask, and keeps a 200's answer.
 */
async function ask(
  app: FastifyInstance,
  request: Call,
  bearer: string,
  familyId: string | null,
): Promise<FirstAnswer | null> {
  const headers: Record<string, string> = { authorization: `Bearer ${bearer}`, accept: "application/json" };
  if (familyId) headers[FAMILY_HEADER] = familyId;
  const response = await app.inject({
    method: request.method,
    url: request.path,
    headers,
    ...(request.method === "POST" ? { payload: request.body as object } : {}),
  });
  if (response.statusCode !== 200) return null;
  return {
    method: request.method,
    path: request.path,
    body: request.body,
    familyId,
    payload: response.json(),
  };
}

/**
 * The answers a page at `url` would ask for first, for the session of `sessionCookie` (Better
 * Auth's signed cookie value, passed as the bearer token it also is), or null when that session is
 * not valid. Family answers are for the parent's default family: the page uses them only when it
 * acts for that family (decision 0064).
 */
export async function firstAnswersFor(
  app: FastifyInstance,
  options: { url: string; sessionCookie: string },
): Promise<FirstAnswers | null> {
  const session = await ask(app, sessionCall, options.sessionCookie, null);
  const sessionToken =
    session && isRecord(session.payload) && isRecord(session.payload.session)
      ? session.payload.session.token
      : null;
  if (!session || typeof sessionToken !== "string") return null;
  const user = await ask(app, call(getUserEndpoint, {}), options.sessionCookie, null);
  if (!user || !isRecord(user.payload)) return { sessionToken, answers: [session] };
  const familyId =
    typeof user.payload.defaultOrganizationId === "string" ? user.payload.defaultOrganizationId : null;
  const calls = [...guardCalls, ...routeCalls(options.url)].filter((entry) => familyId || !entry.family);
  const rest = await Promise.all(
    calls.map((entry) => ask(app, entry, options.sessionCookie, entry.family ? familyId : null)),
  );
  return {
    sessionToken,
    answers: [session, user, ...rest.filter((answer): answer is FirstAnswer => answer !== null)],
  };
}

/** How many of the previews' and of the gallery's first pictures the page asks for at once. */
const FIRST_PICTURES_EACH = 2;

/** A first picture as the page's <img> asks for it: its thumbnail, with the sizes it may pick from. */
export type FirstPicture = { href: string; srcSet: string };

function picturesOf(answers: FirstAnswers, path: string): FirstPicture[] {
  const payload = answers.answers.find((answer) => answer.path === path)?.payload;
  const images = isRecord(payload) && Array.isArray(payload.images) ? payload.images : [];
  return images
    .filter(isRecord)
    .flatMap((image) => {
      const url = typeof image.url === "string" ? image.url : null;
      const width = typeof image.width === "number" ? image.width : null;
      const srcSet = portraitSrcSet({ url, width });
      return url && srcSet ? [{ href: portraitPictureUrl(url, "thumbnail"), srcSet }] : [];
    })
    .slice(0, FIRST_PICTURES_EACH);
}

/**
 * The first pictures the studio shows (its largest paint is one of them): the first previews and
 * portraits, which the page asks for with the HTML rather than after its scripts, the session and
 * the lists have arrived. Each with the tiles' srcset, so the browser picks the size the tile will.
 */
export function firstPicturesOf(answers: FirstAnswers | null): FirstPicture[] {
  if (!answers) return [];
  return [
    ...picturesOf(answers, previewsEndpoint.path),
    ...picturesOf(answers, generatedImagesEndpoint.path),
  ];
}
