import type { GenericOAuthConfig } from "better-auth/plugins/generic-oauth";
import type { Env } from "../../../config/env";

type ProfileCapture = (email: string | undefined) => void;

/**
 * Google (OpenID Connect, discovered) and Facebook (OAuth 2.0 with the Graph API profile), each on
 * when its client id and secret are configured. Scopes as spec §7: `email profile` and
 * `email public_profile`. `captureEmail` lets the auth route tell the sign-in page which address a
 * refused sign-in was for (see auth-routes.ts).
 */
export function socialProviderConfigs(env: Env, captureEmail: ProfileCapture): GenericOAuthConfig[] {
  const configs: GenericOAuthConfig[] = [];
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) {
    configs.push({
      providerId: "google",
      clientId: env.GOOGLE_CLIENT_ID,
      clientSecret: env.GOOGLE_CLIENT_SECRET,
      discoveryUrl: env.GOOGLE_DISCOVERY_URL,
      scopes: ["email", "profile"],
      pkce: true,
      mapProfileToUser: (profile) => {
        captureEmail(typeof profile.email === "string" ? profile.email : undefined);
        return {
          firstName: String(profile.given_name ?? ""),
          lastName: String(profile.family_name ?? ""),
          image: typeof profile.picture === "string" ? profile.picture : undefined,
        };
      },
    });
  }
  if (env.FACEBOOK_CLIENT_ID && env.FACEBOOK_CLIENT_SECRET) {
    configs.push({
      providerId: "facebook",
      clientId: env.FACEBOOK_CLIENT_ID,
      clientSecret: env.FACEBOOK_CLIENT_SECRET,
      authorizationUrl: env.FACEBOOK_AUTHORIZATION_URL,
      tokenUrl: env.FACEBOOK_TOKEN_URL,
      userInfoUrl: env.FACEBOOK_USERINFO_URL,
      scopes: ["email", "public_profile"],
      mapProfileToUser: (profile) => {
        captureEmail(typeof profile.email === "string" ? profile.email : undefined);
        const picture =
          typeof profile.picture === "string"
            ? profile.picture
            : (profile.picture as { data?: { url?: string } } | undefined)?.data?.url;
        return {
          firstName: String(profile.first_name ?? ""),
          lastName: String(profile.last_name ?? ""),
          image: picture,
          // Facebook only returns addresses its users have confirmed.
          emailVerified: typeof profile.email === "string",
        };
      },
    });
  }
  return configs;
}
