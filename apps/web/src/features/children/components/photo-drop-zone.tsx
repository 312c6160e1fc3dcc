import { Camera, ImagePlus } from "lucide-react";
import { type DragEvent, useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";

/** Files dragged in may include folders or text; only files are kept. */
function filesOf(list: FileList | null | undefined): File[] {
  return list ? Array.from(list) : [];
}

/** Phones: a touch screen, or a screen as narrow as one (the camera button does no harm elsewhere). */
const phoneOnly = "hidden max-sm:inline pointer-coarse:inline";
const desktopOnly = "max-sm:hidden pointer-coarse:hidden";

const hasFiles = (event: DragEvent | globalThis.DragEvent) =>
  Array.from(event.dataTransfer?.types ?? []).includes("Files");

/**
 * Where photos come in: dragged onto the zone, picked from the device (many at once), or taken
 * with the phone's camera. A file dropped elsewhere on the page is ignored rather than opened by
 * the browser in place of the page.
 */
export function PhotoDropZone({
  onFiles,
  disabled,
  disabledReason,
  maxMegabytes,
}: {
  onFiles: (files: File[]) => void;
  disabled: boolean;
  disabledReason?: string;
  maxMegabytes: number;
}) {
  const pickerRef = useRef<HTMLInputElement>(null);
  const cameraRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const depth = useRef(0);

  useEffect(() => {
    const ignore = (event: globalThis.DragEvent) => {
      if (hasFiles(event)) event.preventDefault();
    };
    window.addEventListener("dragover", ignore);
    window.addEventListener("drop", ignore);
    return () => {
      window.removeEventListener("dragover", ignore);
      window.removeEventListener("drop", ignore);
    };
  }, []);

  const take = (list: FileList | null) => {
    const files = filesOf(list);
    if (files.length > 0) onFiles(files);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the drop target; the buttons inside are the keyboard way in
    <div
      onDragEnter={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        depth.current += 1;
        setDragging(true);
      }}
      onDragOver={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = disabled ? "none" : "copy";
      }}
      onDragLeave={() => {
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setDragging(false);
      }}
      onDrop={(event) => {
        event.preventDefault();
        depth.current = 0;
        setDragging(false);
        if (!disabled) take(event.dataTransfer.files);
      }}
      className={cn(
        "flex flex-col items-center rounded-(--radius-card) border-2 border-dashed px-6 py-9 text-center transition-colors sm:py-12",
        disabled
          ? "border-line bg-canvas"
          : dragging
            ? "border-primary-500 bg-primary-50"
            : "border-primary-200 bg-surface",
      )}
    >
      <span
        className={cn(
          "grid size-16 place-items-center rounded-full transition-transform",
          disabled ? "bg-canvas text-subtle ring-1 ring-line" : "bg-primary-100 text-primary-700",
          dragging && !disabled && "scale-110",
        )}
      >
        <ImagePlus className="size-8" aria-hidden />
      </span>
      <p className="mt-4 font-display text-xl font-semibold text-ink">
        {dragging && !disabled ? (
          "Drop them here"
        ) : (
          <>
            <span className={desktopOnly}>Drag photos here</span>
            <span className={phoneOnly}>Add photos</span>
          </>
        )}
      </p>
      <p className="mt-1 text-muted">
        <span className={desktopOnly}>or pick them from this computer, several at once.</span>
        <span className={phoneOnly}>Pick several from your library, or take new ones.</span>
      </p>
      <div className="mt-5 flex flex-wrap justify-center gap-3">
        <Button disabled={disabled} onClick={() => pickerRef.current?.click()}>
          <ImagePlus aria-hidden /> Choose photos
        </Button>
        <Button variant="secondary" phoneOnly disabled={disabled} onClick={() => cameraRef.current?.click()}>
          <Camera aria-hidden /> Take a photo
        </Button>
      </div>
      <p className="mt-4 max-w-md text-xs text-muted">
        {disabled && disabledReason
          ? disabledReason
          : `JPEG, PNG, WebP or AVIF, up to ${maxMegabytes} MB each. iPhone photos picked here arrive as JPEG.`}
      </p>
      <input
        ref={pickerRef}
        type="file"
        accept="image/*"
        multiple
        hidden
        aria-label="Photos to upload"
        onChange={(event) => {
          take(event.target.files);
          // Picking the same files again must still count.
          event.target.value = "";
        }}
      />
      <input
        ref={cameraRef}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        aria-label="Take a photo with the camera"
        onChange={(event) => {
          take(event.target.files);
          event.target.value = "";
        }}
      />
    </div>
  );
}
