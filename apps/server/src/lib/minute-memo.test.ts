import { expect, it } from "vitest";
import { createMinuteMemo } from "./minute-memo";

it("remembers a value for its minute only, forgets on request, and stays within its size", () => {
  const memo = createMinuteMemo<number>(2);
  let made = 0;
  const make = () => {
    made += 1;
    return made;
  };
  expect(memo.get(1, "a", make)).toBe(1);
  expect(memo.get(1, "a", make)).toBe(1);
  // The next minute starts afresh.
  expect(memo.get(2, "a", make)).toBe(2);
  memo.forget(2, "a");
  expect(memo.get(2, "a", make)).toBe(3);
  // At its size, the memo is cleared before it takes another value.
  expect(memo.get(2, "b", make)).toBe(4);
  expect(memo.get(2, "c", make)).toBe(5);
  expect(memo.get(2, "a", make)).toBe(6);
});
