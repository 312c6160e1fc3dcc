import {
  identifyEndpoint,
  recordVisitEndpoint,
  submitUserDataEndpoint,
  VISITOR_COOKIE,
} from "@wonderkin/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Env } from "../config/env";
import type { Database } from "../db/client";
import { saveAnalyticsProfile } from "../modules/analytics/analytics-profile";
import { identifyParent, isVisitorId, recordVisit, trackingRefused } from "../modules/analytics/visitors";
import type { Auth } from "../modules/auth/better-auth/create-auth";
import { type AuthenticationDeps, requireIdentity } from "./authenticate";
import { cookieValue } from "./cookie-value";
import { registerEndpoint } from "./endpoint-route";

const VISITOR_MAX_AGE_SECONDS = 365 * 24 * 3600;

function visitorIdOf(request: FastifyRequest): string | null {
  const found = cookieValue(request.headers.cookie, VISITOR_COOKIE);
  return isVisitorId(found) ? found : null;
}

function setVisitorCookie(reply: FastifyReply, visitorId: string, secure: boolean) {
  reply.header(
    "set-cookie",
    `${VISITOR_COOKIE}=${visitorId}; Path=/; Max-Age=${VISITOR_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`,
  );
}

async function optionalUserId(deps: AuthenticationDeps, request: FastifyRequest): Promise<string | null> {
  if (!request.headers.authorization && !request.headers.cookie?.includes("session_token")) return null;
  return requireIdentity(deps, request).then(
    (identity) => identity.userId,
    () => null,
  );
}

/**
 * First-party analytics: visits (an anonymous visitor cookie, nothing for DNT/GPC browsers), the
 * identify call of a verified parent, and submitUserDataToAnalytics. Failures are logged here and
 * ignored by the web app: analytics never gets in a parent's way.
 */
export function analyticsRoutes(deps: { db: Database; auth: Auth; env: Pick<Env, "publicUrl"> }) {
  const secure = deps.env.publicUrl.startsWith("https://");
  return async (app: FastifyInstance) => {
    registerEndpoint(app, recordVisitEndpoint, async (request, reply) => {
      if (trackingRefused(request.headers)) return { tracked: false };
      const { visitorId } = await recordVisit(deps.db, {
        visitorId: visitorIdOf(request),
        userId: await optionalUserId(deps, request),
        ...request.body,
      });
      setVisitorCookie(reply, visitorId, secure);
      return { tracked: true };
    });

    registerEndpoint(app, identifyEndpoint, async (request) => {
      const { userId, emailVerified } = await requireIdentity(deps, request);
      // Spec §6: attribution goes to analytics only for a verified e-mail.
      if (!emailVerified || trackingRefused(request.headers)) return { recorded: false };
      return identifyParent(deps.db, { userId, visitorId: visitorIdOf(request), ...request.body });
    });

    registerEndpoint(app, submitUserDataEndpoint, async (request) => {
      const { userId } = await requireIdentity(deps, request);
      if (trackingRefused(request.headers)) return { recorded: false };
      await saveAnalyticsProfile(deps.db, { userId, data: request.body.data });
      return { recorded: true };
    });
  };
}
