import type { z } from "zod";
import type { FamilyPermission } from "./family-permissions";
import { findUnsafeText } from "./text";

/**
 * How an endpoint acts for a family: the caller names the family in the `organization-id` header
 * (FAMILY_HEADER, spec §6) and must be a member whose role holds `permission` (null: any member
 * may call it). Declared once here, so the server enforces, the permission-matrix test covers and
 * a reader sees the same rule.
 */
export type FamilyScope = { permission: FamilyPermission | null };

/**
 * One API endpoint: method, path, and the zod schemas of what goes in and comes out. The server
 * registers its route from it and the web app's typed client calls it, so both sides share one
 * definition and neither hand-writes the other's types.
 */
export type Endpoint<Request extends z.ZodType = z.ZodType, Response extends z.ZodType = z.ZodType> = {
  method: "GET" | "POST";
  path: `/api/${string}`;
  request: Request;
  response: Response;
  /** Present when the endpoint acts for a family; absent for the parent's own or public calls. */
  family?: FamilyScope;
};

/** An endpoint that acts for the family in the `organization-id` header. */
export type FamilyScopedEndpoint<
  Request extends z.ZodType = z.ZodType,
  Response extends z.ZodType = z.ZodType,
> = Endpoint<Request, Response> & { family: FamilyScope };

/**
 * Every endpoint's request also refuses NUL characters and broken Unicode in any string, here
 * once for all, so no field can carry them to the database (where they would fail, not validate).
 * An endpoint declared with `family` keeps it in its type, so the server can insist on it.
 */
export function defineEndpoint<Request extends z.ZodType, Response extends z.ZodType>(
  endpoint: FamilyScopedEndpoint<Request, Response>,
): FamilyScopedEndpoint<Request, Response>;
export function defineEndpoint<Request extends z.ZodType, Response extends z.ZodType>(
  endpoint: Endpoint<Request, Response> & { family?: undefined },
): Endpoint<Request, Response> & { family?: undefined };
export function defineEndpoint<Request extends z.ZodType, Response extends z.ZodType>(
  endpoint: Endpoint<Request, Response>,
): Endpoint<Request, Response> {
  const request = endpoint.request.superRefine((value, ctx) => {
    const unsafe = findUnsafeText(value);
    if (unsafe) ctx.addIssue({ code: "custom", path: unsafe.path, message: unsafe.message });
  });
  return { ...endpoint, request };
}

/** Whether a value is an endpoint that acts for a family (e.g. to list them from the contract's exports). */
export function isFamilyScopedEndpoint(value: unknown): value is FamilyScopedEndpoint {
  if (typeof value !== "object" || value === null) return false;
  const candidate = value as Partial<Endpoint>;
  // The request schema tells a JSON endpoint from the multipart uploads declared in the same shape.
  return (
    typeof candidate.path === "string" &&
    typeof candidate.request === "object" &&
    typeof candidate.response === "object" &&
    !!candidate.family
  );
}

export type EndpointRequest<E extends Endpoint> = z.input<E["request"]>;
export type EndpointResponse<E extends Endpoint> = z.output<E["response"]>;
