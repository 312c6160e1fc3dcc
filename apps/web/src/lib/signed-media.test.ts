import { describe, expect, it } from "vitest";
import { refetchBeforeMediaExpires, signedUrlExpiry } from "./signed-media";

const now = Date.UTC(2026, 10, 23, 12, 0, 0);

describe("signed media addresses", () => {
  it("reads the expiry of local and presigned S3 addresses", () => {
    expect(signedUrlExpiry(`/api/media/a.jpg?expires=${now / 1000 + 900}&signature=x`)).toBe(now + 900_000);
    expect(
      signedUrlExpiry(
        "https://bucket.s3.amazonaws.com/a.jpg?X-Amz-Date=20261123T120000Z&X-Amz-Expires=900&X-Amz-Signature=x",
      ),
    ).toBe(now + 900_000);
    expect(signedUrlExpiry("/api/media/a.jpg")).toBeNull();
  });

  it("refetches a minute before the earliest address in the data expires", () => {
    const data = {
      pages: [
        { images: [{ url: `/m/1?expires=${now / 1000 + 900}&signature=x` }] },
        { images: [{ url: `/m/2?expires=${now / 1000 + 600}&signature=x`, thumbnailUrl: null }] },
      ],
    };
    expect(refetchBeforeMediaExpires(data, now)).toBe(540_000);
    expect(refetchBeforeMediaExpires({ pages: [] }, now)).toBe(false);
    // Already (nearly) expired: soon, but not in a tight loop.
    expect(refetchBeforeMediaExpires({ url: `/m?expires=${now / 1000}&signature=x` }, now)).toBe(30_000);
  });
});
