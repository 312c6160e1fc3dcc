import { type GeneratedImage, portraitDownloadUrl } from "@wonderkin/contract";
import { Clapperboard, Download, Link2, Printer, RefreshCcw, Share2, Trash2, Wand2 } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import { PortraitVideoAction } from "./portrait-video-action";
import type { ViewerActions, ViewerScope } from "./use-viewer-actions";

/**
 * An action's word. On a phone six actions share the width, each as wide as its word (they all fit
 * at 360 px); on anything narrower a word ends in "…" inside its own button rather than pushing the
 * toolbar past the screen's edge (its accessible name stays whole).
 */
function ActionLabel({ children }: { children: ReactNode }) {
  return <span className="max-w-full truncate">{children}</span>;
}

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
        "flex min-w-0 flex-auto flex-col items-center gap-1 rounded-2xl px-1 py-2 text-[0.6875rem] font-semibold text-white/90 transition-colors sm:flex-none sm:flex-row sm:gap-2 sm:rounded-full sm:px-4 sm:text-sm",
        "disabled:opacity-60",
        tone === "danger" ? "hover:bg-danger-600/80" : "hover:bg-white/10",
      )}
    >
      <Icon className={cn("size-5 shrink-0 sm:size-4", pending && "animate-pulse")} aria-hidden />
      <ActionLabel>{label}</ActionLabel>
    </button>
  );
}

/**
 * The viewer's bottom toolbar, with what can be done with this portrait: download, share (the file
 * where the device can, a private link where it cannot), make again, print, video, delete.
 */
export function PortraitViewerToolbar({
  scope,
  image,
  childName,
  againLabel,
  canDelete,
  actions,
}: {
  scope: ViewerScope;
  image: GeneratedImage;
  childName: string;
  againLabel: string;
  canDelete: boolean;
  actions: ViewerActions;
}) {
  const { linkSharing } = actions;
  const preview = image.kind === "preview";
  const items: ReactNode[] = [];
  const downloadUrl = portraitDownloadUrl(image);
  if (downloadUrl) {
    items.push(
      <a
        key="download"
        href={downloadUrl}
        download
        className="flex min-w-0 flex-auto flex-col items-center gap-1 rounded-2xl bg-white px-1 py-2 text-[0.6875rem] font-bold text-night-950 transition-colors hover:bg-accent-100 sm:flex-none sm:flex-row sm:gap-2 sm:rounded-full sm:px-5 sm:text-sm"
      >
        <Download className="size-5 shrink-0 sm:size-4" aria-hidden /> <ActionLabel>Download</ActionLabel>
      </a>,
    );
  }
  if (actions.shareable && image.url) {
    items.push(
      <ActionButton
        key="share"
        icon={Share2}
        label="Share"
        pending={actions.sharing}
        onClick={() => void actions.share(image)}
      />,
    );
  } else if (linkSharing.canShare(image)) {
    // Where the device cannot share the file itself (desktops): a private link to this portrait.
    items.push(
      <ActionButton
        key="copy-link"
        icon={Link2}
        label="Copy link"
        pending={linkSharing.isPending(image)}
        onClick={() => linkSharing.copyLink(image)}
      />,
    );
  }
  items.push(
    <ActionButton
      key="regenerate"
      icon={preview ? Wand2 : RefreshCcw}
      label={againLabel}
      onClick={actions.askToRegenerate}
    />,
  );
  // A preview carries its "Preview" mark: not a picture to print.
  if (!preview) {
    items.push(
      <ActionButton
        key="print"
        icon={Printer}
        label="Print"
        pending={actions.printing}
        onClick={() => void actions.askToPrint(image)}
      />,
    );
  }
  // A finished portrait (not a preview) can become a short animated clip (decision 0033).
  if (!preview && image.url) {
    items.push(
      <PortraitVideoAction
        key="video"
        scope={scope}
        image={image}
        childName={childName}
        trigger={(openVideo) => <ActionButton icon={Clapperboard} label="Video" onClick={openVideo} />}
        buyClips={{
          buy: () => actions.buyAddOn("create-video", image),
          pending: actions.addOnCheckout.pending,
          error: actions.addOnCheckout.error,
        }}
      />,
    );
  }
  if (canDelete) {
    items.push(
      <ActionButton key="delete" icon={Trash2} label="Delete" tone="danger" onClick={actions.askToDelete} />,
    );
  }

  return (
    <footer className="px-3 pb-[max(1rem,env(safe-area-inset-bottom))] sm:px-6 sm:pb-6">
      <div
        role="toolbar"
        aria-label="Portrait actions"
        className="mx-auto flex max-w-2xl items-stretch justify-center gap-1 rounded-3xl bg-white/10 p-1.5 ring-1 ring-white/10 sm:w-fit sm:rounded-full"
      >
        {items}
      </div>
    </footer>
  );
}
