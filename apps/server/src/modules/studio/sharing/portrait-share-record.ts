import { randomBytes } from "node:crypto";
import { type PortraitShare, SHARE_PAGE_PREFIX } from "@wonderkin/contract";
import type { portraitShare } from "../../../db/schema";

export type PortraitShareRow = typeof portraitShare.$inferSelect;

/** 32 random bytes, base64url: 43 characters, 256 bits nobody can guess or walk through. */
export function newShareToken(): string {
  return randomBytes(32).toString("base64url");
}

const SHARE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Whether a path segment can be a token at all (anything else is "not found" without a query). */
export function isShareToken(value: string): boolean {
  return SHARE_TOKEN.test(value);
}

/** The public page's address. */
export function shareUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${SHARE_PAGE_PREFIX}${token}`;
}

/** A caption as kept: the contract has trimmed it; blank is "no caption". */
export function storedCaption(caption: string): string | null {
  return caption === "" ? null : caption;
}

export function toPortraitShare(publicUrl: string, row: PortraitShareRow): PortraitShare {
  return {
    imageId: row.imageId,
    url: shareUrl(publicUrl, row.token),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    caption: row.caption,
  };
}
