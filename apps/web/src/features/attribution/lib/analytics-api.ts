import type {
  EndpointRequest,
  identifyEndpoint,
  recordVisitEndpoint,
  submitUserDataEndpoint,
} from "@wonderkin/contract";

/** How the parent signed in: facts the user record does not carry, read from the identity layer. */
export type SignInFacts = {
  /** When the current session began (ISO). */
  lastSignInDate?: string;
  /** "email", "google" or "facebook": the first way the account was signed into. */
  signupAuthentication?: string;
};

/** The analytics calls, injected so the flow can be tested without a server. */
export type AnalyticsApi = {
  recordVisit(request: EndpointRequest<typeof recordVisitEndpoint>): Promise<unknown>;
  identify(request: EndpointRequest<typeof identifyEndpoint>): Promise<unknown>;
  submitUserData(request: EndpointRequest<typeof submitUserDataEndpoint>): Promise<unknown>;
  signInFacts(): Promise<SignInFacts>;
};
