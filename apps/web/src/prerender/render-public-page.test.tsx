// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { deploymentConfig } from "./deployment-config.fixture";

let renderPublicPage: typeof import("./render-public-page").renderPublicPage;

beforeAll(async () => {
  // The server's APP_NAME, read from the environment the server shares with its renderer.
  vi.stubEnv("APP_NAME", "Starling");
  vi.resetModules();
  ({ renderPublicPage } = await import("./render-public-page"));
});

afterAll(() => {
  vi.unstubAllEnvs();
});

describe("the server-side copies of the public pages (decision 0037)", () => {
  it("renders sign-in as a signed-out visitor sees it, with this deployment's sign-in choices", async () => {
    const html = (await renderPublicPage("/sign-in", deploymentConfig)) ?? "";
    expect(html).toContain("Welcome back");
    expect(html).toMatch(/Continue with <\/span>Google/);
    expect(html).not.toContain("Facebook");
    expect(html).toContain("© ");
    expect(html).toContain("Starling");
  });

  it("renders the landing and the privacy policy with this deployment's numbers", async () => {
    const landing = (await renderPublicPage("/sign-up", deploymentConfig)) ?? "";
    expect(landing).toContain("Create your account");
    const policy = (await renderPublicPage("/privacy-policy", deploymentConfig)) ?? "";
    expect(policy).toContain("Privacy policy");
    expect(policy).toContain("21 days");
  });

  it("puts no script in a copy: the page's own start script is the only one", async () => {
    for (const pathname of ["/sign-in", "/sign-up", "/privacy-policy"]) {
      const html = (await renderPublicPage(pathname, deploymentConfig)) ?? "";
      expect(html, pathname).not.toMatch(/<script|<link|<title|<meta/);
    }
  });

  it("renders nothing for any other address", async () => {
    for (const pathname of ["/", "/kids/choose-theme", "/reset-password", "/sign-in/x"]) {
      expect(await renderPublicPage(pathname, deploymentConfig), pathname).toBeNull();
    }
  });
});
