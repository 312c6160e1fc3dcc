import { useMutation } from "@tanstack/react-query";
import { ImageUp, Loader2, Trash2 } from "lucide-react";
import { type ReactNode, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { errorMessage } from "@/lib/error-message";
import { acceptedPictureTypes, pictureFileProblem, readFileAsDataUrl } from "@/lib/picture-file";
import { toast } from "@/lib/toast";

/**
 * Choosing, checking, reading and sending a new picture, and removing the current one: the family
 * picture and a parent's own (decision 0059) work the same way. `upload` gets the file as a data
 * URL; both return the caller's own mutation (which refreshes its data), so this only adds the
 * states the control shows.
 */
export function usePictureUpload(options: {
  upload: (picture: string) => Promise<unknown>;
  remove: () => Promise<unknown>;
  /** The toasts after a saved and a removed picture. */
  savedMessage: string;
  removedMessage: string;
}) {
  const upload = useMutation({ mutationFn: options.upload });
  const remove = useMutation({ mutationFn: options.remove });
  const [problem, setProblem] = useState<string | null>(null);
  const [reading, setReading] = useState(false);

  const clear = () => {
    setProblem(null);
    upload.reset();
    remove.reset();
  };

  const choose = async (file: File | undefined) => {
    if (!file) return;
    clear();
    const refused = pictureFileProblem(file);
    if (refused) {
      setProblem(refused);
      return;
    }
    setReading(true);
    let picture: string;
    try {
      picture = await readFileAsDataUrl(file);
    } catch {
      setProblem("We couldn't read that file. Choose another picture.");
      return;
    } finally {
      setReading(false);
    }
    upload.mutate(picture, { onSuccess: () => toast.success(options.savedMessage) });
  };

  const removePicture = () => {
    clear();
    remove.mutate(undefined, { onSuccess: () => toast.success(options.removedMessage) });
  };

  const failure =
    problem ??
    (upload.isError ? errorMessage(upload.error, "We couldn't save the picture. Please try again.") : null) ??
    (remove.isError ? errorMessage(remove.error, "We couldn't remove the picture. Please try again.") : null);

  return {
    choose,
    removePicture,
    uploading: reading || upload.isPending,
    removing: remove.isPending,
    failure,
  };
}

export type PictureUpload = ReturnType<typeof usePictureUpload>;

/** The current picture, dimmed under a spinner while a new one uploads or the old one is removed. */
export function PictureBusy({
  picture,
  className,
  children,
}: {
  picture: PictureUpload;
  /** The picture's rounding, so the veil has the same shape. */
  className: string;
  children: ReactNode;
}) {
  const busy = picture.uploading || picture.removing;
  return (
    <div className="relative shrink-0" aria-busy={busy || undefined}>
      {children}
      {busy ? (
        <span
          className={cn("absolute inset-0 grid place-items-center bg-night-950/55 text-white", className)}
        >
          <Loader2 className="size-7 animate-spin" aria-hidden />
          <span className="sr-only" role="status">
            {picture.uploading ? "Uploading the picture" : "Removing the picture"}
          </span>
        </span>
      ) : null}
    </div>
  );
}

const defaultWords = { upload: "Upload picture", change: "Change picture", remove: "Remove picture" };

/**
 * The buttons under a picture: upload (or change) and remove, then what went wrong, or which files
 * fit. `label` names the hidden file input for assistive technology and tests.
 */
export function PictureUploadButtons({
  picture,
  label,
  hasPicture,
  words = defaultWords,
}: {
  picture: PictureUpload;
  label: string;
  hasPicture: boolean;
  words?: { upload: string; change: string; remove: string };
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <input
          ref={inputRef}
          type="file"
          accept={acceptedPictureTypes.join(",")}
          aria-label={label}
          className="hidden"
          onChange={(event) => {
            void picture.choose(event.target.files?.[0]);
            // Choosing the same file again must still count as a change.
            event.target.value = "";
          }}
        />
        <Button
          variant="secondary"
          size="sm"
          pending={picture.uploading}
          disabled={picture.removing}
          onClick={() => inputRef.current?.click()}
        >
          {picture.uploading ? null : <ImageUp aria-hidden />}
          {picture.uploading ? "Uploading…" : hasPicture ? words.change : words.upload}
        </Button>
        {hasPicture ? (
          <Button
            variant="ghost"
            size="sm"
            pending={picture.removing}
            disabled={picture.uploading}
            onClick={picture.removePicture}
          >
            {picture.removing ? null : <Trash2 aria-hidden />} {words.remove}
          </Button>
        ) : null}
      </div>
      {picture.failure ? (
        <Alert tone="danger">{picture.failure}</Alert>
      ) : (
        <p className="text-sm text-muted">JPEG, PNG or WebP, at most 5 MB. We crop it to a square.</p>
      )}
    </div>
  );
}
