import { type DataExport, privacyErrorCodes, type UserRecord } from "@wonderkin/contract";
import { CircleCheck, Download, FileArchive, RefreshCw, Trash2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { ProgressBar } from "@/components/ui/progress-bar";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { ApiError } from "@/lib/api-client";
import { errorMessage } from "@/lib/error-message";
import { formatDate } from "@/lib/format-date";
import { usePublicConfig } from "@/lib/public-config";
import { useDataExportStatus, useRequestDataExport } from "../api/data-export";
import { exportView, formatByteSize } from "../lib/data-export-view";
import { DeleteAccountDialog } from "./delete-account-dialog";

function SectionHeading({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h3 className="font-sans text-lg font-bold text-ink">{title}</h3>
      <p className="mt-0.5 text-muted">{children}</p>
    </div>
  );
}

function ExportPanel({
  current,
  onRequest,
  requesting,
}: {
  current: DataExport | null;
  onRequest: () => void;
  requesting: boolean;
}) {
  const view = exportView(current);
  const requestButton = (label: string) => (
    <Button variant="secondary" className="self-start" pending={requesting} onClick={onRequest}>
      {requesting ? null : <Download aria-hidden />} {label}
    </Button>
  );

  switch (view.kind) {
    case "none":
      return requestButton("Download all your data");
    case "pending":
      return (
        <div className="flex flex-col gap-3 rounded-2xl bg-primary-50/70 p-4 ring-1 ring-primary-100">
          <div className="flex items-center justify-between gap-3 text-sm">
            <span className="font-semibold text-ink">Preparing your data…</span>
            <span className="font-semibold text-primary-700 tabular-nums">{view.progress}%</span>
          </div>
          <ProgressBar value={view.progress} label="Preparing your data" />
          <p className="text-sm text-muted">
            This can take a few minutes. You can leave this page: we'll e-mail you a link when it's ready.
          </p>
        </div>
      );
    case "ready":
      return (
        <div className="flex flex-col gap-4 rounded-2xl bg-success-50 p-4 ring-1 ring-success-600/15 sm:flex-row sm:items-center">
          <div className="flex min-w-0 flex-1 items-start gap-3">
            <CircleCheck className="mt-0.5 size-5 shrink-0 text-success-600" aria-hidden />
            <div className="min-w-0 text-sm text-success-700">
              <p className="font-semibold">
                Your data is ready{view.byteSize !== null ? ` (${formatByteSize(view.byteSize)})` : ""}.
              </p>
              <p className="mt-0.5">
                We also e-mailed you the link, which works for 24 hours.
                {view.expiresAt
                  ? ` The file is kept until ${formatDate(view.expiresAt)}, then deleted; until then you can download it here.`
                  : ""}
              </p>
            </div>
          </div>
          <Button asChild className="shrink-0 self-start max-sm:ml-8 sm:self-center">
            <a href={view.url} download>
              <FileArchive aria-hidden /> Download zip
            </a>
          </Button>
        </div>
      );
    case "failed":
      return (
        <>
          <Alert tone="danger">We couldn't prepare your data. Please try again.</Alert>
          {requestButton("Try again")}
        </>
      );
    case "expired":
      return (
        <>
          <p className="text-sm text-muted">
            Your copy of {formatDate(view.createdAt)} has expired and was deleted.
          </p>
          {requestButton("Download all your data")}
        </>
      );
  }
}

function DataExportSection({ user }: { user: UserRecord }) {
  const status = useDataExportStatus(user.betterAuthUid);
  const request = useRequestDataExport(user.betterAuthUid);
  // Another tab (or a double click) started one already: its progress shows instead of an error.
  const failed =
    request.isError &&
    !(request.error instanceof ApiError && request.error.code === privacyErrorCodes.exportInProgress);
  const ready = status.data?.status === "ready";
  // Previews only where this deployment makes them (the public config's own setting).
  const previews = usePublicConfig().data?.previews;

  return (
    <div className="flex flex-col gap-4">
      <SectionHeading title="Download all your data">
        A zip of everything we keep about you and your children: your account, families, children, consents,
        credits and payments, with every photo{previews ? ", portrait and preview" : " and portrait"}.
      </SectionHeading>
      {status.isPending ? (
        <div className="grid min-h-11 place-items-start">
          <Spinner label="Checking for a copy of your data" />
        </div>
      ) : status.isError ? (
        <Alert tone="danger">
          <p>{errorMessage(status.error, "We couldn't check for a copy of your data.")}</p>
          <Button variant="link" className="mt-1" onClick={() => void status.refetch()}>
            <RefreshCw aria-hidden /> Try again
          </Button>
        </Alert>
      ) : (
        <ExportPanel
          current={status.data}
          requesting={request.isPending}
          onRequest={() => request.mutate()}
        />
      )}
      {failed ? (
        <Alert tone="danger">
          {errorMessage(request.error, "We couldn't start your copy. Please try again.")}
        </Alert>
      ) : null}
      {ready ? (
        <Button
          variant="link"
          size="sm"
          padding="none"
          className="self-start"
          pending={request.isPending}
          onClick={() => request.mutate()}
        >
          {request.isPending ? null : <RefreshCw aria-hidden />} Prepare a new copy
        </Button>
      ) : null}
    </div>
  );
}

function DeleteAccountSection({ user }: { user: UserRecord }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between sm:gap-6">
      <SectionHeading title="Delete your account">
        Closes your account for good. Families only you are in are deleted, with their children's photos and
        portraits.
      </SectionHeading>
      <Button variant="danger" className="shrink-0 self-start sm:self-center" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden /> Delete account
      </Button>
      <DeleteAccountDialog user={user} open={open} onOpenChange={setOpen} />
    </div>
  );
}

/** Account settings' "Your data": a copy of everything, and closing the account. */
export function YourDataCard({ user }: { user: UserRecord }) {
  return (
    <Card id="your-data" className="scroll-mt-24">
      <CardTitle size="md">Your data</CardTitle>
      <CardDescription>
        Take a copy of everything, or close your account. Read how we look after it in our{" "}
        <Link
          to={paths.privacyPolicy}
          className="font-semibold text-primary-700 underline-offset-4 hover:underline"
        >
          privacy policy
        </Link>
        .
      </CardDescription>
      <div className="mt-6 flex flex-col gap-6">
        <DataExportSection user={user} />
        <div className="border-t border-line pt-6">
          <DeleteAccountSection user={user} />
        </div>
      </div>
    </Card>
  );
}
