// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { consentErrorCodes, photoErrorCodes, photoMessage } from "@wonderkin/contract";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api-client";
import { type UploadedPhotoResult, uploadPhotoFile } from "../api/upload-photo";
import { PhotoDropZone } from "./photo-drop-zone";
import { UploadQueueList } from "./upload-queue-list";
import { UPLOAD_CONCURRENCY, usePhotoUploads } from "./use-photo-uploads";

// The network boundary (an XMLHttpRequest per file): each upload here is a promise the test settles.
vi.mock("../api/upload-photo", () => ({ uploadPhotoFile: vi.fn() }));
const uploadMock = vi.mocked(uploadPhotoFile);

type Upload = {
  file: File;
  signal: AbortSignal | undefined;
  progress: (loaded: number, total: number) => void;
  accept: () => void;
  fail: (error: unknown) => void;
};
let uploads: Upload[] = [];

const limits = { min: 10, max: 30, maxMegabytes: 15 };

function accepted(file: File, photoCount: number): UploadedPhotoResult {
  return {
    photo: {
      id: `photo-${file.name}`,
      url: `/media/${file.name}`,
      thumbnailUrl: `/media/${file.name}?thumb`,
      width: 1200,
      height: 1600,
      blurry: false,
      originalName: file.name,
      createdAt: "2026-11-22T10:00:00.000Z",
      identity: "match",
      looksAdult: false,
      qualityRank: 1,
      qualityIssues: [],
      faceBox: null,
    },
    photoCount,
    limits,
  };
}

beforeEach(() => {
  uploads = [];
  uploadMock.mockReset();
  uploadMock.mockImplementation(
    ({ file, onProgress, signal }) =>
      new Promise<UploadedPhotoResult>((resolve, reject) => {
        uploads.push({
          file,
          signal,
          progress: (loaded, total) => act(() => onProgress({ loaded, total })),
          accept: () => resolve(accepted(file, uploads.length)),
          fail: reject,
        });
      }),
  );
  // jsdom has no object URLs; the previews only need an address.
  URL.createObjectURL = vi.fn((file: Blob) => `blob:${(file as File).name}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(cleanup);

/** The upload page's uploader, as upload-photos-page.tsx wires it: drop zone, hook and queue. */
function Uploader({
  uploadedCount,
  onConsentNeeded,
}: {
  uploadedCount: number;
  onConsentNeeded: (error: unknown) => void;
}) {
  const queue = usePhotoUploads({ familyId: "family-1", childId: 7, limits, uploadedCount, onConsentNeeded });
  return (
    <>
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

function renderUploader({ uploadedCount = 0 } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onConsentNeeded = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <Uploader uploadedCount={uploadedCount} onConsentNeeded={onConsentNeeded} />
    </QueryClientProvider>,
  );
  return { onConsentNeeded };
}

function photo(name: string, { type = "image/jpeg", size = 2 * 1024 * 1024 } = {}): File {
  const file = new File(["pixels"], name, { type });
  Object.defineProperty(file, "size", { value: size });
  return file;
}

/** Picks files as the parent does. Files dropped on the zone skip the picker's `accept` filter. */
async function pick(...files: File[]) {
  const user = userEvent.setup({ applyAccept: false });
  await user.upload(screen.getByLabelText("Photos to upload"), files);
}

/** Lets the settled upload promises reach the hook. */
async function settle(action: () => void) {
  await act(async () => {
    action();
  });
}

const queue = () => within(screen.getByRole("list", { name: "Photos in this upload" }));
const rowOf = (name: string) => {
  const row = queue()
    .getAllByRole("listitem")
    .find((item) => item.textContent?.includes(name));
  if (!row) throw new Error(`${name} is not in the queue`);
  return within(row);
};
const overall = () => screen.getByRole("progressbar", { name: "All photos in this upload" });
// The hidden words after "Try again" start with a space that jsdom's name computation drops.
const tryAgain = (name: string) => new RegExp(`^Try again ?with ${name.replace(".", "\\.")}$`);
const summaryLine = () => screen.getByText(/^(All done|Done):/);

describe("usePhotoUploads with the upload queue", () => {
  it("asks the parent to tap their child in a group photo, sends it again with the tap, then the others on their own", async () => {
    renderUploader();
    await pick(photo("party.jpg"), photo("picnic.jpg"));
    const choose = (faces: { x: number; y: number; width: number; height: number }[]) =>
      new ApiError(
        422,
        photoErrorCodes.chooseChild,
        photoMessage("chooseChild", { name: "Luna", count: 2 }),
        {
          faces,
        },
      );
    const twoFaces = [
      { x: 0.6, y: 0.2, width: 0.2, height: 0.3 },
      { x: 0.1, y: 0.3, width: 0.2, height: 0.3 },
    ];
    await settle(() => uploads[0]?.fail(choose(twoFaces)));
    await settle(() => uploads[1]?.fail(choose(twoFaces)));
    expect(summaryLine().textContent).toBe("Done: 0 photos added. Tap Luna in 2 group photos below.");
    expect(
      rowOf("party.jpg").getByText("We see 2 people in this photo. Tap Luna so we know whose face to keep."),
    ).toBeTruthy();
    // The photo as picked, a button over each face, named from the left.
    expect(rowOf("party.jpg").getByRole("img", { name: "party.jpg: 2 people" })).toBeTruthy();
    const user = userEvent.setup();
    await user.click(rowOf("party.jpg").getByRole("button", { name: "Luna is face 2 of 2, from the left" }));

    expect(uploadMock).toHaveBeenCalledTimes(3);
    expect(uploads[2]?.file.name).toBe("party.jpg");
    expect(uploadMock.mock.calls[2]?.[0].faceAt).toEqual({ x: 0.7, y: 0.35 });
    // The other group photo waits for its own tap until the tapped one is taken.
    expect(
      rowOf("picnic.jpg").getByRole("button", { name: "Luna is face 1 of 2, from the left" }),
    ).toBeTruthy();

    await settle(() => uploads[2]?.accept());
    // Now the set knows Luna's face: the other photo is sent again, on its own, without a tap.
    expect(uploadMock).toHaveBeenCalledTimes(4);
    expect(uploads[3]?.file.name).toBe("picnic.jpg");
    expect(uploadMock.mock.calls[3]?.[0].faceAt).toBeNull();
    // Asked again (two faces both like Luna): it waits for a tap, and is not sent again by itself.
    await settle(() => uploads[3]?.fail(choose(twoFaces)));
    expect(
      rowOf("picnic.jpg").getByRole("button", { name: "Luna is face 1 of 2, from the left" }),
    ).toBeTruthy();
    expect(uploadMock).toHaveBeenCalledTimes(4);
  });

  it("lists the picked files and shows each one's progress, then the photos added", async () => {
    renderUploader();
    await pick(photo("beach.jpg"), photo("garden.jpg", { size: 800 * 1024 }));

    expect(uploadMock).toHaveBeenCalledTimes(2);
    expect(uploadMock.mock.calls[0]?.[0]).toMatchObject({ childId: 7, familyId: "family-1" });
    expect(screen.getByRole("heading", { name: "Uploading" })).toBeTruthy();
    expect(rowOf("beach.jpg").getByText("2 MB")).toBeTruthy();
    expect(rowOf("garden.jpg").getByText("800 KB")).toBeTruthy();
    const beachBar = screen.getByRole("progressbar", { name: "Uploading beach.jpg" });
    expect(beachBar.getAttribute("aria-valuenow")).toBe("0");

    uploads[0]?.progress(500, 1000);
    expect(beachBar.getAttribute("aria-valuenow")).toBe("50");
    expect(rowOf("beach.jpg").getByText("50%")).toBeTruthy();
    // Half of one file's bytes out of two files (sending is 90 % of each file's share).
    expect(overall().getAttribute("aria-valuenow")).toBe("23");
    expect(screen.getByText("0 of 2 · 23%")).toBeTruthy();

    uploads[0]?.progress(1000, 1000);
    expect(rowOf("beach.jpg").getByText("Checking…")).toBeTruthy();

    await settle(() => uploads[0]?.accept());
    // An accepted photo leaves the queue for the photo grid.
    expect(queue().queryByText("beach.jpg")).toBeNull();
    expect(screen.getByText("1 of 2 · 50%")).toBeTruthy();

    await settle(() => uploads[1]?.accept());
    expect(screen.getByRole("heading", { name: "Upload finished" })).toBeTruthy();
    expect(summaryLine().textContent).toBe("All done: 2 photos added.");
    expect(overall().getAttribute("aria-valuenow")).toBe("100");
    expect(screen.queryByRole("list", { name: "Photos in this upload" })).toBeNull();
  });

  it(`sends ${UPLOAD_CONCURRENCY} files at once; the others wait their turn`, async () => {
    renderUploader();
    await pick(photo("1.jpg"), photo("2.jpg"), photo("3.jpg"), photo("4.jpg"));
    expect(uploadMock).toHaveBeenCalledTimes(3);
    expect(rowOf("4.jpg").getByText("Waiting…")).toBeTruthy();

    await settle(() => uploads[1]?.accept());
    expect(uploadMock).toHaveBeenCalledTimes(4);
    expect(uploads[3]?.file.name).toBe("4.jpg");
    expect(rowOf("4.jpg").queryByText("Waiting…")).toBeNull();
    expect(screen.getByRole("progressbar", { name: "Uploading 4.jpg" })).toBeTruthy();
  });

  it("shows why an upload failed and sends the same file again on Try again", async () => {
    renderUploader();
    const file = photo("party.jpg");
    await pick(file);
    await settle(() =>
      uploads[0]?.fail(
        new ApiError(0, "NETWORK_ERROR", "The upload was interrupted. Check your connection and try again."),
      ),
    );

    expect(
      rowOf("party.jpg").getByText("The upload was interrupted. Check your connection and try again."),
    ).toBeTruthy();
    expect(rowOf("party.jpg").getByText("Not sent:", { exact: false })).toBeTruthy();
    expect(summaryLine().textContent).toBe("Done: 0 photos added, 1 wasn't. See why below.");

    await userEvent.click(rowOf("party.jpg").getByRole("button", { name: tryAgain("party.jpg") }));
    expect(uploadMock).toHaveBeenCalledTimes(2);
    expect(uploads[1]?.file).toBe(file);
    expect(screen.getByRole("heading", { name: "Uploading" })).toBeTruthy();
    expect(queue().queryByText(/interrupted/)).toBeNull();

    await settle(() => uploads[1]?.accept());
    expect(summaryLine().textContent).toBe("All done: 1 photo added.");
    expect(screen.queryByRole("button", { name: /Try again/ })).toBeNull();
  });

  it("offers Try again after a server error too, with the server's words", async () => {
    renderUploader();
    await pick(photo("zoo.jpg"));
    await settle(() =>
      uploads[0]?.fail(new ApiError(503, "UNAVAILABLE", "Wonderkin is busy. Try again in a minute.")),
    );
    expect(rowOf("zoo.jpg").getByText("Wonderkin is busy. Try again in a minute.")).toBeTruthy();
    expect(rowOf("zoo.jpg").getByRole("button", { name: tryAgain("zoo.jpg") })).toBeTruthy();
  });

  it("keeps a photo the server refused with its reason, without a Try again, until dismissed", async () => {
    renderUploader();
    await pick(photo("blurry.jpg"), photo("good.jpg"));
    await settle(() => {
      uploads[0]?.fail(new ApiError(422, photoErrorCodes.noFace, photoMessage("noFace")));
      uploads[1]?.accept();
    });

    expect(rowOf("blurry.jpg").getByText(photoMessage("noFace"))).toBeTruthy();
    expect(rowOf("blurry.jpg").getByText("Not added:", { exact: false })).toBeTruthy();
    expect(rowOf("blurry.jpg").queryByText(/checked on this device/)).toBeNull();
    expect(screen.queryByRole("button", { name: /Try again/ })).toBeNull();
    expect(summaryLine().textContent).toBe("Done: 1 photo added, 1 wasn't. See why below.");

    await userEvent.click(screen.getByRole("button", { name: "Dismiss it" }));
    expect(screen.queryByRole("list", { name: "Photos in this upload" })).toBeNull();
  });

  it("shows the server's words for a photo of someone other than the child", async () => {
    renderUploader();
    await pick(photo("cousin.jpg"));
    const message = photoMessage("differentPerson", { name: "Mia" });
    await settle(() => uploads[0]?.fail(new ApiError(422, photoErrorCodes.differentPerson, message)));

    expect(message).toBe("This looks like someone other than Mia. Use photos of Mia only.");
    expect(rowOf("cousin.jpg").getByText(message)).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Try again/ })).toBeNull();
    expect(summaryLine().textContent).toBe("Done: 0 photos added, 1 wasn't. See why below.");
  });

  it("shows the safety check's kind words next to the photo it refused, without a Try again", async () => {
    renderUploader();
    await pick(photo("bath.jpg"), photo("park.jpg"));
    const message = photoMessage("notSuitable", { name: "Mia" });
    await settle(() => {
      uploads[0]?.fail(new ApiError(422, photoErrorCodes.notSuitable, message));
      uploads[1]?.accept();
    });

    expect(message).toContain("Please choose photos where Mia is fully dressed, like everyday clothes.");
    expect(rowOf("bath.jpg").getByText(message)).toBeTruthy();
    expect(rowOf("bath.jpg").getByText("Not added:", { exact: false })).toBeTruthy();
    expect(queue().queryByText("park.jpg")).toBeNull();
    expect(screen.queryByRole("button", { name: /Try again/ })).toBeNull();
    expect(summaryLine().textContent).toBe("Done: 1 photo added, 1 wasn't. See why below.");
  });

  it("refuses a file too big or not a photo on the device, before sending anything", async () => {
    renderUploader();
    await pick(
      photo("huge.jpg", { size: 16 * 1024 * 1024 }),
      photo("notes.pdf", { type: "application/pdf", size: 40 * 1024 }),
      photo("IMG_0001.HEIC", { type: "image/heic" }),
    );

    expect(uploadMock).not.toHaveBeenCalled();
    expect(rowOf("huge.jpg").getByText(photoMessage("tooLarge", { maxMegabytes: 15 }))).toBeTruthy();
    expect(rowOf("notes.pdf").getByText(photoMessage("unsupportedType"))).toBeTruthy();
    expect(rowOf("IMG_0001.HEIC").getByText(photoMessage("heic"))).toBeTruthy();
    for (const name of ["huge.jpg", "notes.pdf", "IMG_0001.HEIC"]) {
      expect(rowOf(name).getByText("(checked on this device; nothing was sent)")).toBeTruthy();
    }
    expect(screen.queryByRole("button", { name: /Try again/ })).toBeNull();
    expect(summaryLine().textContent).toBe("Done: 0 photos added, 3 weren't. See why below.");
  });

  it("sends the good files of a mixed pick and refuses the rest", async () => {
    renderUploader();
    await pick(photo("ok.jpg"), photo("huge.png", { type: "image/png", size: 20 * 1024 * 1024 }));
    expect(uploadMock).toHaveBeenCalledOnce();
    expect(uploads[0]?.file.name).toBe("ok.jpg");
    expect(rowOf("huge.png").getByText(photoMessage("tooLarge", { maxMegabytes: 15 }))).toBeTruthy();
  });

  it("refuses files beyond the most photos allowed", async () => {
    renderUploader({ uploadedCount: 29 });
    await pick(photo("last.jpg"), photo("one-too-many.jpg"));
    expect(uploadMock).toHaveBeenCalledOnce();
    expect(uploads[0]?.file.name).toBe("last.jpg");
    expect(rowOf("one-too-many.jpg").getByText(photoMessage("limitReached", { max: 30 }))).toBeTruthy();
  });

  it("stops an upload the parent cancels, and forgets it", async () => {
    renderUploader();
    await pick(photo("oops.jpg"));
    await userEvent.click(screen.getByRole("button", { name: "Cancel upload of oops.jpg" }));
    expect(uploads[0]?.signal?.aborted).toBe(true);
    expect(screen.queryByText("oops.jpg")).toBeNull();
  });

  it("asks before a refresh or a closed tab only while a photo is being sent", async () => {
    // The browser shows its own question when the event's default is prevented.
    const closingIsQuestioned = () => {
      const event = new Event("beforeunload", { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    renderUploader();
    expect(closingIsQuestioned()).toBe(false);
    await pick(photo("sent.jpg"));
    expect(closingIsQuestioned()).toBe(true);
    await settle(() => uploads[0]?.accept());
    expect(closingIsQuestioned()).toBe(false);
  });

  it("hands a missing consent to the page, to send the parent to the agreement", async () => {
    const { onConsentNeeded } = renderUploader();
    await pick(photo("first.jpg"));
    const error = new ApiError(403, consentErrorCodes.consentRequired, "Please accept the agreement first.");
    await settle(() => uploads[0]?.fail(error));
    expect(onConsentNeeded).toHaveBeenCalledWith(error);
    expect(rowOf("first.jpg").getByText("Please accept the agreement first.")).toBeTruthy();
  });
});
