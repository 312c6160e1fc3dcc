import os from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Vitest's default (cores − 1) runs one file at a time on these 2-core machines: measured, the
    // run used 12.9 CPU-minutes in 13.3 minutes, one core's worth, while the other sat idle. One file
    // per core uses both (decision 0049); no test depends on the machine being idle (decision 0048).
    maxWorkers: Math.max(2, os.availableParallelism()),
    projects: [
      { test: { name: "contract", root: "packages/contract", include: ["src/**/*.test.ts"] } },
      {
        test: {
          name: "server",
          root: "apps/server",
          include: ["src/**/*.test.ts", "test/**/*.test.ts"],
          globalSetup: ["test/global-setup.ts"],
          setupFiles: ["../../test/fail-on-console-error.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias: { "@": new URL("./apps/web/src", import.meta.url).pathname } },
        test: {
          name: "web",
          root: "apps/web",
          include: ["src/**/*.test.{ts,tsx}", "vite-plugins/**/*.test.ts", "test/**/*.test.ts"],
          // cn-guard: a component test fails when cn is given conflicting Tailwind classes (decision 0036).
          setupFiles: ["../../test/fail-on-console-error.ts", "./test/cn-guard.ts"],
        },
      },
    ],
  },
});
