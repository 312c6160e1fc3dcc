import { ImageUp } from "lucide-react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { IconBadge } from "@/components/ui/icon-badge";

/** A file left over from an earlier visit: its name, and whether its copy on the device could be read. */
export type UnfinishedFile = { key: string; name: string; file: File | null };

const photos = (count: number) => (count === 1 ? "1 photo" : `${count} photos`);

/** "a.jpg", "a.jpg and b.jpg", "a.jpg, b.jpg and c.jpg". */
function nameList(names: string[]): string {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/**
 * Says which photos an earlier visit did not finish uploading (a refresh, a closed tab, a crash) and
 * offers them again. When the device could not keep a copy of some, it names them so the parent can
 * pick them again: the parent learns what is missing either way.
 */
export function UnfinishedUploadsCard({
  files,
  onUploadAgain,
  onForget,
}: {
  files: UnfinishedFile[];
  onUploadAgain: () => void;
  onForget: () => void;
}) {
  const titleId = useId();
  if (files.length === 0) return null;
  const lost = files.filter((kept) => kept.file === null);
  const readable = files.length - lost.length;
  const them = lost.length === 1 ? "it" : "them";

  return (
    <Card tone="tinted" padding="sm" role="region" aria-labelledby={titleId}>
      <div className="flex items-start gap-3 sm:gap-4">
        <IconBadge icon={ImageUp} size="md" />
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="font-sans text-base font-bold text-ink">
            {photos(files.length)} didn't finish uploading before the page was closed:{" "}
            <span className="font-normal break-words">{files.map((kept) => kept.name).join(", ")}</span>
          </h2>
          {lost.length > 0 ? (
            <p className="mt-2 text-sm text-muted">
              This browser couldn't keep a copy of{" "}
              {lost.length === files.length ? (
                them
              ) : (
                <span className="break-words">{nameList(lost.map((kept) => kept.name))}</span>
              )}
              : choose {them} again from your device to add {them}.
            </p>
          ) : null}
        </div>
      </div>
      {/* One under the other on a phone, full width, easy to tap; side by side from a tablet up. */}
      <div className="mt-4 grid gap-2 sm:flex sm:flex-wrap sm:justify-end">
        {readable > 0 ? (
          <Button size="sm" onClick={onUploadAgain}>
            {readable === files.length
              ? "Upload them again"
              : readable === 1
                ? "Upload the other one again"
                : `Upload the other ${readable} again`}
          </Button>
        ) : null}
        <Button variant="ghost" size="sm" onClick={onForget}>
          Forget them
        </Button>
      </div>
    </Card>
  );
}
