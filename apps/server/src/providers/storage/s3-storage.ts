import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { createMinuteMemo } from "../../lib/minute-memo";
import { signedMediaRouteUrl } from "./local-storage";
import { assertSafeKey, type Storage, safeDownloadName } from "./storage";

const MINUTE_MS = 60_000;

export type S3StorageOptions = {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  forcePathStyle: boolean;
  /** How long a presigned address works. */
  urlTtlSeconds: number;
  /**
   * Signs the server's own picture addresses (pictureUrl), which send the browser on to the
   * bucket: the media secret, as for local files.
   */
  secret: string;
};

/** S3 or any S3-compatible service. Objects stay private; the browser gets presigned GET addresses. */
export function createS3Storage(options: S3StorageOptions): Storage {
  const client = new S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
  });
  const Bucket = options.bucket;
  const presigned = createMinuteMemo<Promise<string>>();

  return {
    kind: "s3",
    async put(key, body, contentType) {
      assertSafeKey(key);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }));
    },
    async get(key) {
      assertSafeKey(key);
      try {
        const result = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return result.Body ? Buffer.from(await result.Body.transformToByteArray()) : null;
      } catch (error) {
        if ((error as { name?: string }).name === "NoSuchKey") return null;
        throw error;
      }
    },
    async delete(keys) {
      for (let start = 0; start < keys.length; start += 1000) {
        const chunk = keys.slice(start, start + 1000);
        chunk.forEach(assertSafeKey);
        await client.send(
          new DeleteObjectsCommand({
            Bucket,
            Delete: { Objects: chunk.map((Key) => ({ Key })), Quiet: true },
          }),
        );
      }
    },
    async list(prefix) {
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }),
        );
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return keys;
    },
    async signedUrl(key, urlOptions) {
      assertSafeKey(key);
      const disposition = urlOptions?.downloadName
        ? `attachment; filename="${safeDownloadName(urlOptions.downloadName)}"`
        : undefined;
      const expiresIn = urlOptions?.expiresInSeconds ?? options.urlTtlSeconds;
      // Signed as of the start of the minute, as local addresses expire on a minute: the address is
      // the same on every poll within it (cacheable by the browser, and presigned once per minute
      // instead of once per request) and never outlives its lifetime.
      const minute = Math.floor(Date.now() / MINUTE_MS);
      const memoKey = `${key}\u0000${disposition ?? ""}\u0000${expiresIn}`;
      const signed = presigned.get(minute, memoKey, () =>
        getSignedUrl(
          client,
          new GetObjectCommand({ Bucket, Key: key, ResponseContentDisposition: disposition }),
          { expiresIn, signingDate: new Date(minute * MINUTE_MS) },
        ),
      );
      return signed.catch((error: unknown) => {
        presigned.forget(minute, memoKey);
        throw error;
      });
    },
    pictureUrl: (key) => signedMediaRouteUrl(options.secret, key, options.urlTtlSeconds),
  };
}
