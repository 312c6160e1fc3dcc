import {
  activeSubscriptionEndpoint,
  type Endpoint,
  type EndpointRequest,
  type EndpointResponse,
  familySpendingEndpoint,
  GALLERY_PAGE_SIZE,
  type GeneratedImage,
  galleryFiltersEndpoint,
  generatedImagesEndpoint,
  getChildrenEndpoint,
  getUserEndpoint,
  listFamiliesEndpoint,
  portraitSharesEndpoint,
  previewsEndpoint,
  userCreditsEndpoint,
} from "@wonderkin/contract";
import type { FirstAnswer, FirstAnswers } from "@wonderkin/contract/rules";

/**
 * The first answers the server embeds in Ada's page for Mia's studio (decision 0064), as the API
 * gives them: typed against the contract, so a changed answer fails to compile here first.
 */
export const STUDIO_FAMILY_ID = "family-ada";
export const STUDIO_CHILD_ID = 7;
export const STUDIO_SESSION_TOKEN = "session-token-ada";
const USER_ID = "user-ada";

const now = Date.now();
const inDays = (days: number) => new Date(now + days * 86_400_000).toISOString();

function answer<E extends Endpoint>(
  endpoint: E,
  body: EndpointRequest<E>,
  payload: EndpointResponse<E>,
  familyId: string | null,
): FirstAnswer {
  return { method: endpoint.method === "GET" ? "GET" : "POST", path: endpoint.path, body, familyId, payload };
}

export function studioPortrait(index: number, overrides: Partial<GeneratedImage> = {}): GeneratedImage {
  const id = `portrait-${index}`;
  return {
    id,
    kind: "portrait",
    childId: STUDIO_CHILD_ID,
    styleId: index % 2 === 0 ? "fairy" : "astronaut",
    status: "succeeded",
    progress: 100,
    queuePosition: null,
    estimatedSeconds: null,
    url: `/api/media/families/${STUDIO_FAMILY_ID}/children/${STUDIO_CHILD_ID}/portraits/${id}.jpg?expires=1&signature=s${index}`,
    width: 2048,
    height: 2560,
    watermarked: false,
    error: null,
    requestedByUserId: null,
    regeneratedFromId: null,
    likeness: null,
    favourite: false,
    printed: false,
    createdAt: inDays(-index),
    completedAt: inDays(-index),
    ...overrides,
  };
}

const portraits = [studioPortrait(1, { favourite: true }), studioPortrait(2), studioPortrait(3)];

/** Every answer the studio asks first; `leaveOut` drops the ones named by path. */
export function studioFirstAnswers(leaveOut: string[] = []): FirstAnswers {
  const family = STUDIO_FAMILY_ID;
  const childBody = { childId: STUDIO_CHILD_ID };
  const answers: FirstAnswer[] = [
    {
      method: "GET",
      path: "/api/auth/get-session",
      body: null,
      familyId: null,
      payload: {
        session: { token: STUDIO_SESSION_TOKEN, userId: USER_ID, expiresAt: inDays(7) },
        user: { id: USER_ID, name: "Ada", email: "ada@example.com", emailVerified: true, image: null },
      },
    },
    answer(
      getUserEndpoint,
      {},
      {
        betterAuthUid: USER_ID,
        firstName: "Ada",
        lastName: "",
        email: "ada@example.com",
        emailVerified: true,
        totalCredits: 97,
        avatarUrl: null,
        defaultOrganizationId: family,
        consent: { version: "2026-11-29", acceptedAt: inDays(-30) },
        createdAt: inDays(-30),
      },
      null,
    ),
    answer(
      getChildrenEndpoint,
      {},
      [
        {
          id: STUDIO_CHILD_ID,
          trainingStatus: "completed",
          firstName: "Mia",
          age: 6,
          birthDate: null,
          gender: "girl",
          trainingFailureReason: null,
          photoCount: 12,
          createdAt: inDays(-20),
          studioIntroSeen: true,
        },
      ],
      family,
    ),
    answer(
      activeSubscriptionEndpoint,
      {},
      {
        isActive: true,
        id: "sub-ada",
        planId: 1,
        planName: "Magician",
        billingCycle: "monthly",
        status: "active",
        currentPeriodEnd: inDays(20),
        nextGrantAt: inDays(20),
        cancelAtPeriodEnd: false,
        discountOfferedAt: null,
        discountAcceptedAt: null,
        provider: "local",
        createdAt: inDays(-30),
      },
      null,
    ),
    answer(
      familySpendingEndpoint,
      {},
      {
        familyPlan: { active: true, planId: 1, planName: "Magician" },
        heldByYou: true,
        membersMaySpend: false,
        payer: "you",
        payingPlanId: 1,
        credits: 97,
        blocked: null,
      },
      family,
    ),
    answer(
      listFamiliesEndpoint,
      {},
      { families: [{ id: family, name: "Ada's family", pictureUrl: null, role: "owner", memberCount: 1 }] },
      null,
    ),
    answer(userCreditsEndpoint, {}, { totalCredits: 97 }, null),
    answer(previewsEndpoint, childBody, { status: "none", images: [], byEmail: false, swapsLeft: 0 }, family),
    answer(
      generatedImagesEndpoint,
      { ...childBody, limit: GALLERY_PAGE_SIZE },
      { images: portraits, nextCursor: null },
      family,
    ),
    answer(
      galleryFiltersEndpoint,
      childBody,
      {
        portraits: 3,
        favourites: 1,
        styles: [
          { styleId: "astronaut", count: 2 },
          { styleId: "fairy", count: 1 },
        ],
      },
      family,
    ),
    answer(portraitSharesEndpoint, childBody, { shares: [] }, family),
  ];
  return {
    sessionToken: STUDIO_SESSION_TOKEN,
    answers: answers.filter((entry) => !leaveOut.includes(entry.path)),
  };
}
