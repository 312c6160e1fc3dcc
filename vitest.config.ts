import os from "node:os";
import { configDefaults, defineConfig } from "vitest/config";

/** What both server projects share: the migrated database template, the console guard, the waits. */
const server = {
  root: "apps/server",
  globalSetup: ["test/global-setup.ts"],
  setupFiles: ["../../test/fail-on-console-error.ts"],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

/** Server test files that call vi.mock: they run isolated (below). */
export const serverFilesThatMockModules = ["test/photos/full-disk.test.ts"];

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
          ...server,
          name: "server",
          include: ["src/**/*.test.ts", "test/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...serverFilesThatMockModules],
          // A worker imports the server's module graph once for all its files instead of once per
          // file: importing it was ≈ 40 % of the server suite's time (decision 0049). Every test file
          // builds its own app, database copy and providers (test/create-test-app.ts); what modules
          // keep at their top level is caches of pure results (drawn art, the face model).
          isolate: false,
        },
      },
      // A file that replaces a module (vi.mock) gets a module graph of its own, so the replacement
      // neither leaks into other files nor finds the real module already loaded.
      { test: { ...server, name: "server-isolated", include: serverFilesThatMockModules } },
      {
        resolve: { alias: { "@": new URL("./apps/web/src", import.meta.url).pathname } },
        test: {
          name: "web",
          root: "apps/web",
          // A hang detector, as on the server: a component test clicking through jsdom took over
          // Vitest's default 5 s on a machine busy with browser tests (decision 0048).
          testTimeout: 30_000,
          include: ["src/**/*.test.{ts,tsx}", "vite-plugins/**/*.test.ts", "test/**/*.test.ts"],
          // cn-guard: a component test fails when cn is given conflicting Tailwind classes (decision 0036).
          // async-waits: Testing Library's waits get a hang detector's limit, not one second (decision 0048).
          setupFiles: ["../../test/fail-on-console-error.ts", "./test/cn-guard.ts", "./test/async-waits.ts"],
        },
      },
    ],
  },
});
