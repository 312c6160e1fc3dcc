import { type ClassValue, clsx } from "clsx";

/**
 * Joins class names (clsx). It does not merge Tailwind utilities: tailwind-merge cost ≈ 7.5 KB
 * brotli on every page (decision 0036). So no two classes given to one element may set the same CSS
 * property (`px-4` and `px-3`, `border-line` and `border-danger-600`): Tailwind orders its CSS by its
 * own rules, not by the order of the classes, so "the later one wins" does not hold. A component
 * offers an option or either/or classes instead; the web tests fail on a conflict
 * (`apps/web/test/cn-guard.ts`).
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
