import type { CategoriesEntitlement, GeneratedImage, Previews } from "@wonderkin/contract";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent } from "@/components/ui/dialog";
import { styleTitle } from "@/entities/catalogue/catalogue";
import { StyleRadioTile } from "@/entities/catalogue/style-tile";
import { errorMessage } from "@/lib/error-message";
import { toast } from "@/lib/toast";
import { previewSwapChoices, swapsLeftText, withArticle } from "./preview-swap";
import { useSwapPreviewStyle } from "./previews-api";

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Swaps one finished preview for a new one in another popular style, free, while the model trains:
 * the popular styles the set does not show yet and the parent's plan unlocks, as radio tiles, and
 * how many changes the set still allows. While the swap runs the dialog stays open (busy); a refusal
 * is shown inside it in the server's words, so the parent can pick another style or cancel.
 */
export function SwapPreviewStyleDialog({
  familyId,
  childId,
  childName,
  image,
  previews,
  entitlement,
  open,
  onOpenChange,
}: {
  familyId: string;
  childId: number;
  childName: string;
  /** The finished preview to swap. */
  image: GeneratedImage;
  /** The child's set as last read: the styles it shows and the changes it has left. */
  previews: Previews;
  entitlement: CategoriesEntitlement;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const swap = useSwapPreviewStyle(familyId, childId);
  const [styleId, setStyleId] = useState<string | null>(null);
  const choices = previewSwapChoices(previews, entitlement);
  // A style another parent has just taken drops out of the choices, and out of the choice.
  const chosen = choices.find((style) => style.id === styleId) ?? null;
  const error = swap.isError
    ? errorMessage(swap.error, "We couldn't change the style. Please try again.")
    : null;

  const forget = () => {
    swap.reset();
    setStyleId(null);
  };
  const close = () => {
    if (swap.isPending) return;
    forget();
    onOpenChange(false);
  };
  const confirm = () => {
    if (!chosen || swap.isPending) return;
    const made = capitalized(withArticle(chosen.title));
    swap.mutateAsync({ imageId: image.id, styleId: chosen.id }).then(
      () => {
        toast.success(`${made} preview is on its way.`);
        forget();
        onOpenChange(false);
      },
      // Shown in the dialog (swap.error).
      () => undefined,
    );
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent
        title="Change this preview's style"
        description={`${childName}'s ${styleTitle(image.styleId)} preview makes way for a new one in the style you pick, free like the others.`}
        wide
      >
        <form
          noValidate
          className="flex flex-col gap-5"
          onSubmit={(event) => {
            event.preventDefault();
            confirm();
          }}
        >
          {choices.length === 0 ? (
            <p className="text-muted">Every popular style is already among {childName}'s previews.</p>
          ) : (
            <fieldset disabled={swap.isPending}>
              <legend className="font-sans text-sm font-bold text-ink">Popular styles</legend>
              <div className="mt-2 grid grid-cols-3 gap-2.5 sm:grid-cols-4 sm:gap-3">
                {choices.map((style) => (
                  <StyleRadioTile
                    key={style.id}
                    style={style}
                    name={`preview-style-${image.id}`}
                    checked={style.id === chosen?.id}
                    lockReason={null}
                    onSelect={() => {
                      if (swap.isError) swap.reset();
                      setStyleId(style.id);
                    }}
                  />
                ))}
              </div>
            </fieldset>
          )}
          <p className="text-sm font-semibold text-muted" data-testid="preview-swaps-left">
            {swapsLeftText(previews.swapsLeft)}
          </p>
          {error ? <Alert tone="danger">{error}</Alert> : null}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary" disabled={swap.isPending}>
                Cancel
              </Button>
            </DialogClose>
            {choices.length > 0 ? (
              <Button type="submit" pending={swap.isPending} disabled={!chosen} wrap>
                {chosen ? `Make ${withArticle(chosen.title)} preview instead` : "Pick a style"}
              </Button>
            ) : null}
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
