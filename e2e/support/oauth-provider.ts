import { createServer } from "node:http";
import { OAuth2Server } from "oauth2-mock-server";

/**
 * A local OAuth 2.0 / OpenID Connect provider standing in for Google and Facebook during e2e runs
 * (oauth2-mock-server: discovery, authorize, token, userinfo, signed id tokens). It approves every
 * authorization at once; which person "signs in at the provider" is set through a small control
 * endpoint before each social sign-in (`POST /identity` on the control port, leased: see below).
 */
export type ProviderIdentity = {
  sub: string;
  email: string;
  givenName: string;
  familyName: string;
  picture: string;
};

const port = Number(process.env.E2E_OAUTH_PORT ?? 3101);
const controlPort = port + 1;

let identity: ProviderIdentity = {
  sub: "provider-user-1",
  email: "social@example.com",
  givenName: "Sam",
  familyName: "Social",
  picture: "https://example.com/sam.png",
};

const server = new OAuth2Server();
await server.issuer.keys.generate("RS256");

server.service.on("beforeTokenSigning", (token) => {
  Object.assign(token.payload, {
    sub: identity.sub,
    email: identity.email,
    email_verified: true,
    given_name: identity.givenName,
    family_name: identity.familyName,
    name: `${identity.givenName} ${identity.familyName}`,
    picture: identity.picture,
  });
});

// Graph-API-shaped profile for Facebook, OIDC claims for Google: both read from the same person.
server.service.on("beforeUserinfo", (response) => {
  response.body = {
    sub: identity.sub,
    id: identity.sub,
    email: identity.email,
    email_verified: true,
    given_name: identity.givenName,
    family_name: identity.familyName,
    first_name: identity.givenName,
    last_name: identity.familyName,
    name: `${identity.givenName} ${identity.familyName}`,
    picture: { data: { url: identity.picture } },
  };
  response.statusCode = 200;
});

await server.start(port, "127.0.0.1");

/**
 * The provider has one "person at the provider" for the whole run, and the desktop and phone runs
 * of a spec sign in at the same time. So the identity is leased: `POST /identity` with a `holder`
 * (the test's id) is answered once no other test holds it — at once, or when the holder releases it
 * (`POST /identity/release`) — and a test's own later calls replace its identity. A lease left by a
 * test that died without releasing it lapses after LEASE_MS (a hang guard, far beyond any sign-in).
 */
const LEASE_MS = 120_000;
let lease: { holder: string; until: number } | null = null;
const waiting: { holder: string; identity: ProviderIdentity; answer: () => void }[] = [];

function grant(holder: string, next: ProviderIdentity, answer: () => void): void {
  lease = { holder, until: Date.now() + LEASE_MS };
  identity = next;
  answer();
}

function grantNext(): void {
  lease = null;
  const next = waiting.shift();
  if (next) grant(next.holder, next.identity, next.answer);
}

setInterval(() => {
  if (lease && lease.until < Date.now()) grantNext();
}, 1_000).unref();

createServer((request, response) => {
  let body = "";
  request.on("data", (chunk: Buffer) => {
    body += chunk.toString();
  });
  request.on("end", () => {
    if (request.method === "POST" && request.url === "/identity") {
      const { holder, ...next } = JSON.parse(body) as ProviderIdentity & { holder: string };
      const answer = () => response.writeHead(204).end();
      if (!lease || lease.holder === holder) grant(holder, next, answer);
      else waiting.push({ holder, identity: next, answer });
    } else if (request.method === "POST" && request.url === "/identity/release") {
      const { holder } = JSON.parse(body) as { holder: string };
      if (lease?.holder === holder) grantNext();
      response.writeHead(204).end();
    } else {
      response.writeHead(404).end();
    }
  });
}).listen(controlPort, "127.0.0.1");

console.log(`local OAuth provider at ${server.issuer.url}, control on ${controlPort}`);
