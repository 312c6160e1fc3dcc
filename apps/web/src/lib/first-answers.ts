import {
  FIRST_ANSWERS_ELEMENT_ID,
  type FirstAnswer,
  type FirstAnswers,
  firstAnswerKey,
} from "@wonderkin/contract/rules";

/**
 * The answers the server put into a signed-in page (decision 0064), each given out once to the
 * first request that asks exactly it, so the page's first queries do not wait for a round trip
 * each. Later asks (a refetch, a poll) go to the server as always. They describe the moment the page
 * was served, so what is left of them is dropped at the first change the page makes (any mutation,
 * `discardFirstAnswers`) and 15 seconds after the page started, whichever comes first: a query that
 * first runs later asks the server.
 */
const USABLE_FOR_MS = 15_000;

type Waiting = { answers: Map<string, FirstAnswer>; sessionToken: string; readAt: number };

let waiting: Waiting | null | undefined;
/** Whether the answers are all there is: a server render asks nothing of the network. */
let answersOnly = false;
export const onlyFirstAnswers = () => answersOnly;

function isFirstAnswers(value: unknown): value is FirstAnswers {
  if (typeof value !== "object" || value === null) return false;
  const candidate = value as Partial<FirstAnswers>;
  return typeof candidate.sessionToken === "string" && Array.isArray(candidate.answers);
}

function waitingFor(parsed: FirstAnswers): Waiting {
  const answers = new Map(
    parsed.answers.map((answer) => [firstAnswerKey(answer.method, answer.path, answer.body), answer]),
  );
  return { answers, sessionToken: parsed.sessionToken, readAt: Date.now() };
}

/** The embedded block, read once (and taken out of the page, so nothing else reads it later). */
function readEmbedded(doc: Document | undefined): Waiting | null {
  const element = doc?.getElementById(FIRST_ANSWERS_ELEMENT_ID);
  const text = element?.textContent;
  element?.remove();
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return isFirstAnswers(parsed) ? waitingFor(parsed) : null;
  } catch {
    return null;
  }
}

/** The session token a stored bearer value names: the signed form is `token.signature`. */
function holdsSession(stored: string, sessionToken: string): boolean {
  return stored === sessionToken || stored.startsWith(`${sessionToken}.`);
}

/**
 * The embedded answer to this request, if the page has one and it still applies: asked with the
 * session this browser holds, for the family it acts for, within a minute of the page starting.
 * Each answer is given out once.
 */
export function takeFirstAnswer(
  request: {
    method: string;
    path: string;
    body: unknown;
    token: string | null | undefined;
    organizationId: string | null | undefined;
  },
  doc: Document | undefined = globalThis.document,
): { payload: unknown } | null {
  if (waiting === undefined) waiting = readEmbedded(doc);
  if (!waiting || waiting.answers.size === 0) return null;
  if (
    Date.now() - waiting.readAt > USABLE_FOR_MS ||
    !request.token ||
    !holdsSession(request.token, waiting.sessionToken)
  ) {
    waiting.answers.clear();
    return null;
  }
  const key = firstAnswerKey(request.method, request.path, request.body ?? null);
  const answer = waiting.answers.get(key);
  if (!answer) return null;
  if (answer.familyId !== null && answer.familyId !== (request.organizationId ?? null)) return null;
  waiting.answers.delete(key);
  return { payload: answer.payload };
}

/**
 * What a server render of a signed-in page asks instead of the network (decision 0066): these
 * answers, and nothing else (`callApi` fails a request they do not answer at once, before any
 * fetch). Null forgets them. The server entry renders one page at a time.
 */
export function provideFirstAnswers(answers: FirstAnswers | null): void {
  waiting = answers ? waitingFor(answers) : null;
  answersOnly = answers !== null;
}

/** Drops every answer not yet given out: the page has changed something since it was served. */
export function discardFirstAnswers(doc: Document | undefined = globalThis.document): void {
  if (waiting === undefined) waiting = readEmbedded(doc);
  waiting?.answers.clear();
}

/** Tests: forget what was read, so the next call reads the page again. */
export function resetFirstAnswers(): void {
  waiting = undefined;
  answersOnly = false;
}
