import type { GeneratedImage, PlanEntitlements } from "@wonderkin/contract";
import { useMemo, useState } from "react";
import { styleTitle } from "@/entities/catalogue/catalogue";
import { errorMessage } from "@/lib/error-message";
import { toast } from "@/lib/toast";
import { useDeleteImage, usePrintImage } from "../api/gallery";
import { useRegenerate } from "../api/generation";
import { type PrintUpsell, printNotIncluded, printProblem } from "../lib/print-upsell";
import { printLeftWords } from "../lib/print-words";
import { canShareImageFiles, portraitFileName } from "../lib/share";
import { useToggleFavourite } from "./favourite-button";
import { usePortraitSharing } from "./use-portrait-sharing";

export type ViewerScope = { familyId: string; childId: number; userId: string | undefined };

/** The viewer's own dialogs: at most one is open. */
export type ViewerDialog = "regenerate" | "delete" | "print-upsell";

/**
 * What the viewer does with a portrait (share, print, favourite, make again, delete) and which of
 * its dialogs is open. Called by `PortraitViewer` itself, which stays mounted once opened
 * (magic-studio-page.tsx), not by its parts, which unmount on close: a print, share or deletion
 * that answers after the viewer closed still opens its tab, toast or upsell.
 */
export function useViewerActions({
  scope,
  childName,
  entitlements,
}: {
  scope: ViewerScope;
  childName: string;
  entitlements: PlanEntitlements | null;
}) {
  const [dialog, setDialog] = useState<ViewerDialog | null>(null);
  const [upsell, setUpsell] = useState<PrintUpsell>(printNotIncluded);
  const regenerate = useRegenerate(scope);
  const remove = useDeleteImage(scope.familyId, scope.childId);
  const print = usePrintImage(scope.familyId);
  const toggleFavourite = useToggleFavourite(scope.familyId, scope.childId);
  const linkSharing = usePortraitSharing(scope.familyId, scope.childId);
  const [sharing, setSharing] = useState(false);
  const shareable = useMemo(
    () => canShareImageFiles(typeof navigator === "undefined" ? undefined : navigator),
    [],
  );

  const share = async (image: GeneratedImage) => {
    if (!image.url) return;
    const title = styleTitle(image.styleId);
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

  const startPrint = (image: GeneratedImage) => {
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
          setDialog("print-upsell");
        } else toast.error(errorMessage(error, "We couldn't prepare the print file. Please try again."));
      },
    });
  };

  return {
    dialog,
    setDialog,
    upsell,
    regenerate,
    remove,
    printing: print.isPending,
    startPrint,
    toggleFavourite,
    linkSharing,
    shareable,
    sharing,
    share,
    askToRegenerate: () => {
      regenerate.reset();
      setDialog("regenerate");
    },
    askToDelete: () => {
      remove.reset();
      setDialog("delete");
    },
  };
}

export type ViewerActions = ReturnType<typeof useViewerActions>;
