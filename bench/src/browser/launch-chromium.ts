import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";

/**
 * Debian's Chromium, launched as the e2e suite launches it (e2e/playwright.config.ts): the binary
 * behind the /usr/bin/chromium wrapper avoids its shell warning; CHROMIUM_PATH overrides both.
 */
export async function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: [...chromiumArgs, ...extraArgs] });
}

/** The flags every benchmark starts Chromium with. */
export const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** Debian's Chromium (or CHROMIUM_PATH). */
export function chromiumPath(): string {
  const executablePath =
    process.env.CHROMIUM_PATH ??
    ["/usr/lib/chromium/chromium", "/usr/bin/chromium"].find((file) => existsSync(file));
  if (!executablePath) {
    throw new Error("no Chromium found: apt-get install -y chromium, or set CHROMIUM_PATH");
  }
  return executablePath;
}
