import type { Storybook } from "@wonderkin/contract";
import { BookHeart, Download } from "lucide-react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ProgressBar } from "@/components/ui/progress-bar";
import { formatDate } from "@/lib/format-date";

const formats: Record<Storybook["format"], string> = { a4: "A4", square: "Square, 21 cm" };

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

function BookRow({ book }: { book: Storybook }) {
  const making = book.status === "pending" || book.status === "processing";
  return (
    <li className="flex flex-col gap-3 rounded-2xl bg-canvas p-4 ring-1 ring-line" data-testid="storybook">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="flex min-w-0 flex-1 items-start gap-3">
          <span className="grid size-11 shrink-0 place-items-center rounded-full bg-accent-100 text-accent-600">
            <BookHeart aria-hidden className="size-5" />
          </span>
          <div className="min-w-0 flex-1">
            <p className="font-semibold wrap-anywhere text-ink">{book.title}</p>
            <p className="text-sm text-muted">
              {book.portraitCount} portraits · {formats[book.format]} · ordered {formatDate(book.createdAt)}
              {book.paidWith === "plan" ? " · your plan's book of the month" : ""}
            </p>
          </div>
        </div>
        {book.status === "succeeded" && book.downloadUrl ? (
          <Button asChild variant="secondary" size="sm" className="self-start sm:self-auto">
            <a href={book.downloadUrl} download>
              <Download aria-hidden /> Download PDF{book.bytes ? ` (${megabytes(book.bytes)})` : ""}
            </a>
          </Button>
        ) : null}
      </div>
      {making ? (
        <ProgressBar
          value={book.progress}
          label={`Making "${book.title}"`}
          valueText={book.progress < 10 ? "Waiting for its turn" : `Laying out the pages, ${book.progress}%`}
        />
      ) : null}
      {book.status === "failed" ? <Alert tone="danger">{book.error}</Alert> : null}
    </li>
  );
}

/** The child's books, newest first: being made (with progress), ready to download, or failed. */
export function StorybookList({ books }: { books: readonly Storybook[] }) {
  if (books.length === 0) {
    return <p className="text-sm text-muted">No storybooks yet. Make the first one below.</p>;
  }
  return (
    <ul className="flex flex-col gap-3" aria-label="Storybooks">
      {books.map((book) => (
        <BookRow key={book.id} book={book} />
      ))}
    </ul>
  );
}
