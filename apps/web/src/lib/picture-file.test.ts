// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { pictureFileProblem, readFileAsDataUrl } from "./picture-file";

const MB = 1024 * 1024;

describe("pictureFileProblem", () => {
  it("accepts JPEG, PNG and WebP pictures up to 5 MB", () => {
    for (const type of ["image/jpeg", "image/png", "image/webp"]) {
      expect(pictureFileProblem({ type, size: 5 * MB }), type).toBeNull();
    }
  });

  it("says how big a picture over 5 MB is", () => {
    expect(pictureFileProblem({ type: "image/png", size: 7.25 * MB })).toBe(
      "That picture is 7.3 MB. Choose one of at most 5 MB.",
    );
  });

  it("refuses other kinds of file and empty ones", () => {
    expect(pictureFileProblem({ type: "image/gif", size: 10 })).toBe("Choose a JPEG, PNG or WebP picture.");
    expect(pictureFileProblem({ type: "application/pdf", size: 10 })).toBe(
      "Choose a JPEG, PNG or WebP picture.",
    );
    expect(pictureFileProblem({ type: "image/png", size: 0 })).toMatch(/empty/);
  });
});

describe("readFileAsDataUrl", () => {
  it("reads a file as a base64 data URL", async () => {
    const file = new Blob([new Uint8Array([137, 80, 78, 71])], { type: "image/png" });
    await expect(readFileAsDataUrl(file)).resolves.toBe("data:image/png;base64,iVBORw==");
  });
});
