import { describe, expect, it } from "vitest";
import {
  accountNoticeEmail,
  emailChangeEmail,
  emailLinkSignInEmail,
  passwordResetEmail,
  type RenderedEmail,
  verificationEmail,
} from "../../src/emails";

const appName = "Pixie Portraits";
const hostileName = "<script>alert(1)</script>";
// An ampersand shows the link is escaped in HTML yet intact in the plain-text part.
const url = "https://app.example.com/api/auth/verify?token=tok_123&callbackURL=%2Fwelcome";

const linked: { name: string; validFor: string; render: () => RenderedEmail }[] = [
  {
    name: "verificationEmail",
    validFor: "24 hours",
    render: () => verificationEmail({ appName, firstName: hostileName, url }),
  },
  {
    name: "emailChangeEmail",
    validFor: "24 hours",
    render: () => emailChangeEmail({ appName, firstName: hostileName, newEmail: "new@example.com", url }),
  },
  {
    name: "emailLinkSignInEmail",
    validFor: "15 minutes",
    render: () => emailLinkSignInEmail({ appName, url }),
  },
  {
    name: "passwordResetEmail",
    validFor: "1 hour",
    render: () => passwordResetEmail({ appName, firstName: hostileName, url }),
  },
];

describe.each(linked)("$name", ({ render, validFor }) => {
  const email = render();

  it("is a complete HTML document", () => {
    expect(email.html.startsWith("<!doctype html><html")).toBe(true);
    expect(email.html).toContain('<meta name="viewport"');
  });

  it("carries the link as a button, as a plain link in the HTML, and in the text", () => {
    const escaped = url.replaceAll("&", "&amp;");
    expect(email.html.split(`href="${escaped}"`)).toHaveLength(3);
    expect(email.html).toContain(`>${escaped}</a>`);
    expect(email.text).toContain(url);
  });

  it("names the product", () => {
    expect(email.subject).toContain(appName);
    expect(email.html).toContain(appName);
    expect(email.text).toContain(appName);
  });

  it("states how long the link is valid", () => {
    expect(email.html).toContain(`valid for ${validFor}`);
    expect(email.text).toContain(`valid for ${validFor}`);
  });

  it("tells the reader to ignore it if they did not ask for it", () => {
    expect(email.html).toContain("Didn&#x27;t ask for this?");
    expect(email.text).toContain("Didn't ask for this?");
  });

  it("escapes what a person typed", () => {
    expect(email.html).not.toContain("<script");
    expect(email.html).not.toMatch(/<\w+[^>]*\son\w+=/i);
  });
});

describe("templates with a first name", () => {
  it.each([
    verificationEmail({ appName, firstName: hostileName, url }),
    emailChangeEmail({ appName, firstName: hostileName, newEmail: "new@example.com", url }),
    passwordResetEmail({ appName, firstName: hostileName, url }),
    accountNoticeEmail({ appName, firstName: hostileName, title: "Password changed", body: "Done." }),
  ])("greets by name, escaped in HTML and as typed in the text (%#)", (email) => {
    expect(email.html).toContain("Hi &lt;script&gt;alert(1)&lt;/script&gt;,");
    expect(email.text).toContain(`Hi ${hostileName},`);
  });

  it("keeps a name on one line of the text part", () => {
    const email = verificationEmail({ appName, firstName: "Ada\n\nClick evil.example", url });
    expect(email.text).toContain("Hi Ada Click evil.example,");
  });

  it("greets neutrally without a name", () => {
    expect(passwordResetEmail({ appName, firstName: "  ", url }).text).toContain("Hi there,");
  });
});

describe("emailChangeEmail", () => {
  it("names the new address, escaped", () => {
    const email = emailChangeEmail({ appName, firstName: "Ada", newEmail: "a<b>@example.com", url });
    expect(email.text).toContain("a<b>@example.com");
    expect(email.html).toContain("a&lt;b&gt;@example.com");
  });
});

describe("accountNoticeEmail", () => {
  const email = accountNoticeEmail({
    appName,
    firstName: "Ada",
    title: "Your password was changed",
    body: "The password of your account was changed.\n\nIf this was not you, <b>reset it</b> now.",
  });

  it("has the title as subject and heading, and names the product", () => {
    expect(email.subject).toBe(`Your password was changed · ${appName}`);
    expect(email.html).toContain(">Your password was changed</h1>");
    expect(email.text.startsWith("Your password was changed\n\nHi Ada,")).toBe(true);
    expect(email.text).toContain(appName);
  });

  it("keeps the body's paragraphs and escapes it", () => {
    expect(email.html).toContain(">The password of your account was changed.</p>");
    expect(email.html).toContain(">If this was not you, &lt;b&gt;reset it&lt;/b&gt; now.</p>");
    expect(email.text).toContain(
      "The password of your account was changed.\n\nIf this was not you, <b>reset it</b> now.",
    );
  });

  it("has no button or link", () => {
    expect(email.html).not.toContain("<a ");
    expect(email.text).not.toMatch(/https?:\/\//);
  });
});
