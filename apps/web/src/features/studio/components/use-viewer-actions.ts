import { useQueryClient } from "@tanstack/react-query";
import type { AddOnId, GeneratedImage, PlanEntitlements } from "@wonderkin/contract";
import { useMemo, useState } from "react";
import { useLocation } from "react-router";
import { addOnsQueryKey, getAddOnsQueryOptions } from "@/entities/billing/add-ons-queries";
import { useBuyAddOn } from "@/entities/billing/use-buy-add-on";
import { styleTitle } from "@/entities/catalogue/catalogue";
import { errorMessage } from "@/lib/error-message";
import { toast } from "@/lib/toast";
import { useDeleteImage, usePrintImage } from "../api/gallery";
import { useRegenerate } from "../api/generation";
import { portraitAddress } from "../lib/portrait-address";
import { type PrintCharge, printCharge } from "../lib/print-charge";
import { type PrintUpsell, printNotIncluded, printProblem, printUpsellFor } from "../lib/print-upsell";
import { printLeftWords } from "../lib/print-words";
import { canShareImageFiles, portraitFileName } from "../lib/share";
import { useToggleFavourite } from "./favourite-button";
import { usePortraitSharing } from "./use-portrait-sharing";

export type ViewerScope = { familyId: string; childId: number; userId: string | undefined };

/** The viewer's own dialogs: at most one is open. */
export type ViewerDialog = "regenerate" | "delete" | "print-confirm" | "print-upsell";

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
  const queryClient = useQueryClient();
  const location = useLocation();
  const [dialog, setDialog] = useState<ViewerDialog | null>(null);
  const [upsell, setUpsell] = useState<PrintUpsell>(printNotIncluded);
  // What the print asked about would spend; null when what the parent has could not be read.
  const [charge, setCharge] = useState<PrintCharge | null>(null);
  const [checkingPrints, setCheckingPrints] = useState(false);
  // Printed in this visit: the gallery's copy still says not printed, and the file is free now.
  const [printedNow, setPrintedNow] = useState<ReadonlySet<string>>(() => new Set());
  const regenerate = useRegenerate(scope);
  const remove = useDeleteImage(scope.familyId, scope.childId);
  const print = usePrintImage(scope.familyId);
  const addOnCheckout = useBuyAddOn();
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

  /** The parent's prints and add-ons as the server has them, or null when they cannot be read. */
  const readAddOns = () =>
    queryClient.fetchQuery(getAddOnsQueryOptions(scope.userId)).then(
      (state) => state,
      () => null,
    );

  const showUpsell = async (fallback: PrintUpsell) => {
    const state = await readAddOns();
    // The add-on is sold with Magician: a plan with prints of its own (Oracle) is not sent to it.
    const ownPrints = (entitlements?.readyToPrintPerMonth ?? 0) > 0;
    setUpsell(state ? printUpsellFor(state) : { ...fallback, offerAddOn: fallback.offerAddOn && !ownPrints });
    setDialog("print-upsell");
  };

  const startPrint = (image: GeneratedImage) => {
    // The server decides in the end (files bought with the add-on may be there on any plan,
    // decision 0033); its PRINT_NOT_INCLUDED or PRINT_ALLOWANCE_USED opens the upsell.
    print.mutate(image.id, {
      onSuccess: ({ url, remainingThisMonth, purchasedLeft }) => {
        setDialog((open) => (open === "print-confirm" ? null : open));
        setPrintedNow((printed) => new Set(printed).add(image.id));
        if (scope.userId) void queryClient.invalidateQueries({ queryKey: addOnsQueryKey(scope.userId) });
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
        if (problem) void showUpsell(problem);
        else if (dialog !== "print-confirm") {
          toast.error(errorMessage(error, "We couldn't prepare the print file. Please try again."));
        }
      },
    });
  };

  /**
   * Print asks first, saying which file it uses and what is left after (decision 0056); a portrait
   * printed before opens its file again without asking, since that spends nothing.
   */
  const askToPrint = async (image: GeneratedImage) => {
    if (image.printed || printedNow.has(image.id)) {
      startPrint(image);
      return;
    }
    print.reset();
    setCheckingPrints(true);
    const state = await readAddOns();
    setCheckingPrints(false);
    const next = state ? printCharge(state, { printed: false }) : null;
    if (state && next?.kind === "none") {
      setUpsell(printUpsellFor(state));
      setDialog("print-upsell");
      return;
    }
    setCharge(next);
    setDialog("print-confirm");
  };

  return {
    dialog,
    setDialog,
    upsell,
    charge,
    regenerate,
    remove,
    print,
    printing: print.isPending || checkingPrints,
    startPrint,
    askToPrint,
    /** Buys an add-on and comes back to this portrait, with the viewer open (decision 0056). */
    buyAddOn: (addOnId: AddOnId, image: GeneratedImage) =>
      addOnCheckout.buy({ addOnId, returnTo: portraitAddress(location.pathname, image.id) }),
    addOnCheckout,
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
