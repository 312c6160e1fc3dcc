import { readFile } from "node:fs/promises";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { GO_MESSAGE, type UploadCall, type UploadGeneratorMessage, type UploadPlan } from "./uploads";

/*
 * Child process started by uploads.ts: reads the photos, says it is ready, uploads on "go" (every
 * parent at once, each with `concurrency` uploads on their way, one photo per request as the web
 * app sends them), sends the result back over IPC and exits.
 */

async function upload(plan: UploadPlan, photos: Buffer[]): Promise<UploadCall[]> {
  const one = async (uploader: number, photo: number): Promise<UploadCall> => {
    const { headers, childId } = plan.uploaders[uploader] ?? { headers: {}, childId: 0 };
    const form = new FormData();
    // The server reads the child's id before the file, as the web app sends them.
    form.append("childId", String(childId));
    const bytes = photos[photo] ?? Buffer.alloc(0);
    form.append(
      "file",
      new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }),
      path.basename(plan.photoFiles[photo] ?? "photo.jpg"),
    );
    const began = performance.now();
    const response = await fetch(plan.url, { method: "POST", headers, body: form });
    const text = await response.text();
    const latencyMs = performance.now() - began;
    let code: string | null = null;
    if (!response.ok) {
      try {
        const json = JSON.parse(text) as { code?: unknown };
        code = typeof json.code === "string" ? json.code : null;
      } catch {}
    }
    return { uploader, photo, status: response.status, code, latencyMs };
  };
  const parent = async (uploader: number): Promise<UploadCall[]> => {
    const calls: UploadCall[] = [];
    let next = 0;
    const lane = async () => {
      while (next < photos.length) {
        const photo = next++;
        calls.push(await one(uploader, photo));
      }
    };
    await Promise.all(Array.from({ length: plan.concurrency }, lane));
    return calls;
  };
  return (await Promise.all(plan.uploaders.map((_, uploader) => parent(uploader)))).flat();
}

function reply(message: UploadGeneratorMessage, exit: boolean): void {
  // Exit only once the message is handed over, or the parent could see the exit first.
  process.send?.(message, () => {
    if (exit) process.exit(0);
  });
}

async function main(): Promise<void> {
  const plan = JSON.parse(process.argv[2] ?? "{}") as UploadPlan;
  const photos = await Promise.all(plan.photoFiles.map((file) => readFile(file)));
  const go = new Promise<void>((resolve) => {
    process.on("message", (message) => {
      if (message === GO_MESSAGE) resolve();
    });
  });
  reply({ ready: true }, false);
  await go;
  const start = performance.now();
  const calls = await upload(plan, photos);
  reply({ ok: true, result: { wallMs: performance.now() - start, calls } }, true);
}

main().catch((error: unknown) =>
  reply({ ok: false, error: error instanceof Error ? error.message : String(error) }, true),
);
