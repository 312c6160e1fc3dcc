import type { FastifyInstance } from "fastify";
import { AppError } from "../lib/app-error";
import { handleImageModelWebhook } from "../modules/studio/rendering";
import type { StudioDeps } from "../modules/studio/studio-deps";
import { WEBHOOK_BODY_LIMIT } from "./body-limits";

/**
 * The image model's webhook (`/api/webhooks/replicate`). The signature is checked over the raw body
 * (kept as text in this scope only); what it reports is then settled by asking the provider, so a
 * forged, repeated or out-of-order delivery can never change a result on its own.
 */
export function imageModelWebhookRoutes(deps: { studio: StudioDeps }) {
  const { imageModel } = deps.studio;
  return async (app: FastifyInstance) => {
    if (!imageModel.verifyWebhook) return;
    // Providers' events (with a training's logs) can outgrow the small JSON limit of the app's own endpoints.
    app.addContentTypeParser(
      "application/json",
      { parseAs: "string", bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    app.post(`/api/webhooks/${imageModel.name}`, async (request) => {
      const verified = imageModel.verifyWebhook?.({
        headers: request.headers,
        rawBody: typeof request.body === "string" ? request.body : "",
      });
      if (!verified) {
        throw new AppError(400, "WEBHOOK_SIGNATURE_INVALID", "The webhook signature does not match.");
      }
      const outcome = await handleImageModelWebhook(deps.studio, verified);
      request.log.info(
        { webhookId: verified.webhookId, kind: verified.kind, outcome },
        "image model webhook",
      );
      return { received: true };
    });
  };
}
