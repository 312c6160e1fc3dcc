import type { Child, GeneratedImage, PlanEntitlements } from "@wonderkin/contract";
import { Palette } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Button } from "@/components/ui/button";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { categoriesEntitlement, styleTitle } from "@/entities/catalogue/catalogue";
import { useSetPreviewsByEmail } from "@/entities/previews/previews-api";
import { PreviewsPanel } from "@/entities/previews/previews-panel";
import { toast } from "@/lib/toast";

// The dialog (Radix, its focus and scroll locks) loads on the first "Change style"; once there it
// stays mounted, so it opens and closes as any other.
const SwapPreviewStyleDialog = lazy(() =>
  import("@/entities/previews/swap-preview-style-dialog").then((module) => ({
    default: module.SwapPreviewStyleDialog,
  })),
);

/**
 * The free previews on the progress page (see PreviewsPanel). Owners and admins, who may start
 * training, also choose whether the previews are attached to the "studio ready" e-mail (which goes
 * to the parent who started the training), as long as that e-mail is still to come. Parents who may
 * make portraits may change a finished preview's style while the model trains, as often as the set
 * allows.
 */
export function PreviewsSection({
  familyId,
  child,
  canStartTraining,
  canGenerate,
  entitlements,
  photosReady,
}: {
  familyId: string;
  child: Pick<Child, "id" | "firstName" | "trainingStatus">;
  canStartTraining: boolean;
  /** The parent's role may make portraits (and so swap a preview's style). */
  canGenerate: boolean;
  /** What the parent's plan unlocks: the styles a preview may be swapped for. */
  entitlements: PlanEntitlements | null;
  photosReady: boolean;
}) {
  const byEmail = useSetPreviewsByEmail(familyId, child.id);
  const trained = child.trainingStatus === "completed";
  const offerEmail = canStartTraining && !trained;
  const offerSwap = canGenerate && !trained;
  // The preview whose style is being changed: kept while the dialog closes, and after the swap has
  // taken it out of the set.
  const [swapping, setSwapping] = useState<GeneratedImage | null>(null);
  const [swapOpen, setSwapOpen] = useState(false);

  return (
    <PreviewsPanel
      familyId={familyId}
      child={child}
      photosReady={photosReady}
      action={(image, previews) =>
        offerSwap && previews.swapsLeft > 0 ? (
          <Button
            variant="secondary"
            size="sm"
            block
            // The visible words first, so voice control finds the button by them.
            aria-label={`Change style of the ${styleTitle(image.styleId)} preview`}
            onClick={() => {
              setSwapping(image);
              setSwapOpen(true);
            }}
          >
            <Palette aria-hidden />
            Change style
          </Button>
        ) : null
      }
      footer={(previews) => (
        <>
          {offerEmail ? (
            <CheckboxField
              className="mt-5"
              label={`Attach the previews to the e-mail that says ${child.firstName}'s studio is ready`}
              checked={previews.byEmail}
              onChange={(event) =>
                byEmail.mutate(event.currentTarget.checked, {
                  onError: () => toast.error("We couldn't change the e-mail setting. Please try again."),
                })
              }
            />
          ) : null}
          {swapping ? (
            <Suspense fallback={null}>
              <SwapPreviewStyleDialog
                familyId={familyId}
                childId={child.id}
                childName={child.firstName}
                image={swapping}
                previews={previews}
                entitlement={categoriesEntitlement(entitlements)}
                open={swapOpen}
                onOpenChange={setSwapOpen}
              />
            </Suspense>
          ) : null}
        </>
      )}
    />
  );
}
