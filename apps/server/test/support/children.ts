import { CONSENT_AGREEMENT_VERSION } from "@wonderkin/contract";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { post } from "./identity";

export async function acceptConsent(app: FastifyInstance, as: { token: string }) {
  const response = await post(
    app,
    "/api/user/accept-terms",
    {
      version: CONSENT_AGREEMENT_VERSION,
      confirmations: { isParentOrGuardian: true, agreesToProcessing: true },
    },
    as.token,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
