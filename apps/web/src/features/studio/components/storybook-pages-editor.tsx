import { type GeneratedImage, portraitPictureUrl, STORYBOOK_CAPTION_MAX } from "@wonderkin/contract";
import { ArrowDown, ArrowUp, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

/**
 * The book's pages in order, each with its caption (the category's, until the parent writes one),
 * with ways to move a page or take it out.
 */
export function StorybookPagesEditor({
  pages,
  captionOf,
  onCaption,
  onMove,
  onRemove,
}: {
  pages: readonly GeneratedImage[];
  captionOf: (image: GeneratedImage) => string;
  onCaption: (id: string, caption: string) => void;
  onMove: (id: string, by: -1 | 1) => void;
  onRemove: (id: string) => void;
}) {
  return (
    <ol className="flex flex-col gap-3" aria-label="Pages of the book">
      {pages.map((image, index) => (
        // On a phone the caption takes a line of its own under the picture and the buttons.
        <li
          key={image.id}
          className="flex flex-wrap items-center gap-3 rounded-2xl bg-canvas p-2 ring-1 ring-line"
        >
          <span className="w-6 shrink-0 text-center text-sm font-semibold text-muted">{index + 1}</span>
          {image.url ? (
            <img
              src={portraitPictureUrl(image.url, "thumbnail")}
              alt=""
              className="h-16 w-13 shrink-0 rounded-lg object-cover"
              loading="lazy"
            />
          ) : null}
          <Input
            className="order-last min-w-0 basis-full sm:order-none sm:basis-0 sm:flex-1"
            aria-label={`Caption of page ${index + 1}`}
            value={captionOf(image)}
            maxLength={STORYBOOK_CAPTION_MAX}
            onChange={(event) => onCaption(image.id, event.target.value)}
          />
          <div className="ml-auto flex shrink-0">
            <Button
              variant="ghost"
              size="icon-sm"
              disabled={index === 0}
              onClick={() => onMove(image.id, -1)}
              aria-label={`Move page ${index + 1} earlier`}
            >
              <ArrowUp aria-hidden />
            </Button>
            <Button
              variant="ghost"
              size="icon-sm"
              disabled={index === pages.length - 1}
              onClick={() => onMove(image.id, 1)}
              aria-label={`Move page ${index + 1} later`}
            >
              <ArrowDown aria-hidden />
            </Button>
            <Button
              variant="ghost-danger"
              size="icon-sm"
              onClick={() => onRemove(image.id)}
              aria-label={`Take page ${index + 1} out`}
            >
              <X aria-hidden />
            </Button>
          </div>
        </li>
      ))}
    </ol>
  );
}
