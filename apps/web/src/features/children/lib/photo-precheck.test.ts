import { photoErrorCodes, photoMessages } from "@wonderkin/contract";
import { describe, expect, it } from "vitest";
import { formatFileSize, precheckPhoto } from "./photo-precheck";

const MB = 1024 * 1024;
const limits = { maxMegabytes: 20 };
const file = (name: string, type: string, size = 2 * MB) => ({ name, type, size });

describe("precheckPhoto", () => {
  it("lets ordinary photos through to the server", () => {
    for (const [name, type] of [
      ["IMG_0001.jpg", "image/jpeg"],
      ["beach.PNG", "image/png"],
      ["park.webp", "image/webp"],
      ["new.avif", "image/avif"],
      ["no-type.jpeg", ""],
      ["no-extension", ""],
      ["odd-type.jpg", "image/pjpeg"],
    ] as const) {
      expect(precheckPhoto(file(name, type), limits), name).toBeNull();
    }
  });

  it("explains how to send iPhone HEIC photos, by type or by name", () => {
    for (const [name, type] of [
      ["IMG_1234.HEIC", "image/heic"],
      ["IMG_1234.heif", ""],
      ["IMG_1234.heic", "application/octet-stream"],
      ["photo", "image/heif"],
    ] as const) {
      expect(precheckPhoto(file(name, type), limits), name).toEqual({
        code: photoErrorCodes.heic,
        message: photoMessages.heic,
      });
    }
  });

  it("refuses files that are plainly not photos we can use", () => {
    for (const [name, type] of [
      ["notes.txt", "text/plain"],
      ["scan.pdf", "application/pdf"],
      ["funny.gif", "image/gif"],
      ["logo.svg", "image/svg+xml"],
      ["clip.mov", ""],
    ] as const) {
      expect(precheckPhoto(file(name, type), limits)?.code, name).toBe(photoErrorCodes.unsupportedType);
    }
    expect(precheckPhoto(file("notes.txt", "text/plain"), limits)?.message).toBe(
      photoMessages.unsupportedType,
    );
  });

  it("refuses empty files and files over the size limit, naming the limit", () => {
    expect(precheckPhoto(file("empty.jpg", "image/jpeg", 0), limits)?.code).toBe(photoErrorCodes.unreadable);
    expect(precheckPhoto(file("big.jpg", "image/jpeg", 20 * MB), limits)).toBeNull();
    expect(precheckPhoto(file("big.jpg", "image/jpeg", 20 * MB + 1), limits)).toEqual({
      code: photoErrorCodes.tooLarge,
      message: "This file is larger than 20 MB. Send a smaller copy.",
    });
  });
});

describe("formatFileSize", () => {
  it("speaks in KB below a megabyte and MB above", () => {
    expect(formatFileSize(200)).toBe("1 KB");
    expect(formatFileSize(830 * 1024)).toBe("830 KB");
    expect(formatFileSize(2.44 * MB)).toBe("2.4 MB");
  });
});
