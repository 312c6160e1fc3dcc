import { expect, it } from "vitest";
import { isSignedPathValid, signPath } from "./signed-url";

const secret = "a-secret-that-is-long-enough-for-the-test";
const minute = 60_000;
const start = Date.UTC(2026, 10, 26, 12, 0, 5);

function query(url: string) {
  const params = new URL(url, "http://x").searchParams;
  return { expires: params.get("expires") ?? undefined, signature: params.get("signature") ?? undefined };
}

it("signs a path the same way within a minute, and validly", () => {
  const first = signPath(secret, "/media/a.jpg", start);
  expect(signPath(secret, "/media/a.jpg", start + 30_000)).toBe(first);
  expect(isSignedPathValid(secret, "/media/a.jpg", query(first), start)).toBe(true);
  // Another path, another secret: never a remembered signature of something else.
  expect(isSignedPathValid(secret, "/media/b.jpg", query(first), start)).toBe(false);
  const other = signPath("another-secret-that-is-long-enough-too", "/media/a.jpg", start);
  expect(query(other).signature).not.toBe(query(first).signature);
  expect(isSignedPathValid(secret, "/media/a.jpg", query(other), start)).toBe(false);
});

it("signs anew for the next minute's expiry, and each address stays valid until it expires", () => {
  const first = signPath(secret, "/media/a.jpg", start);
  const later = signPath(secret, "/media/a.jpg", start + minute);
  expect(Number(query(later).expires) - Number(query(first).expires)).toBe(60);
  expect(query(later).signature).not.toBe(query(first).signature);
  // Signed again after the newer one: the older expiry is computed, not taken from memory.
  expect(signPath(secret, "/media/a.jpg", start)).toBe(first);
  for (const url of [first, later]) {
    expect(isSignedPathValid(secret, "/media/a.jpg", query(url), start + minute)).toBe(true);
  }
  const expires = Number(query(first).expires) * 1000;
  expect(isSignedPathValid(secret, "/media/a.jpg", query(first), expires)).toBe(false);
});
