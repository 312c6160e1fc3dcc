import {
  defaultStorybookCaption,
  type GeneratedImage,
  type Plan,
  portraitPictureUrl,
  STORYBOOK_MAX_PAGES,
  STORYBOOK_MIN_PAGES,
  STORYBOOK_TITLE_MAX,
  type StorybookAllowance,
  type StorybookFormat,
  storybookErrorCodes,
} from "@wonderkin/contract";
import { Check, Heart } from "lucide-react";
import { type FormEvent, useEffect, useMemo, useState } from "react";
import { Link } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { paths } from "@/config/paths";
import { ApiError } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { errorMessage } from "@/lib/error-message";
import { useGallery } from "../api/gallery";
import { useCreateStorybook } from "../api/storybooks";
import { initialSelection, isBookable, movePage, toggleSelection } from "../lib/storybook-selection";
import { StorybookPagesEditor } from "./storybook-pages-editor";

const formatOptions = [
  { value: "a4", label: "A4 portrait" },
  { value: "square", label: "Square, 21 cm" },
] as const satisfies readonly { value: StorybookFormat; label: string }[];

/** Who pays for the next book, in a sentence, and the way to more when nothing does. */
function AllowanceLine({
  allowance,
  plan,
}: {
  allowance: StorybookAllowance | undefined;
  plan: Plan | null;
}) {
  if (!allowance) return null;
  if (allowance.leftThisMonth > 0) {
    return <p className="text-sm text-muted">This book is your plan's storybook of the month.</p>;
  }
  if (allowance.purchased > 0) {
    return (
      <p className="text-sm text-muted">
        This book uses one of your {allowance.purchased} storybook{allowance.purchased === 1 ? "" : "s"}.
      </p>
    );
  }
  const sellsBooks = plan?.addOns.some((addOn) => addOn.unit === "book") ?? false;
  return (
    <Alert tone="info">
      {sellsBooks ? (
        <p>
          {allowance.perMonth > 0 ? "You have made this month's storybook. " : ""}
          Each storybook is made with the Storybook add-on.{" "}
          <Link className="font-semibold underline" to={paths.manageSubscription}>
            Add one from your plan's add-ons
          </Link>
          .
        </p>
      ) : (
        <p>
          Storybooks come with the Magician and Oracle plans.{" "}
          <Link className="font-semibold underline" to={paths.selectPlan}>
            See the plans
          </Link>
          .
        </p>
      )}
    </Alert>
  );
}

/** How many are chosen against the 8–24 a book holds, and what is missing. */
function countWords(count: number): string {
  if (count < STORYBOOK_MIN_PAGES) {
    const more = STORYBOOK_MIN_PAGES - count;
    return `${count} chosen: pick ${more} more (a book holds ${STORYBOOK_MIN_PAGES} to ${STORYBOOK_MAX_PAGES}).`;
  }
  return `${count} of at most ${STORYBOOK_MAX_PAGES} chosen.`;
}

/**
 * "Make a storybook": the portraits to put in it (the favourites to start with), their order and
 * captions, a title and a size. The book is made in the background; the list above shows it.
 */
export function StorybookMaker({
  familyId,
  userId,
  childId,
  childName,
  plan,
  allowance,
}: {
  familyId: string;
  userId: string | undefined;
  childId: number;
  childName: string;
  plan: Plan | null;
  allowance: StorybookAllowance | undefined;
}) {
  const gallery = useGallery(familyId, childId);
  const create = useCreateStorybook(familyId, userId);
  const images = useMemo(
    () => (gallery.data?.pages.flatMap((page) => page.images) ?? []).filter(isBookable),
    [gallery.data],
  );
  const [selected, setSelected] = useState<string[] | null>(null);
  const [captions, setCaptions] = useState<Record<string, string>>({});
  const [title, setTitle] = useState(`${childName}'s magical year`);
  const [format, setFormat] = useState<StorybookFormat>("a4");
  const [ordered, setOrdered] = useState<string | null>(null);

  // The favourites are chosen once, when the gallery first arrives.
  useEffect(() => {
    if (selected === null && gallery.data) setSelected(initialSelection(images));
  }, [selected, gallery.data, images]);

  const chosen = selected ?? [];
  const byId = new Map(images.map((image) => [image.id, image]));
  const pages = chosen.flatMap((id) => byId.get(id) ?? []);
  const captionOf = (image: GeneratedImage) =>
    captions[image.id] ?? defaultStorybookCaption(image.styleId, childName);
  const ready =
    pages.length >= STORYBOOK_MIN_PAGES && pages.length <= STORYBOOK_MAX_PAGES && title.trim() !== "";

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    setOrdered(null);
    create.mutate(
      {
        childId,
        title: title.trim(),
        format,
        pages: pages.map((image) => ({ imageId: image.id, caption: captionOf(image).trim() || undefined })),
      },
      { onSuccess: ({ storybook }) => setOrdered(storybook.title) },
    );
  };
  // A portrait gone since the page loaded: read the gallery again so the choice is current.
  const gone =
    create.error instanceof ApiError && create.error.code === storybookErrorCodes.portraitNotInBook;
  useEffect(() => {
    if (gone) void gallery.refetch();
  }, [gone, gallery.refetch]);

  return (
    <form className="flex flex-col gap-6" onSubmit={submit} aria-label="Make a storybook">
      <div className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end">
        <Field label="Title">
          <Input
            value={title}
            maxLength={STORYBOOK_TITLE_MAX}
            onChange={(event) => setTitle(event.target.value)}
          />
        </Field>
        <SegmentedControl
          legend="Size"
          name="storybook-format"
          value={format}
          options={formatOptions}
          onChange={setFormat}
        />
      </div>

      <section aria-labelledby="storybook-pick" className="flex flex-col gap-3">
        <div>
          <h3 id="storybook-pick" className="font-semibold text-ink">
            Portraits
          </h3>
          <p className="text-sm text-muted" aria-live="polite" data-testid="storybook-count">
            {countWords(pages.length)}
          </p>
        </div>
        {gallery.isError ? (
          <Alert tone="danger">{errorMessage(gallery.error, "We couldn't load the portraits.")}</Alert>
        ) : null}
        {gallery.data && images.length === 0 ? (
          <p className="text-sm text-muted">
            There are no finished portraits yet. Create a few in the studio first.
          </p>
        ) : null}
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5 lg:grid-cols-6">
          {images.map((image) => {
            const page = chosen.indexOf(image.id);
            const full = page < 0 && chosen.length >= STORYBOOK_MAX_PAGES;
            return (
              <li key={image.id}>
                <button
                  type="button"
                  aria-pressed={page >= 0}
                  aria-label={`${image.styleId.replaceAll("-", " ")} portrait${image.favourite ? ", a favourite" : ""}`}
                  disabled={full}
                  onClick={() => setSelected(toggleSelection(chosen, image.id))}
                  className={cn(
                    "relative block aspect-4/5 w-full overflow-hidden rounded-xl ring-2 transition",
                    page >= 0 ? "ring-primary-600" : "ring-transparent opacity-80 hover:opacity-100",
                    full && "cursor-not-allowed opacity-40",
                  )}
                >
                  {image.url ? (
                    <img
                      src={portraitPictureUrl(image.url, "thumbnail")}
                      alt=""
                      loading="lazy"
                      className="size-full object-cover"
                    />
                  ) : null}
                  {page >= 0 ? (
                    <span className="absolute top-1.5 left-1.5 grid size-7 place-items-center rounded-full bg-primary-600 text-xs font-bold text-white">
                      {page + 1}
                    </span>
                  ) : null}
                  {image.favourite ? (
                    <Heart
                      aria-hidden
                      className="absolute right-1.5 bottom-1.5 size-4 fill-white text-white"
                    />
                  ) : null}
                  {page >= 0 ? <Check aria-hidden className="sr-only" /> : null}
                </button>
              </li>
            );
          })}
        </ul>
        {gallery.hasNextPage ? (
          <Button
            variant="secondary"
            className="self-start"
            pending={gallery.isFetchingNextPage}
            onClick={() => void gallery.fetchNextPage()}
          >
            Show more portraits
          </Button>
        ) : null}
      </section>

      {pages.length > 0 ? (
        <section aria-labelledby="storybook-pages" className="flex flex-col gap-3">
          <div>
            <h3 id="storybook-pages" className="font-semibold text-ink">
              Pages and captions
            </h3>
            <p className="text-sm text-muted">
              A cover with {childName}'s name comes first and a closing page with the dates last.
            </p>
          </div>
          <StorybookPagesEditor
            pages={pages}
            captionOf={captionOf}
            onCaption={(id, caption) => setCaptions((old) => ({ ...old, [id]: caption }))}
            onMove={(id, by) => setSelected(movePage(chosen, id, by))}
            onRemove={(id) => setSelected(toggleSelection(chosen, id))}
          />
        </section>
      ) : null}

      <div className="flex flex-col gap-3">
        <AllowanceLine allowance={allowance} plan={plan} />
        {create.error ? (
          <Alert tone="danger">
            {errorMessage(create.error, "We couldn't order the storybook. Please try again.")}
          </Alert>
        ) : null}
        {ordered ? (
          <Alert tone="success">
            We're making "{ordered}". It appears above in a minute, and we'll e-mail you when it's ready.
          </Alert>
        ) : null}
        <Button type="submit" className="self-start" disabled={!ready} pending={create.isPending}>
          {create.isPending ? "Ordering…" : "Make the storybook"}
        </Button>
      </div>
    </form>
  );
}
