import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { ONE_SIZE } from "./support/tags";

const port = Number(process.env.E2E_PORT ?? 3100);
const oauthPort = Number(process.env.E2E_OAUTH_PORT ?? port + 1);
const baseURL = `http://127.0.0.1:${port}`;
const oauthBase = `http://127.0.0.1:${oauthPort}`;
// A fresh embedded database per run, like a newcomer's first start.
const dataDir = path.join(os.tmpdir(), `wonderkin-e2e-${port}`);

/** Debian's Chromium; the binary behind the /usr/bin/chromium wrapper avoids its shell warning. */
const chromiumPath =
  process.env.CHROMIUM_PATH ??
  ["/usr/lib/chromium/chromium", "/usr/bin/chromium"].find((file) => existsSync(file));

const launchOptions = {
  executablePath: chromiumPath,
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};

export default defineConfig({
  testDir: "tests",
  // Photos with real faces for the upload tests, made once per run.
  globalSetup: "./support/photo-setup.ts",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // No retries, in CI or locally: a test that fails once is a failure to fix, not noise to retry
  // away. Tests wait for events, never a fixed time, and pass on a busy machine
  // (scripts/busy-machine.sh; decision 0048).
  retries: 0,
  workers: 2,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: { baseURL, trace: "retain-on-failure", screenshot: "only-on-failure", launchOptions },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], launchOptions } },
    // Tests tagged ONE_SIZE (support/tags.ts) check what the server sends, not the screen.
    { name: "phone", use: { ...devices["Pixel 7"], launchOptions }, grepInvert: new RegExp(ONE_SIZE) },
  ],
  webServer: [
    {
      // Google and Facebook, played by a local OAuth 2.0 / OpenID Connect server.
      command: "tsx support/oauth-provider.ts",
      url: `${oauthBase}/.well-known/openid-configuration`,
      timeout: 30_000,
      reuseExistingServer: false,
      env: { E2E_OAUTH_PORT: String(oauthPort) },
    },
    {
      // The compiled server, as production runs it (`npm run test:e2e` builds it first).
      command: `rm -rf ${dataDir} && node ../apps/server/dist/main.js`,
      url: `${baseURL}/api/ready`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        PUBLIC_URL: baseURL,
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        // Long enough that the instant previews are seen while the model still trains.
        LOCAL_TRAINING_SECONDS: "20",
        // A model may be updated from this year's photos at once (storybooks.spec; decision 0069).
        YEARLY_UPDATE_MIN_DAYS: "0",
        // Every browser test runs from 127.0.0.1: the per-address limits would count them all.
        SIGN_IN_IP_LIMIT: "1000",
        EMAIL_LINK_IP_LIMIT: "1000",
        EMAIL_SEND_CLIENT_LIMIT: "1000",
        EMAIL_SEND_RECIPIENT_LIMIT: "1000",
        ADMIN_API_TOKEN: "e2e-admin-token-that-is-long-enough-0123456789",
        GOOGLE_CLIENT_ID: "e2e-google-client",
        GOOGLE_CLIENT_SECRET: "e2e-google-secret",
        GOOGLE_DISCOVERY_URL: `${oauthBase}/.well-known/openid-configuration`,
        FACEBOOK_CLIENT_ID: "e2e-facebook-client",
        FACEBOOK_CLIENT_SECRET: "e2e-facebook-secret",
        FACEBOOK_AUTHORIZATION_URL: `${oauthBase}/authorize`,
        FACEBOOK_TOKEN_URL: `${oauthBase}/token`,
        FACEBOOK_USERINFO_URL: `${oauthBase}/userinfo`,
      },
    },
  ],
});
