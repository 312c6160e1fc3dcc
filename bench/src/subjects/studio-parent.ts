import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import {
  acceptTermsEndpoint,
  addChildEndpoint,
  CONSENT_AGREEMENT_VERSION,
  completeCheckoutEndpoint,
  createCheckoutSessionEndpoint,
  createUserEndpoint,
  type Endpoint,
  type EndpointRequest,
  type EndpointResponse,
  FAMILY_HEADER,
  getUploadedImagesEndpoint,
  getUserEndpoint,
  keepPhotoEndpoint,
  listOutboxEndpoint,
  type PlanId,
  startTrainingEndpoint,
  trainingStatusEndpoint,
  uploadPhotosPath,
  uploadPhotosResponseSchema,
  userCreditsEndpoint,
  verifyEmailEndpoint,
} from "@wonderkin/contract";

/** Better Auth's own route: it answers the session's bearer token in `set-auth-token`. */
const SIGN_IN_PATH = "/api/auth/sign-in/email";
const PASSWORD = "a long enough bench password";
const TRAINING_TIMEOUT_MS = 60_000;
const CHILD_NAME = "Luna";

/** A signed-in parent as the web app holds one: the bearer token and the family it acts for. */
export type StudioParent = {
  email: string;
  token: string;
  familyId: string;
  childId: number;
  childName: string;
  /** The headers of every product request the web app sends for this parent. */
  headers: Record<string, string>;
};

/** Calls one endpoint of the contract and checks the answer against its response schema. */
export async function callEndpoint<E extends Endpoint>(
  origin: string,
  endpoint: E,
  body: EndpointRequest<E>,
  headers: Record<string, string> = {},
): Promise<EndpointResponse<E>> {
  const response = await fetch(`${origin}${endpoint.path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body ?? {}),
  });
  return readAnswer(response, endpoint.path, (json) => endpoint.response.parse(json) as EndpointResponse<E>);
}

async function readAnswer<T>(response: Response, path: string, parse: (json: unknown) => T): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return parse(JSON.parse(text));
}

/**
 * A parent set up through the HTTP API the way the web app does it, step by step: sign-up, the
 * verification link from the local outbox, sign-in, consent, a plan bought at the local checkout,
 * a child, `photos` uploaded, and the child's model trained (polled until it is). Needs the app to
 * run its worker (training is a job) and to accept as few photos as are given.
 */
export async function parentWithTrainedChild(
  origin: string,
  options: { firstName: string; planId: PlanId; photos: Buffer[] },
): Promise<StudioParent> {
  const parent = await parentWithChild(origin, options);
  await uploadPhotos(origin, parent.headers, parent.childId, options.photos);
  // With face detection on, the sample photos (adults: there are no children's photos) are flagged
  // as looking like an adult; the parent confirms each is their child, as the photos page asks.
  const { photos } = await callEndpoint(
    origin,
    getUploadedImagesEndpoint,
    { childId: parent.childId },
    parent.headers,
  );
  for (const photo of photos.filter((candidate) => candidate.looksAdult)) {
    await callEndpoint(
      origin,
      keepPhotoEndpoint,
      { childId: parent.childId, photoId: photo.id },
      parent.headers,
    );
  }
  await callEndpoint(origin, startTrainingEndpoint, { childId: parent.childId }, parent.headers);
  await waitForTraining(origin, parent.headers, parent.childId);
  return parent;
}

/**
 * A parent set up through the HTTP API as far as a child without photos: sign-up, the verification
 * link from the local outbox, sign-in, consent, a plan bought at the local checkout, a child.
 */
export async function parentWithChild(
  origin: string,
  options: { firstName: string; planId: PlanId },
): Promise<StudioParent> {
  const email = `${options.firstName.toLowerCase()}-${randomBytes(6).toString("hex")}@example.com`;
  await callEndpoint(origin, createUserEndpoint, { firstName: options.firstName, email, password: PASSWORD });
  await callEndpoint(origin, verifyEmailEndpoint, { token: await verificationToken(origin, email) });

  // Better Auth refuses a sign-in without the Origin header every browser sends.
  const signedIn = await fetch(`${origin}${SIGN_IN_PATH}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const token = signedIn.headers.get("set-auth-token");
  const answer = await signedIn.text();
  if (!signedIn.ok || !token) {
    throw new Error(`sign-in answered ${signedIn.status} without a token: ${answer.slice(0, 300)}`);
  }
  const bearer = { authorization: `Bearer ${token}` };

  const user = await callEndpoint(origin, getUserEndpoint, {}, bearer);
  const familyId = user.defaultOrganizationId;
  if (!familyId) throw new Error(`${email} has no family after sign-up`);
  const headers = { ...bearer, [FAMILY_HEADER]: familyId };

  await callEndpoint(
    origin,
    acceptTermsEndpoint,
    {
      version: CONSENT_AGREEMENT_VERSION,
      confirmations: { isParentOrGuardian: true, agreesToProcessing: true },
    },
    headers,
  );
  await buyAtLocalCheckout(origin, headers, { planId: options.planId });

  const child = await callEndpoint(
    origin,
    addChildEndpoint,
    { firstName: CHILD_NAME, age: 6, gender: "girl" },
    headers,
  );
  return { email, token, familyId, childId: child.id, childName: CHILD_NAME, headers };
}

/** The largest top-up pack (150 credits): bought as often as needed when a plan's are not enough. */
const TOP_UP_ID = "top-up-150";

/** Buys top-ups at the local checkout until the parent has at least `credits`; answers the balance. */
export async function ensureCredits(origin: string, parent: StudioParent, credits: number): Promise<number> {
  let { totalCredits } = await callEndpoint(origin, userCreditsEndpoint, {}, parent.headers);
  while (totalCredits < credits) {
    const bought = await buyAtLocalCheckout(origin, parent.headers, { topUpId: TOP_UP_ID });
    if (bought <= totalCredits) throw new Error(`a ${TOP_UP_ID} checkout left the balance at ${bought}`);
    totalCredits = bought;
  }
  return totalCredits;
}

/** A plan or a top-up bought at the local checkout, as its "Pay" button does; answers the balance. */
async function buyAtLocalCheckout(
  origin: string,
  headers: Record<string, string>,
  item: EndpointRequest<typeof createCheckoutSessionEndpoint>,
): Promise<number> {
  const { sessionId } = await callEndpoint(origin, createCheckoutSessionEndpoint, item, headers);
  const { totalCredits } = await callEndpoint(origin, completeCheckoutEndpoint, { sessionId }, headers);
  return totalCredits;
}

/** The token of the newest verification e-mail to `email`, read from the local outbox. */
async function verificationToken(origin: string, email: string): Promise<string> {
  const response = await fetch(`${origin}${listOutboxEndpoint.path}?to=${encodeURIComponent(email)}`);
  const { messages } = await readAnswer(response, listOutboxEndpoint.path, (json) =>
    listOutboxEndpoint.response.parse(json),
  );
  const link = messages.find((message) => message.kind === "email-verification")?.link;
  const token = link ? new URL(link).searchParams.get("token") : null;
  if (!token) throw new Error(`no verification link for ${email} in the outbox`);
  return token;
}

async function uploadPhotos(
  origin: string,
  headers: Record<string, string>,
  childId: number,
  photos: Buffer[],
): Promise<void> {
  const form = new FormData();
  form.append("childId", String(childId));
  for (const [index, photo] of photos.entries()) {
    form.append("file", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), `photo-${index}.jpg`);
  }
  const response = await fetch(`${origin}${uploadPhotosPath}`, { method: "POST", headers, body: form });
  const answer = await readAnswer(response, uploadPhotosPath, (json) =>
    uploadPhotosResponseSchema.parse(json),
  );
  const rejected = answer.results.filter((result) => result.status === "rejected");
  if (rejected.length > 0) {
    throw new Error(`photos refused: ${rejected.map((result) => JSON.stringify(result)).join("; ")}`);
  }
}

async function waitForTraining(origin: string, headers: Record<string, string>, childId: number) {
  const until = Date.now() + TRAINING_TIMEOUT_MS;
  for (;;) {
    const state = await callEndpoint(origin, trainingStatusEndpoint, { childId }, headers);
    if (state.status === "completed") return;
    if (state.status === "failed") throw new Error(`training failed: ${state.failureReason}`);
    if (Date.now() > until) throw new Error(`training still ${state.status} after ${TRAINING_TIMEOUT_MS} ms`);
    await sleep(200);
  }
}
