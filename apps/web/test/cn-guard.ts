import { twMerge } from "tailwind-merge";
import { afterEach, vi } from "vitest";

/**
 * Setup file of the web tests: `cn` fails the test that gives it conflicting Tailwind utilities.
 *
 * Production `cn` only joins classes (decision 0036). Two utilities for the same CSS property on one
 * element (`h-9` and `h-auto`) would then render by Tailwind's CSS order, not by the order they were
 * written — silently wrong, where tailwind-merge used to drop the earlier one. In tests tailwind-merge
 * is the oracle: any class it would drop from what `cn` returned is a conflict, and the test that
 * rendered it fails after it ends with the classes named. Token sets are compared, not strings
 * (tailwind-merge also drops repeated classes and normalises whitespace).
 */

/** The classes tailwind-merge would drop from `classes`, each with the classes it conflicts with. */
export function droppedClasses(classes: string): { dropped: string; by: string[] }[] {
  const given = [...new Set(classes.split(/\s+/).filter(Boolean))];
  const kept = new Set(twMerge(classes).split(/\s+/).filter(Boolean));
  return given.flatMap((dropped) => {
    if (kept.has(dropped)) return [];
    const by = given.filter(
      (other) => other !== dropped && !twMerge(`${dropped} ${other}`).split(" ").includes(dropped),
    );
    return [{ dropped, by }];
  });
}

/** What a conflict says: the classes that lost, what they conflict with, and the whole list. */
export function describeConflict(classes: string): string | null {
  const losers = droppedClasses(classes);
  if (losers.length === 0) return null;
  const which = losers.map(
    ({ dropped, by }) => `"${dropped}" (set again by ${by.map((c) => `"${c}"`).join(", ")})`,
  );
  return `${which.join(", ")} in cn("${classes.replace(/\s+/g, " ").trim()}")`;
}

let conflicts = new Set<string>();

/** The conflicts recorded since the last call, which forgets them (the guard's own test reads them). */
export function takeConflicts(): string[] {
  const taken = [...conflicts];
  conflicts = new Set();
  return taken;
}

vi.mock("@/lib/cn", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/cn")>();
  return {
    ...actual,
    cn: (...inputs: Parameters<typeof actual.cn>) => {
      const classes = actual.cn(...inputs);
      const conflict = describeConflict(classes);
      if (conflict) conflicts.add(conflict);
      return classes;
    },
  };
});

// Recorded rather than thrown from `cn`: a throw inside a render could be caught by an error
// boundary and shown as a page, and the test might still pass.
afterEach(() => {
  const found = takeConflicts();
  if (found.length > 0) {
    throw new Error(
      "cn was given Tailwind classes that set the same CSS property. Production cn does not merge them " +
        "(decision 0036), so which one shows depends on Tailwind's CSS order, not on their order here. " +
        "Make the classes either/or, or give the component an option instead of overriding its classes:\n" +
        found.map((line) => `  - ${line}`).join("\n"),
    );
  }
});
