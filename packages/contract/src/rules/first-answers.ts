/**
 * The answers a signed-in page asks for as soon as its scripts run (the session, the parent's
 * record, the family's children and plan, and on the studio its portraits), embedded by the server
 * into the page it serves when the browser carries the session cookie (decision 0064), so the page
 * does not wait for them one round trip after another.
 */
export const FIRST_ANSWERS_ELEMENT_ID = "wonderkin-first-answers";

/** One embedded answer: what was asked (as the web app asks it) and the server's 2xx answer. */
export type FirstAnswer = {
  method: "GET" | "POST";
  path: string;
  /** The request body as sent (null for a GET). */
  body: unknown;
  /** The family the answer is about (the `organization-id` header it was asked with), or null. */
  familyId: string | null;
  payload: unknown;
};

/** The embedded block: the answers, for the session whose token they were asked with. */
export type FirstAnswers = {
  /** The session's token (unsigned): the page uses the answers only while it holds this session. */
  sessionToken: string;
  answers: FirstAnswer[];
};

/**
 * A request's identity for matching an embedded answer: method, path and the body with its keys
 * sorted at every level, so the server and the browser agree however each built the object.
 */
export function firstAnswerKey(method: string, path: string, body: unknown): string {
  return `${method.toUpperCase()} ${path} ${JSON.stringify(sortedKeys(body ?? null))}`;
}

function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortedKeys((value as Record<string, unknown>)[key])]),
  );
}
