/**
 * Rendering: a portrait from the parent's order through the provider, the likeness and safety checks, to
 * the stored files or a refunded failure; and the webhook and reconciler that settle provider runs. Code
 * outside this folder imports only from here.
 */
export { generatePortraits, regeneratePortrait } from "./generate-portraits";
export { handleImageModelWebhook } from "./image-model-webhook";
export { likenessOutcomesOfLastDay, likenessOutcomesSince } from "./likeness-outcomes";
export {
  emailPortraitFailure,
  failPortrait,
  PORTRAIT_DEADLINE_MS,
  runRender,
  settlePortrait,
  storePortrait,
} from "./portrait-lifecycle";
export { reconcileStudio } from "./reconcile-studio";
export { makeYearlySeriesPortraits } from "./yearly-series-portraits";
