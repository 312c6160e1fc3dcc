import { type PortraitShare, SHARE_CAPTION_MAX_LENGTH, shareCaptionSchema } from "@wonderkin/contract";
import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/error-message";
import { toast } from "@/lib/toast";
import { useSetShareCaption } from "../api/share-links";

/**
 * The words under the picture on a portrait's share page. The page names nobody unless the parent
 * writes a name here; it shows whatever the caption says now, to everyone who has the link.
 */
export function ShareCaptionDialog({
  open,
  onOpenChange,
  scope,
  share,
  childName,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  scope: { familyId: string; childId: number };
  share: PortraitShare;
  childName: string;
}) {
  const [text, setText] = useState(share.caption ?? "");
  const [invalid, setInvalid] = useState<string | null>(null);
  const save = useSetShareCaption(scope.familyId, scope.childId);

  const onConfirm = () => {
    const parsed = shareCaptionSchema.safeParse(text);
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? "This caption can't be used.");
      return;
    }
    save.mutate(
      { imageId: share.imageId, caption: parsed.data },
      {
        onSuccess: (saved) => {
          onOpenChange(false);
          toast.success(saved.caption ? "Caption saved on the shared page." : "Caption removed.");
        },
      },
    );
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (next) setText(share.caption ?? "");
        setInvalid(null);
        save.reset();
        onOpenChange(next);
      }}
      title="Caption on the shared page"
      description={`Shown under the portrait to everyone with the link. Without one, the page doesn't say who is in it — so add ${childName}'s name only if you want them to see it.`}
      confirmLabel="Save caption"
      confirmVariant="primary"
      pending={save.isPending}
      error={save.error ? errorMessage(save.error, "We couldn't save the caption. Please try again.") : null}
      onConfirm={onConfirm}
    >
      <Field
        label="Caption"
        optional
        hint={`Up to ${SHARE_CAPTION_MAX_LENGTH} characters. Leave it empty for no caption.`}
        error={invalid ?? undefined}
      >
        <Input
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setInvalid(null);
          }}
          maxLength={SHARE_CAPTION_MAX_LENGTH + 20}
          placeholder={`For Grandma, love from ${childName}`}
          autoComplete="off"
          data-testid="share-caption-input"
        />
      </Field>
    </ConfirmDialog>
  );
}
