import { type GeneratedImage, generatedImagesEndpoint } from "@wonderkin/contract";
import { serializerCompiler } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { compileSerializer } from "./compiled-serializer";

function image(index: number, overrides: Partial<GeneratedImage> = {}): GeneratedImage {
  return {
    id: `image-${index}`,
    kind: "portrait",
    childId: 7,
    styleId: "astronaut",
    status: "succeeded",
    progress: 100,
    queuePosition: null,
    estimatedSeconds: null,
    url: `/api/media/families/f/children/7/portraits/image-${index}.jpg?expires=1&signature=s"<`,
    width: 2048,
    height: 2560,
    watermarked: false,
    error: null,
    requestedByUserId: "user-1",
    regeneratedFromId: null,
    likeness: "passed",
    favourite: index % 2 === 0,
    printed: false,
    createdAt: "2026-11-29T10:00:00.000Z",
    completedAt: null,
    ...overrides,
  };
}

const zodWriter = serializerCompiler({
  schema: generatedImagesEndpoint.response,
  method: "POST",
  url: generatedImagesEndpoint.path,
  httpStatus: "200",
} as never) as (data: unknown) => string;
const compiled = compileSerializer(generatedImagesEndpoint.response);

describe("a serialiser compiled from a response schema", () => {
  it("writes the very bytes zod's encode writes, nulls, numbers and awkward characters included", () => {
    const page = {
      images: [
        image(1),
        image(2, { status: "processing", progress: 40, queuePosition: 3, estimatedSeconds: 12, url: null }),
        image(3, { status: "failed", error: 'It "failed"\n', likeness: null, width: null, height: null }),
        image(4, { kind: "preview", watermarked: true, completedAt: "2026-11-29T10:01:00.000Z" }),
      ],
      nextCursor: null,
    };
    expect(compiled(page)).toBe(zodWriter(page));
    expect(JSON.parse(compiled({ ...page, nextCursor: "next" })).nextCursor).toBe("next");
  });

  it("writes only what the schema declares: a field a row carries besides never leaves the server", () => {
    const leaky = { ...image(1), storageKey: "families/f/secret.jpg", prompt: "a prompt" };
    const written = JSON.parse(compiled({ images: [leaky], nextCursor: null }));
    expect(written.images[0]).toEqual(image(1));
    expect(JSON.stringify(written)).not.toMatch(/secret|prompt/);
  });
});
