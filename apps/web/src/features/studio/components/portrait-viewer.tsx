import * as DialogPrimitive from "@radix-ui/react-dialog";
import { GENERATION_CREDIT_COST, type GeneratedImage, type PlanEntitlements } from "@wonderkin/contract";
import { useState } from "react";
import { styleTitle } from "@/entities/catalogue/catalogue";
import { regenerateWords } from "../lib/regenerate-words";
import { PortraitViewerDialogs } from "./portrait-viewer-dialogs";
import { PortraitViewerHeader } from "./portrait-viewer-header";
import { PortraitViewerStage } from "./portrait-viewer-stage";
import { PortraitViewerToolbar } from "./portrait-viewer-toolbar";
import { useViewerActions, type ViewerScope } from "./use-viewer-actions";
import { useViewerNavigation } from "./use-viewer-navigation";

/**
 * A finished portrait at full size, with the next and previous ones (arrow keys or buttons), and
 * what can be done with it: download, share (where the device can), make a new version, print,
 * delete. Escape closes it. A free preview is marked as one and offers to be made with the child's
 * own model instead of a new version, and no print.
 *
 * This is the dialog shell: it holds the state that outlives a closing (what is being done with a
 * portrait, which picture has loaded) and lays out the parts — header, stage, toolbar, dialogs.
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
  scope: ViewerScope;
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
  const actions = useViewerActions({ scope, childName, entitlements });
  const navigation = useViewerNavigation({
    index,
    count: images.length,
    onIndexChange,
    onClose,
    paused: actions.dialog !== null,
  });
  const [loadedId, setLoadedId] = useState<string | null>(null);

  if (!image || index === null) return <DialogPrimitive.Root open={false} />;

  const title = styleTitle(image.styleId);
  const cost = GENERATION_CREDIT_COST;
  const short = balance !== null && balance < cost;
  const preview = image.kind === "preview";
  const again = regenerateWords({ preview, childName, title, cost });
  const position = { index, count: images.length };

  return (
    <DialogPrimitive.Root open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-night-950/95 backdrop-blur-sm" />
        <DialogPrimitive.Content
          className="fixed inset-0 z-50 flex flex-col text-white outline-none"
          aria-describedby={undefined}
          onKeyDown={navigation.onKeyDown}
        >
          <PortraitViewerHeader
            scope={scope}
            image={image}
            childName={childName}
            title={title}
            position={position}
            actions={actions}
          />
          <PortraitViewerStage
            image={image}
            alt={`${childName} as ${title}, ${preview ? "preview" : "portrait"} ${index + 1} of ${images.length}`}
            loaded={loadedId === image.id}
            onLoad={() => setLoadedId(image.id)}
            navigation={navigation}
          />
          <PortraitViewerToolbar
            scope={scope}
            image={image}
            childName={childName}
            againLabel={again.action}
            canDelete={canDelete(image)}
            actions={actions}
          />
          <PortraitViewerDialogs
            image={image}
            again={again}
            balance={balance}
            short={short}
            actions={actions}
            onClose={onClose}
            onRegenerated={onRegenerated}
          />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
