import path from "node:path";
import type { Env } from "../../config/env";
import { createLocalStorage } from "./local-storage";
import { createS3Storage } from "./s3-storage";
import type { Storage } from "./storage";

export function createStorage(env: Env, options: { secret: string }): Storage {
  if (env.STORAGE_PROVIDER === "s3") {
    return createS3Storage({
      bucket: env.S3_BUCKET ?? "",
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
      // Presigned addresses live as long as the local ones: whoever holds one can use it.
      urlTtlSeconds: env.MEDIA_URL_TTL_SECONDS,
      secret: options.secret,
    });
  }
  return createLocalStorage({
    root: path.join(env.dataDir, "media"),
    secret: options.secret,
    urlTtlSeconds: env.MEDIA_URL_TTL_SECONDS,
  });
}

/** The origin presigned addresses point at, for the Content-Security-Policy (null for local disk). */
export function storageMediaOrigin(env: Env): string | null {
  if (env.STORAGE_PROVIDER !== "s3") return null;
  if (env.S3_ENDPOINT) {
    const endpoint = new URL(env.S3_ENDPOINT);
    return env.S3_FORCE_PATH_STYLE
      ? endpoint.origin
      : `${endpoint.protocol}//${env.S3_BUCKET}.${endpoint.host}`;
  }
  return `https://${env.S3_BUCKET}.s3.${env.S3_REGION}.amazonaws.com`;
}
