/**
 * Sharing: a portrait's public link, made, listed, revoked and opened. Code outside this folder imports
 * only from here.
 */
export { findSharedPortrait } from "./find-shared-portrait";
export { listPortraitShares } from "./list-portrait-shares";
export { shareUrl } from "./portrait-share-record";
export { revokePortraitShare } from "./revoke-portrait-share";
export { sharePortrait } from "./share-portrait";
