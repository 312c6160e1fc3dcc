import {
  can,
  FAMILY_HEADER,
  type FamilyScope,
  type FamilyScopedEndpoint,
  familyErrorCodes,
  familyMessages,
} from "@wonderkin/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { z } from "zod";
import { AppError } from "../lib/app-error";
import type { FamilyActor } from "../modules/families/family-actor";
import type { FamilyDeps } from "../modules/families/family-deps";
import { authenticate, type Identity } from "./authenticate";
import { type EndpointRouteOptions, routeEndpoint } from "./endpoint-route";
import { fetchHeadersOf } from "./request-headers";

export type FamilyRequestContext = { identity: Identity; actor: FamilyActor };

const MAX_FAMILY_ID_LENGTH = 200;

/**
 * The one place that decides who acts for which family: the signed-in parent, the family named by
 * the `organization-id` header (spec §6), their role in it, and whether that role may do what the
 * endpoint does, as its contract declares (`family.permission`). Unverified e-mail → 403; missing
 * header → 400; not a member (or no such family: we do not say which) → 403.
 */
export async function resolveFamilyContext(
  deps: FamilyDeps,
  request: FastifyRequest,
  scope: FamilyScope,
): Promise<FamilyRequestContext> {
  const { permission } = scope;
  const header = request.headers[FAMILY_HEADER];
  const familyId = typeof header === "string" ? header.trim() : "";
  // The session, the parent and their membership of the named family come in one query.
  const { identity, membership } = await authenticate(
    deps,
    request,
    familyId.length <= MAX_FAMILY_ID_LENGTH ? familyId : undefined,
  );
  // Families share children's photos: nothing in one is open to an address nobody has confirmed.
  if (!identity.emailVerified) {
    throw new AppError(403, familyErrorCodes.emailNotVerified, familyMessages.emailNotVerified);
  }
  if (!familyId) {
    throw new AppError(400, familyErrorCodes.organizationRequired, familyMessages.organizationRequired);
  }
  if (!membership)
    throw new AppError(403, familyErrorCodes.notAFamilyMember, familyMessages.notAFamilyMember);
  if (permission && !can(membership.role, permission)) {
    throw new AppError(403, familyErrorCodes.roleNotAllowed, familyMessages.roleNotAllowed);
  }
  return {
    identity,
    actor: { userId: identity.userId, headers: fetchHeadersOf(request), membership },
  };
}

/**
 * Registers an endpoint that acts for a family: its handler receives the resolved context and
 * never reads the header or checks roles itself. The permission comes from the endpoint's contract
 * (`family`), so a route cannot ask for less than the contract declares.
 */
export function registerFamilyEndpoint<E extends FamilyScopedEndpoint>(
  app: FastifyInstance,
  deps: FamilyDeps,
  endpoint: E,
  handler: (context: FamilyRequestContext, body: z.output<E["request"]>) => Promise<z.input<E["response"]>>,
  options: EndpointRouteOptions = {},
): void {
  // The type asks for it; this also stops a cast or a plain object from slipping through unchecked.
  if (!endpoint.family) throw new Error(`${endpoint.path} declares no family scope in the contract`);
  routeEndpoint(
    app,
    endpoint,
    async (request) => {
      const context = await resolveFamilyContext(deps, request, endpoint.family);
      return handler(context, request.body);
    },
    options,
  );
}
