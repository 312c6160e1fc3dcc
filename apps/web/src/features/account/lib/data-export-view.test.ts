import type { DataExport } from "@wonderkin/contract";
import { describe, expect, it } from "vitest";
import { EXPORT_POLL_MS, exportPollInterval, exportView, formatByteSize } from "./data-export-view";

const base: DataExport = {
  id: "export-1",
  status: "pending",
  progress: 40,
  url: null,
  byteSize: null,
  createdAt: "2026-11-20T10:00:00.000Z",
  readyAt: null,
  expiresAt: null,
};
const now = new Date("2026-11-22T10:00:00.000Z");

describe("exportPollInterval", () => {
  it("reads the status every 2 s while the zip is prepared, and stops after", () => {
    expect(EXPORT_POLL_MS).toBe(2000);
    expect(exportPollInterval(base)).toBe(2000);
    expect(exportPollInterval({ ...base, status: "ready" })).toBe(false);
    expect(exportPollInterval({ ...base, status: "failed" })).toBe(false);
    expect(exportPollInterval(null)).toBe(false);
    expect(exportPollInterval(undefined)).toBe(false);
  });
});

describe("exportView", () => {
  it("offers a first export when there is none", () => {
    expect(exportView(null, now)).toEqual({ kind: "none" });
  });

  it("shows the progress while pending", () => {
    expect(exportView(base, now)).toEqual({ kind: "pending", progress: 40 });
  });

  it("gives the download while ready", () => {
    const ready: DataExport = {
      ...base,
      status: "ready",
      progress: 100,
      url: "/media/exports/x.zip?sig=1",
      byteSize: 2048,
      readyAt: "2026-11-20T10:01:00.000Z",
      expiresAt: "2026-11-27T10:01:00.000Z",
    };
    expect(exportView(ready, now)).toEqual({
      kind: "ready",
      url: "/media/exports/x.zip?sig=1",
      byteSize: 2048,
      expiresAt: "2026-11-27T10:01:00.000Z",
    });
  });

  it("treats a ready export past its expiry, or without an address, as expired", () => {
    const lapsed: DataExport = {
      ...base,
      status: "ready",
      url: "/media/x",
      expiresAt: "2026-11-21T10:00:00.000Z",
    };
    expect(exportView(lapsed, now)).toEqual({ kind: "expired", createdAt: base.createdAt });
    expect(exportView({ ...lapsed, expiresAt: null, url: null }, now).kind).toBe("expired");
    expect(exportView({ ...base, status: "expired" }, now).kind).toBe("expired");
  });

  it("says when it failed", () => {
    expect(exportView({ ...base, status: "failed" }, now)).toEqual({ kind: "failed" });
  });
});

describe("formatByteSize", () => {
  it("reads like a file manager", () => {
    expect(formatByteSize(1)).toBe("1 byte");
    expect(formatByteSize(512)).toBe("512 bytes");
    expect(formatByteSize(2048)).toBe("2 KB");
    expect(formatByteSize(840_000)).toBe("840 KB");
    expect(formatByteSize(12_400_000)).toBe("12 MB");
    expect(formatByteSize(3_450_000)).toBe("3.5 MB");
    expect(formatByteSize(999_700)).toBe("1 MB");
    expect(formatByteSize(2_100_000_000)).toBe("2.1 GB");
  });
});
