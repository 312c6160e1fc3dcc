import { createServer } from "node:http";
import { OAuth2Server } from "oauth2-mock-server";

/**
 * A local OAuth 2.0 / OpenID Connect provider standing in for Google and Facebook during e2e runs
 * (oauth2-mock-server: discovery, authorize, token, userinfo, signed id tokens). It approves every
 * authorization at once; which person "signs in at the provider" is set through a small control
 * endpoint before each social sign-in (`POST /identity` on the control port).
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

createServer((request, response) => {
  if (request.method !== "POST" || request.url !== "/identity") {
    response.writeHead(404).end();
    return;
  }
  let body = "";
  request.on("data", (chunk: Buffer) => {
    body += chunk.toString();
  });
  request.on("end", () => {
    identity = JSON.parse(body) as ProviderIdentity;
    response.writeHead(204).end();
  });
}).listen(controlPort, "127.0.0.1");

console.log(`local OAuth provider at ${server.issuer.url}, control on ${controlPort}`);
