import { afterEach, beforeEach, vi } from "vitest";

/**
 * A console.error during a test is a bug somewhere (React warnings, unhandled failures logged and
 * swallowed): the test that caused it fails, with the message.
 */
let errors: unknown[][] = [];

beforeEach(() => {
  errors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (errors.length > 0) {
    const text = errors.map((args) => args.map(String).join(" ")).join("\n");
    throw new Error(`console.error was called during the test:\n${text}`);
  }
});
