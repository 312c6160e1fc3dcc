/**
 * Body limits of the routes that are not plain JSON endpoints (those take JSON_BODY_LIMIT_KILOBYTES):
 * vendors' webhooks carry whole events (a training's logs), so they get more room.
 */
export const WEBHOOK_BODY_LIMIT = 5 * 1024 * 1024;
