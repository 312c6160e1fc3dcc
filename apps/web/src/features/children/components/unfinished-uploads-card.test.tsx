// @vitest-environment jsdom
import "fake-indexeddb/auto";
import { File as NodeFile } from "node:buffer";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { photoErrorCodes, photoMessage } from "@wonderkin/contract";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api-client";
import { readKeptFiles } from "@/lib/kept-files";
import { type UploadedPhotoResult, uploadPhotoFile } from "../api/upload-photo";
import { PhotoDropZone } from "./photo-drop-zone";
import { UnfinishedUploadsCard } from "./unfinished-uploads-card";
import { UploadQueueList } from "./upload-queue-list";
import { usePhotoUploads } from "./use-photo-uploads";
import { unfinishedUploadsScope, useUnfinishedUploads } from "./use-unfinished-uploads";

// The network boundary: each upload is a promise the test settles, or leaves on its way.
vi.mock("../api/upload-photo", () => ({ uploadPhotoFile: vi.fn() }));
const uploadMock = vi.mocked(uploadPhotoFile);

type Upload = { file: File; accept: () => void; fail: (error: unknown) => void };
let uploads: Upload[] = [];

const limits = { min: 10, max: 30, maxMegabytes: 15 };

function accepted(file: File): UploadedPhotoResult {
  return {
    photo: {
      id: `photo-${file.name}`,
      url: `/media/${file.name}`,
      thumbnailUrl: `/media/${file.name}?thumb`,
      width: 1200,
      height: 1600,
      blurry: false,
      originalName: file.name,
      createdAt: "2026-11-28T10:00:00.000Z",
      identity: "match",
      looksAdult: false,
      qualityRank: 1,
      qualityIssues: [],
      faceBox: null,
    },
    photoCount: 1,
    limits,
  };
}

beforeEach(() => {
  uploads = [];
  uploadMock.mockReset();
  uploadMock.mockImplementation(
    ({ file }) =>
      new Promise<UploadedPhotoResult>((resolve, reject) => {
        uploads.push({ file, accept: () => resolve(accepted(file)), fail: reject });
      }),
  );
  URL.createObjectURL = vi.fn((file: Blob) => `blob:${(file as File).name}`);
  URL.revokeObjectURL = vi.fn();
  localStorage.clear();
});
afterEach(cleanup);

/** The upload page's uploader as upload-photos-page.tsx wires it: the card, drop zone, hook and queue. */
function Uploader({ childId }: { childId: number }) {
  const unfinished = useUnfinishedUploads({ familyId: "family-1", childId });
  const queue = usePhotoUploads({
    familyId: "family-1",
    childId,
    limits,
    uploadedCount: 0,
    onConsentNeeded: () => {},
    keeper: unfinished.keeper,
  });
  return (
    <>
      <UnfinishedUploadsCard
        files={unfinished.unfinished}
        onUploadAgain={() => unfinished.uploadAgain(queue.add)}
        onForget={unfinished.forget}
      />
      <PhotoDropZone onFiles={queue.add} disabled={false} maxMegabytes={limits.maxMegabytes} />
      <UploadQueueList
        items={queue.state.items}
        summary={queue.summary}
        childName="Luna"
        previewOf={queue.previewOf}
        onRemove={queue.remove}
        onRetry={queue.retry}
        onTapFace={queue.tapFace}
        onDismissProblems={queue.dismissProblems}
      />
    </>
  );
}

/** One visit of the page; unmounting it stands for the refresh (nothing more is written after it). */
function visit(childId: number) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <Uploader childId={childId} />
    </QueryClientProvider>,
  );
}

// Node's File survives IndexedDB's structured clone, as a browser's does; jsdom's does not, so a
// jsdom File stands for a copy the browser could not keep.
const photo = (name: string) => new NodeFile(["pixels"], name, { type: "image/jpeg" }) as unknown as File;
const unkeepable = (name: string) => new File(["pixels"], name, { type: "image/jpeg" });

async function pick(...files: File[]) {
  const user = userEvent.setup({ applyAccept: false });
  await user.upload(screen.getByLabelText("Photos to upload"), files);
}

const keptNames = async (childId: number) =>
  (await readKeptFiles(unfinishedUploadsScope("family-1", childId))).map((kept) => kept.name);

/** Waits until the device holds exactly these files for the child (the writes are not awaited by the page). */
async function keptAre(childId: number, names: string[]) {
  await vi.waitFor(async () => expect(await keptNames(childId)).toEqual(names));
}

const card = () => screen.findByRole("region", { name: /didn't finish uploading/ });

describe("UnfinishedUploadsCard with the upload queue", () => {
  it("names the photos a closed page did not finish, and Upload them again queues them", async () => {
    const first = visit(1);
    await pick(photo("a.jpg"), photo("b.jpg"), photo("c.jpg"), photo("d.jpg"), photo("e.jpg"));
    await keptAre(1, ["a.jpg", "b.jpg", "c.jpg", "d.jpg", "e.jpg"]);
    // Accepted and refused files are settled: neither is offered again. Nor one the parent removed.
    await act(async () => {
      uploads[0]?.accept();
      uploads[1]?.fail(new ApiError(422, photoErrorCodes.noFace, photoMessage("noFace")));
    });
    await userEvent.click(screen.getByRole("button", { name: "Cancel upload of c.jpg" }));
    await keptAre(1, ["d.jpg", "e.jpg"]);
    first.unmount();

    visit(1);
    const shown = await card();
    expect(shown.querySelector("h2")?.textContent).toBe(
      "2 photos didn't finish uploading before the page was closed: d.jpg, e.jpg",
    );
    uploadMock.mockClear();
    await userEvent.click(within(shown).getByRole("button", { name: "Upload them again" }));

    // Back in the ordinary queue, sent like any picked file.
    expect(uploadMock.mock.calls.map(([options]) => options.file.name)).toEqual(["d.jpg", "e.jpg"]);
    expect(screen.getByRole("list", { name: "Photos in this upload" }).textContent).toContain("e.jpg");
    expect(screen.queryByRole("region", { name: /didn't finish uploading/ })).toBeNull();
    // Kept again under this visit, and only once.
    await keptAre(1, ["d.jpg", "e.jpg"]);
  });

  it("does not offer another child's unfinished photos", async () => {
    const first = visit(2);
    await pick(photo("mia.jpg"));
    await keptAre(2, ["mia.jpg"]);
    first.unmount();

    expect(await keptNames(3)).toEqual([]);
    visit(2);
    expect((await card()).textContent).toContain("mia.jpg");
  });

  it("forgets them on Forget them", async () => {
    const first = visit(4);
    await pick(photo("a.jpg"));
    await keptAre(4, ["a.jpg"]);
    first.unmount();

    visit(4);
    await userEvent.click(within(await card()).getByRole("button", { name: "Forget them" }));
    expect(screen.queryByRole("region", { name: /didn't finish uploading/ })).toBeNull();
    await keptAre(4, []);
  });

  it("names the photos the browser could not keep and asks for them from the device", async () => {
    const first = visit(5);
    await pick(unkeepable("lost.jpg"), photo("kept.jpg"));
    await keptAre(5, ["lost.jpg", "kept.jpg"]);
    first.unmount();

    visit(5);
    const shown = await card();
    expect(shown.textContent).toContain(
      "This browser couldn't keep a copy of lost.jpg: choose it again from your device to add it.",
    );
    uploadMock.mockClear();
    await userEvent.click(within(shown).getByRole("button", { name: "Upload the other one again" }));
    expect(uploadMock.mock.calls.map(([options]) => options.file.name)).toEqual(["kept.jpg"]);

    // Only the lost one is left to name, until the parent lets it go.
    expect(shown.querySelector("h2")?.textContent).toBe(
      "1 photo didn't finish uploading before the page was closed: lost.jpg",
    );
    expect(within(shown).queryByRole("button", { name: /Upload/ })).toBeNull();
    await userEvent.click(within(shown).getByRole("button", { name: "Forget them" }));
    await keptAre(5, ["kept.jpg"]);
  });
});
