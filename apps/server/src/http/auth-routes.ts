import type { FastifyInstance } from "fastify";
import type { Auth } from "../auth/create-auth";

/**
 * Hands /api/auth/* to Better Auth. The body is passed through untouched (Better Auth parses it
 * itself, and OAuth callbacks may post forms), so this plugin keeps raw bodies in its own scope.
 */
export function authRoutes(auth: Auth) {
  return async (app: FastifyInstance) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: 65_536 }, (_request, body, done) =>
      done(null, body),
    );

    app.route({
      method: ["GET", "POST"],
      url: "/api/auth/*",
      async handler(request, reply) {
        const url = new URL(request.url, `${request.protocol}://${request.host}`);
        const headers = new Headers();
        for (const [key, value] of Object.entries(request.headers)) {
          if (value === undefined) continue;
          for (const item of Array.isArray(value) ? value : [value]) headers.append(key, item);
        }
        const body = request.body as Buffer | undefined;
        const response = await auth.handler(
          new Request(url, {
            method: request.method,
            headers,
            body: body && body.length > 0 ? new Uint8Array(body) : undefined,
          }),
        );
        reply.status(response.status);
        response.headers.forEach((value, key) => {
          // Several cookies come as separate set-cookie headers; Headers joins them otherwise.
          if (key !== "set-cookie") reply.header(key, value);
        });
        const cookies = response.headers.getSetCookie();
        if (cookies.length > 0) reply.header("set-cookie", cookies);
        return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
      },
    });
  };
}
