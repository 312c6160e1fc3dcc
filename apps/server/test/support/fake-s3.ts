import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createS3Storage } from "../../src/providers/storage/s3-storage";
import type { Storage } from "../../src/providers/storage/storage";
import { TEST_AUTH_SECRET } from "./test-secret";

/**
 * A small S3-compatible server on 127.0.0.1 (path-style addressing) answering the calls our S3
 * storage makes: PutObject, GetObject, DeleteObjects and ListObjectsV2. Objects are private:
 * a GET needs the SDK's Authorization header or a presigned address that has not expired.
 */
export type FakeS3 = {
  endpoint: string;
  bucket: string;
  objects: Map<string, { body: Buffer; contentType: string }>;
  close(): Promise<void>;
};

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>${body}`;
const escapeXml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function presignedAndValid(url: URL): boolean | null {
  const signature = url.searchParams.get("X-Amz-Signature");
  if (!signature) return null;
  const date = url.searchParams.get("X-Amz-Date") ?? "";
  const expires = Number(url.searchParams.get("X-Amz-Expires"));
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(date);
  if (!match || !Number.isFinite(expires)) return false;
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  const signedAt = Date.UTC(y ?? 0, (mo ?? 1) - 1, d, h, mi, s);
  return Date.now() <= signedAt + expires * 1000;
}

export async function startFakeS3(bucket = "wonderkin-test"): Promise<FakeS3> {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const [, bucketName, ...rest] = url.pathname.split("/");
    const key = decodeURIComponent(rest.join("/"));
    const send = (status: number, body = "", type = "application/xml") => {
      response.writeHead(status, { "content-type": type });
      response.end(body);
    };
    const error = (status: number, code: string) =>
      send(status, xml(`<Error><Code>${code}</Code><Message>${code}</Message></Error>`));

    if (bucketName !== bucket) return error(404, "NoSuchBucket");
    const presigned = presignedAndValid(url);
    if (presigned === false) return error(403, "AccessDenied");
    if (presigned === null && !request.headers.authorization) return error(403, "AccessDenied");

    if (request.method === "PUT" && key) {
      objects.set(key, {
        body: await readBody(request),
        contentType: String(request.headers["content-type"] ?? "application/octet-stream"),
      });
      response.writeHead(200, { etag: '"fake"' });
      return response.end();
    }
    if (request.method === "GET" && key) {
      const object = objects.get(key);
      if (!object) return error(404, "NoSuchKey");
      response.writeHead(200, { "content-type": object.contentType, "content-length": object.body.length });
      return response.end(object.body);
    }
    if (request.method === "POST" && url.searchParams.has("delete")) {
      const body = (await readBody(request)).toString("utf8");
      for (const match of body.matchAll(/<Key>([^<]*)<\/Key>/g)) {
        objects.delete((match[1] ?? "").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&"));
      }
      return send(200, xml('<DeleteResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"></DeleteResult>'));
    }
    if (request.method === "GET" && url.searchParams.get("list-type") === "2") {
      const prefix = url.searchParams.get("prefix") ?? "";
      const keys = [...objects.keys()].filter((candidate) => candidate.startsWith(prefix)).sort();
      const contents = keys
        .map(
          (candidate) =>
            `<Contents><Key>${escapeXml(candidate)}</Key><Size>${objects.get(candidate)?.body.length}</Size></Contents>`,
        )
        .join("");
      return send(
        200,
        xml(
          `<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${bucket}</Name><Prefix>${escapeXml(prefix)}</Prefix><KeyCount>${keys.length}</KeyCount><MaxKeys>1000</MaxKeys><IsTruncated>false</IsTruncated>${contents}</ListBucketResult>`,
        ),
      );
    }
    return error(400, "NotImplemented");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    objects,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Our S3 storage, pointed at a fake bucket (path-style, test credentials). */
export function storageOnFakeS3(
  s3: FakeS3,
  options: { urlTtlSeconds?: number; secret?: string } = {},
): Storage {
  return createS3Storage({
    bucket: s3.bucket,
    region: "us-east-1",
    endpoint: s3.endpoint,
    accessKeyId: "test",
    secretAccessKey: "test-secret",
    forcePathStyle: true,
    urlTtlSeconds: options.urlTtlSeconds ?? 300,
    // Signs the server's picture addresses: the test apps' media secret (their AUTH_SECRET).
    secret: options.secret ?? TEST_AUTH_SECRET,
  });
}
