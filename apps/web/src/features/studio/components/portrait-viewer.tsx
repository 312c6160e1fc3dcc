import * as DialogPrimitive from "@radix-ui/react-dialog";
import {
  GENERATION_CREDIT_COST,
  type GeneratedImage,
  type PlanEntitlements,
  studioErrorCodes,
  studioMessages,
} from "@wonderkin/contract";
import {
  ChevronLeft,
  ChevronRight,
  Clapperboard,
  Download,
  Link2,
  Link2Off,
  Printer,
  RefreshCcw,
  Share2,
  Trash2,
  Wand2,
  X,
} from "lucide-react";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { formatCredits } from "@/entities/billing/format-credits";
import { styleTitle } from "@/entities/catalogue/catalogue";
import { PreviewBadge } from "@/entities/previews/preview-tiles";
import { ApiError } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { errorMessage } from "@/lib/error-message";
import { formatDate } from "@/lib/format-date";
import { toast } from "@/lib/toast";
import { useDeleteImage, usePrintImage } from "../api/gallery";
import { useRegenerate } from "../api/generation";
import { printLeftWords } from "../lib/print-words";
import { portraitRequestError } from "../lib/request-error";
import { canShareImageFiles, portraitFileName } from "../lib/share";
import { sharedUntilWords } from "../lib/share-links";
import { FavouriteButton, useToggleFavourite } from "./favourite-button";
import { LikenessCheck } from "./portrait-likeness";
import { PortraitVideoAction } from "./portrait-video-action";
import { usePortraitSharing } from "./use-portrait-sharing";

type Scope = { familyId: string; childId: number; userId: string | undefined };

const printPlanPath = `${paths.selectPlan}?changePlan=1`;

function ActionButton({
  icon: Icon,
  label,
  onClick,
  pending = false,
  tone = "default",
}: {
  icon: typeof Download;
  label: string;
  onClick: () => void;
  pending?: boolean;
  tone?: "default" | "danger";
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={pending}
      aria-busy={pending || undefined}
      className={cn(
        "flex min-w-0 flex-1 flex-col items-center gap-1 rounded-2xl px-2 py-2 text-xs font-semibold text-white/90 transition-colors sm:flex-none sm:flex-row sm:gap-2 sm:rounded-full sm:px-4 sm:text-sm",
        "disabled:opacity-60",
        tone === "danger" ? "hover:bg-danger-600/80" : "hover:bg-white/10",
      )}
    >
      <Icon className={cn("size-5 sm:size-4", pending && "animate-pulse")} aria-hidden />
      {label}
    </button>
  );
}

type PrintUpsell = { message: string; offerPlans: boolean; offerAddOn?: boolean };

/** What a print answered when the plan has no prints left or none at all. */
function printProblem(error: unknown): PrintUpsell | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === studioErrorCodes.printNotIncluded)
    return { message: error.message, offerPlans: true, offerAddOn: true };
  if (error.code === studioErrorCodes.printAllowanceUsed)
    return { message: error.message, offerPlans: false };
  return null;
}

const printNotIncluded: PrintUpsell = {
  message: `${studioMessages.printNotIncluded} It brings 10 A4 files a month, ready for the printer.`,
  offerPlans: true,
  offerAddOn: true,
};

/**
 * A finished portrait at full size, with the next and previous ones (arrow keys or buttons), and
 * what can be done with it: download, share (where the device can), make a new version, print,
 * delete. Escape closes it. A free preview is marked as one and offers to be made with the child's
 * own model instead of a new version, and no print.
 */
export function PortraitViewer({
  scope,
  images,
  index,
  onIndexChange,
  onClose,
  childName,
  balance,
  entitlements,
  canDelete,
  onRegenerated,
}: {
  scope: Scope;
  images: readonly GeneratedImage[];
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  childName: string;
  balance: number | null;
  entitlements: PlanEntitlements | null;
  canDelete: (image: GeneratedImage) => boolean;
  onRegenerated: () => void;
}) {
  const image = index === null ? null : (images[index] ?? null);
  const open = image !== null;
  const [confirm, setConfirm] = useState<"regenerate" | "delete" | "print-upsell" | null>(null);
  const [upsell, setUpsell] = useState<PrintUpsell>(printNotIncluded);
  const regenerate = useRegenerate(scope);
  const remove = useDeleteImage(scope.familyId, scope.childId);
  const print = usePrintImage(scope.familyId);
  const toggleFavourite = useToggleFavourite(scope.familyId, scope.childId);
  const linkSharing = usePortraitSharing(scope.familyId, scope.childId);
  const [sharing, setSharing] = useState(false);
  const [loadedId, setLoadedId] = useState<string | null>(null);
  const shareable = useMemo(
    () => canShareImageFiles(typeof navigator === "undefined" ? undefined : navigator),
    [],
  );

  // A portrait deleted (here or elsewhere) leaves the index past the end: show the last one.
  useEffect(() => {
    if (index !== null && images.length > 0 && index >= images.length) onIndexChange(images.length - 1);
    if (index !== null && images.length === 0) onClose();
  }, [index, images.length, onIndexChange, onClose]);

  if (!image || index === null) return <DialogPrimitive.Root open={false} />;

  const title = styleTitle(image.styleId);
  const hasPrevious = index > 0;
  const hasNext = index < images.length - 1;
  const go = (next: number) => {
    if (next >= 0 && next < images.length) onIndexChange(next);
  };
  const cost = GENERATION_CREDIT_COST;
  const short = balance !== null && balance < cost;
  // A free preview is made again with the child's own model; a portrait gets a new version.
  const preview = image.kind === "preview";
  const again = preview
    ? {
        action: `Make this one with ${childName}'s model`,
        title: `Make this one with ${childName}'s model?`,
        description: `A ${title} portrait made with ${childName}'s own model, so it looks more like ${childName}. It costs ${formatCredits(cost)}; the preview stays in the gallery.`,
        confirm: `Make it · ${formatCredits(cost)}`,
        done: "Your portrait is on its way.",
        failed: "We couldn't start the portrait. Please try again.",
      }
    : {
        action: "Regenerate",
        title: "Make a new version?",
        description: `A fresh ${title} portrait of ${childName}, with a new twist. It costs ${formatCredits(cost)}; this one stays in the gallery.`,
        confirm: `Regenerate · ${formatCredits(cost)}`,
        done: "A new version is on its way.",
        failed: "We couldn't start a new version. Please try again.",
      };

  const share = async () => {
    if (!image.url) return;
    setSharing(true);
    try {
      const response = await fetch(image.url);
      const blob = await response.blob();
      const file = new File([blob], portraitFileName(childName, title, blob.type), { type: blob.type });
      await navigator.share({ files: [file], title: `${childName} as ${title}` });
    } catch (error) {
      if (!(error instanceof DOMException && error.name === "AbortError")) {
        toast.error("We couldn't share this portrait. Try downloading it instead.");
      }
    } finally {
      setSharing(false);
    }
  };

  const startPrint = () => {
    // Even on a plan without prints, files bought with the Ready to print add-on may be there
    // (decision 0033): the server decides, and its PRINT_NOT_INCLUDED opens the upsell.
    print.mutate(image.id, {
      onSuccess: ({ url, remainingThisMonth, purchasedLeft }) => {
        const left = printLeftWords(remainingThisMonth, purchasedLeft);
        // Still within the click's user activation in most browsers; otherwise the toast opens it.
        const opened = window.open(url, "_blank", "noopener");
        if (opened === null) {
          toast.success("Your A4 print file is ready.", {
            description: left,
            action: { label: "Open", onClick: () => window.open(url, "_blank", "noopener") },
          });
        } else {
          toast.success("Your A4 print file is ready.", { description: left });
        }
      },
      onError: (error) => {
        const problem = printProblem(error);
        if (problem) {
          // The add-on is sold with Magician: a plan with prints of its own (Oracle) is not sent to it.
          const ownPrints = (entitlements?.readyToPrintPerMonth ?? 0) > 0;
          setUpsell(ownPrints ? { ...problem, offerAddOn: false } : problem);
          setConfirm("print-upsell");
        } else toast.error(errorMessage(error, "We couldn't prepare the print file. Please try again."));
      },
    });
  };

  const actions: ReactNode[] = [];
  if (image.downloadUrl) {
    actions.push(
      <a
        key="download"
        href={image.downloadUrl}
        download
        className="flex min-w-0 flex-1 flex-col items-center gap-1 rounded-2xl bg-white px-2 py-2 text-xs font-bold text-night-950 transition-colors hover:bg-accent-100 sm:flex-none sm:flex-row sm:gap-2 sm:rounded-full sm:px-5 sm:text-sm"
      >
        <Download className="size-5 sm:size-4" aria-hidden /> Download
      </a>,
    );
  }
  if (shareable && image.url) {
    actions.push(
      <ActionButton key="share" icon={Share2} label="Share" pending={sharing} onClick={() => void share()} />,
    );
  } else if (linkSharing.canShare(image)) {
    // Where the device cannot share the file itself (desktops): a private link to this portrait.
    actions.push(
      <ActionButton
        key="copy-link"
        icon={Link2}
        label="Copy link"
        pending={linkSharing.isPending(image)}
        onClick={() => linkSharing.copyLink(image)}
      />,
    );
  }
  const liveShare = linkSharing.shareOf(image);
  actions.push(
    <ActionButton
      key="regenerate"
      icon={preview ? Wand2 : RefreshCcw}
      label={again.action}
      onClick={() => {
        regenerate.reset();
        setConfirm("regenerate");
      }}
    />,
  );
  // A preview carries its "Preview" mark: not a picture to print.
  if (!preview) {
    actions.push(
      <ActionButton
        key="print"
        icon={Printer}
        label="Print"
        pending={print.isPending}
        onClick={startPrint}
      />,
    );
  }
  // A finished portrait (not a preview) can become a short animated clip (decision 0033).
  if (!preview && image.url) {
    actions.push(
      <PortraitVideoAction
        key="video"
        scope={scope}
        image={image}
        childName={childName}
        trigger={(openVideo) => <ActionButton icon={Clapperboard} label="Video" onClick={openVideo} />}
      />,
    );
  }
  if (canDelete(image)) {
    actions.push(
      <ActionButton
        key="delete"
        icon={Trash2}
        label="Delete"
        tone="danger"
        onClick={() => {
          remove.reset();
          setConfirm("delete");
        }}
      />,
    );
  }

  return (
    <DialogPrimitive.Root open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-night-950/95 backdrop-blur-sm" />
        <DialogPrimitive.Content
          className="fixed inset-0 z-50 flex flex-col text-white outline-none"
          aria-describedby={undefined}
          onKeyDown={(event) => {
            if (confirm) return;
            if (event.key === "ArrowLeft") {
              event.preventDefault();
              go(index - 1);
            } else if (event.key === "ArrowRight") {
              event.preventDefault();
              go(index + 1);
            }
          }}
        >
          <header className="flex items-center gap-3 px-4 pt-4 sm:px-6">
            <div className="min-w-0 flex-1">
              <DialogPrimitive.Title className="truncate font-display text-lg font-semibold sm:text-xl">
                {childName} as {title}
              </DialogPrimitive.Title>
              <p className="text-sm text-white/65">
                <span data-testid="viewer-position">
                  {index + 1} of {images.length}
                </span>
                {image.completedAt ? ` · ${formatDate(image.completedAt)}` : null}
                {preview ? (
                  <>
                    {" · "}
                    <PreviewBadge tone="dark" className="align-middle" />
                  </>
                ) : image.watermarked ? (
                  " · with watermark"
                ) : null}
                {image.likeness === "passed" ? (
                  <>
                    {" · "}
                    <LikenessCheck
                      image={image}
                      childName={childName}
                      className="align-middle text-white/80"
                    />
                  </>
                ) : null}
              </p>
              {liveShare ? (
                <p
                  className="mt-0.5 flex flex-wrap items-center gap-x-2 text-sm text-white/80"
                  data-testid="viewer-share-state"
                >
                  <span className="inline-flex items-center gap-1">
                    <Link2 className="size-3.5" aria-hidden />
                    {sharedUntilWords(liveShare)}
                  </span>
                  <button
                    type="button"
                    onClick={() => linkSharing.stopSharing(image)}
                    disabled={linkSharing.isPending(image)}
                    className="inline-flex items-center gap-1 rounded-full px-1.5 font-semibold text-white underline-offset-2 hover:underline disabled:opacity-60"
                  >
                    <Link2Off className="size-3.5" aria-hidden /> Stop sharing
                  </button>
                </p>
              ) : null}
            </div>
            {preview ? null : (
              <FavouriteButton
                pressed={image.favourite}
                label="Favourite"
                tone="viewer"
                onToggle={() => toggleFavourite(image)}
                className="shrink-0"
              />
            )}
            <DialogPrimitive.Close
              className="grid size-11 shrink-0 place-items-center rounded-full bg-white/10 hover:bg-white/20"
              aria-label="Close"
            >
              <X className="size-5" aria-hidden />
            </DialogPrimitive.Close>
          </header>

          <div className="relative flex min-h-0 flex-1 items-center justify-center px-2 py-3 sm:px-20">
            {loadedId === image.id ? null : (
              <span className="absolute inset-0 grid place-items-center">
                <Spinner label="Loading the portrait" />
              </span>
            )}
            <img
              key={image.id}
              src={image.url ?? image.thumbnailUrl ?? ""}
              alt={`${childName} as ${title}, ${preview ? "preview" : "portrait"} ${index + 1} of ${images.length}`}
              onLoad={() => setLoadedId(image.id)}
              className={cn(
                "relative max-h-full max-w-full rounded-2xl object-contain shadow-2xl transition-opacity duration-300",
                loadedId === image.id ? "opacity-100" : "opacity-0",
              )}
              data-testid="viewer-image"
            />
            <button
              type="button"
              onClick={() => go(index - 1)}
              disabled={!hasPrevious}
              aria-label="Previous portrait"
              className="absolute left-2 grid size-11 place-items-center rounded-full bg-night-950/60 ring-1 ring-white/15 backdrop-blur transition hover:bg-night-950/80 disabled:opacity-0 sm:left-5 sm:size-12"
            >
              <ChevronLeft className="size-6" aria-hidden />
            </button>
            <button
              type="button"
              onClick={() => go(index + 1)}
              disabled={!hasNext}
              aria-label="Next portrait"
              className="absolute right-2 grid size-11 place-items-center rounded-full bg-night-950/60 ring-1 ring-white/15 backdrop-blur transition hover:bg-night-950/80 disabled:opacity-0 sm:right-5 sm:size-12"
            >
              <ChevronRight className="size-6" aria-hidden />
            </button>
          </div>

          <footer className="px-3 pb-[max(1rem,env(safe-area-inset-bottom))] sm:px-6 sm:pb-6">
            <div
              role="toolbar"
              aria-label="Portrait actions"
              className="mx-auto flex max-w-2xl items-stretch justify-center gap-1 rounded-3xl bg-white/10 p-1.5 ring-1 ring-white/10 sm:w-fit sm:rounded-full"
            >
              {actions}
            </div>
          </footer>

          <ConfirmDialog
            open={confirm === "regenerate"}
            onOpenChange={(next) => setConfirm(next ? "regenerate" : null)}
            title={again.title}
            description={again.description}
            confirmLabel={again.confirm}
            confirmVariant="primary"
            confirmDisabled={short}
            pending={regenerate.isPending}
            error={portraitRequestError(regenerate.error, again.failed)}
            onConfirm={() =>
              regenerate.mutate(image.id, {
                onSuccess: () => {
                  setConfirm(null);
                  onClose();
                  toast.success(again.done);
                  onRegenerated();
                },
              })
            }
          >
            <p className="text-sm text-muted" data-testid="regenerate-balance">
              {balance === null ? null : `You have ${formatCredits(balance)}.`}
              {short ? (
                <>
                  {" "}
                  <Link to={paths.topUpCreditPlans} className="font-semibold text-primary-700 underline">
                    Top up credits
                  </Link>{" "}
                  to make more.
                </>
              ) : null}
            </p>
          </ConfirmDialog>

          <ConfirmDialog
            open={confirm === "delete"}
            onOpenChange={(next) => setConfirm(next ? "delete" : null)}
            title={preview ? "Delete this preview?" : "Delete this portrait?"}
            description={
              preview
                ? "It's removed for everyone in the family and can't be brought back."
                : "It's removed for everyone in the family and can't be brought back. Credits aren't returned."
            }
            confirmLabel={preview ? "Delete preview" : "Delete portrait"}
            pending={remove.isPending}
            error={
              remove.error
                ? errorMessage(remove.error, "We couldn't delete the portrait. Please try again.")
                : null
            }
            onConfirm={() =>
              remove.mutate(image.id, {
                onSuccess: () => {
                  setConfirm(null);
                  toast.success(preview ? "Preview deleted." : "Portrait deleted.");
                },
              })
            }
          />

          <Dialog
            open={confirm === "print-upsell"}
            onOpenChange={(next) => setConfirm(next ? "print-upsell" : null)}
          >
            <DialogContent title="Print-ready files" description={upsell.message}>
              <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
                <Button variant="secondary" onClick={() => setConfirm(null)}>
                  Not now
                </Button>
                {upsell.offerAddOn ? (
                  <Button asChild variant="secondary">
                    <Link to={paths.manageSubscription}>Ready to print add-on</Link>
                  </Button>
                ) : null}
                {upsell.offerPlans ? (
                  <Button asChild>
                    <Link to={printPlanPath}>See the plans</Link>
                  </Button>
                ) : null}
              </div>
            </DialogContent>
          </Dialog>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
