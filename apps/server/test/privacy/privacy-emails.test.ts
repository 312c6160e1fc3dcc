import { describe, expect, it } from "vitest";
import {
  accountDeletedEmail,
  childDeletedEmail,
  dataExportReadyEmail,
  familyDeletedEmail,
} from "../../src/emails";

const appName = "Pixie Portraits";
const hostile = "<img src=x onerror=alert(1)>";

describe("the privacy e-mails", () => {
  const rendered = {
    childDeleted: childDeletedEmail({ appName, firstName: hostile, childName: hostile, familyName: hostile }),
    familyDeleted: familyDeletedEmail({ appName, firstName: hostile, familyName: hostile, childCount: 2 }),
    accountDeleted: accountDeletedEmail({ appName, firstName: hostile, reason: "requested" }),
    unverifiedDeleted: accountDeletedEmail({
      appName,
      firstName: "",
      reason: "unverified",
      retentionDays: 14,
    }),
    exportReady: dataExportReadyEmail({
      appName,
      firstName: hostile,
      url: "https://cdn.example.com/exports/u/e.zip?X-Amz-Signature=abc&X-Amz-Expires=86400",
      linkValidFor: "24 hours",
      availableUntil: "Sun, 29 Nov 2026",
      accountUrl: "https://app.example.com/account/settings",
    }),
  };

  it.each(Object.entries(rendered))("%s names the product and escapes what people typed", (_name, email) => {
    expect(email.html.startsWith("<!doctype html><html")).toBe(true);
    expect(email.html).toContain(appName);
    expect(email.text).toContain(appName);
    expect(email.html).not.toContain("<img src=x");
    expect(email.html).not.toMatch(/<\w+[^>]*\son\w+=/i);
  });

  it("says what went and what stays", () => {
    expect(rendered.childDeleted.text).toContain("the image model trained on the photos");
    expect(rendered.familyDeleted.text).toContain("its 2 children");
    expect(rendered.accountDeleted.text).toContain("records of your payments that tax law requires");
    expect(rendered.unverifiedDeleted.text).toContain("never confirmed within 14 days");
    expect(rendered.unverifiedDeleted.text).toContain("Hi there,");
  });

  it("carries the export's link with how long it works and when the file goes", () => {
    const { html, text } = rendered.exportReady;
    expect(text).toContain("X-Amz-Signature=abc&X-Amz-Expires=86400");
    expect(html).toContain("X-Amz-Signature=abc&amp;X-Amz-Expires=86400");
    expect(text).toContain("valid for 24 hours");
    expect(text).toContain("kept until Sun, 29 Nov 2026");
  });
});
