/**
 * Text the API accepts anywhere: no NUL (PostgreSQL cannot store it in text, and it truncates
 * strings in C libraries) and no unpaired UTF-16 surrogate (not valid Unicode, silently mangled
 * when encoded as UTF-8). Checked once for every endpoint (see defineEndpoint), not per field.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const unsafeTextMessages = {
  nul: "must not contain a NUL character",
  surrogate: "must be valid Unicode text",
} as const;

export type UnsafeText = { path: (string | number)[]; message: string };

function problemOf(text: string): string | null {
  if (text.includes("\0")) return unsafeTextMessages.nul;
  return LONE_SURROGATE.test(text) ? unsafeTextMessages.surrogate : null;
}

/**
 * The first string (value or object key) in `value` that is not safe text, with its path, or null.
 * Walks plain data only (what JSON, forms and query strings produce), at most `maxDepth` deep.
 */
export function findUnsafeText(value: unknown, maxDepth = 64): UnsafeText | null {
  const walk = (current: unknown, path: (string | number)[], depth: number): UnsafeText | null => {
    if (typeof current === "string") {
      const message = problemOf(current);
      return message ? { path, message } : null;
    }
    if (typeof current !== "object" || current === null || depth > maxDepth) return null;
    if (Array.isArray(current)) {
      for (const [index, item] of current.entries()) {
        const found = walk(item, [...path, index], depth + 1);
        if (found) return found;
      }
      return null;
    }
    for (const [key, item] of Object.entries(current)) {
      const keyProblem = problemOf(key);
      if (keyProblem) return { path, message: `has a field name that ${keyProblem}` };
      const found = walk(item, [...path, key], depth + 1);
      if (found) return found;
    }
    return null;
  };
  return walk(value, [], 0);
}
