import { useQuery } from "@tanstack/react-query";
import type { GeneratedImage } from "@wonderkin/contract";
import { Clapperboard, Download } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { ProgressBar } from "@/components/ui/progress-bar";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { getAddOnsQueryOptions } from "@/entities/billing/add-ons-queries";
import { styleTitle } from "@/entities/catalogue/catalogue";
import { errorMessage } from "@/lib/error-message";
import { useCreateVideo, usePortraitVideo } from "../api/video";
import { videoPanelState } from "../lib/video-state";

/**
 * "Create video" in the viewer (decision 0033): the toolbar's button opens a dialog that shows the
 * portrait's clip (playing, with its download), its progress while it is made, or the way to make
 * one — disabled, with the reason, when the parent has no video clips left. Nothing is asked of the
 * server until the dialog opens.
 */
export function PortraitVideoAction({
  scope,
  image,
  childName,
  trigger,
}: {
  scope: { familyId: string; userId: string | undefined };
  image: GeneratedImage;
  childName: string;
  /** The toolbar button, given what opens the dialog. */
  trigger: (open: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      {trigger(() => setOpen(true))}
      <Dialog open={open} onOpenChange={setOpen}>
        {open ? <VideoDialogContent scope={scope} image={image} childName={childName} /> : null}
      </Dialog>
    </>
  );
}

function VideoDialogContent({
  scope,
  image,
  childName,
}: {
  scope: { familyId: string; userId: string | undefined };
  image: GeneratedImage;
  childName: string;
}) {
  const video = usePortraitVideo(scope.familyId, image.id);
  const addOns = useQuery(getAddOnsQueryOptions(scope.userId));
  const create = useCreateVideo(scope.familyId, scope.userId);
  const title = `${childName} as ${styleTitle(image.styleId)}`;
  const state = videoPanelState({
    video: video.isError ? null : video.data,
    videosLeft: addOns.isError ? 0 : addOns.data?.balances.video,
    canBuy: addOns.data?.canBuy ?? false,
  });

  let body: ReactNode;
  if (state.kind === "loading") {
    body = (
      <div className="grid place-items-center py-8">
        <Spinner label="Loading the video" />
      </div>
    );
  } else if (state.kind === "ready") {
    body = (
      <div className="flex flex-col gap-4">
        <img
          src={state.video.url ?? ""}
          alt={`${title}, a short animated video`}
          width={state.video.width ?? undefined}
          height={state.video.height ?? undefined}
          className="mx-auto max-h-[55vh] w-auto rounded-2xl object-contain shadow-lg"
          data-testid="portrait-video"
        />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          {state.video.downloadUrl ? (
            <Button asChild>
              <a href={state.video.downloadUrl} download>
                <Download aria-hidden /> Download video
              </a>
            </Button>
          ) : null}
        </div>
      </div>
    );
  } else if (state.kind === "making") {
    body = (
      <div className="flex flex-col gap-3 py-2" data-testid="video-progress">
        <p className="text-sm text-muted">
          Your video is being made. It takes a few seconds; you can close this and come back.
        </p>
        <ProgressBar value={state.progress} label="Video progress" valueText={`${state.progress}%`} />
      </div>
    );
  } else {
    const left = state.kind === "can-create" ? state.videosLeft : 0;
    body = (
      <div className="flex flex-col gap-4">
        {state.failed ? <Alert tone="warning">{state.failed}</Alert> : null}
        {create.error ? (
          <Alert tone="danger">
            {errorMessage(create.error, "We couldn't start the video. Please try again.")}
          </Alert>
        ) : null}
        {state.kind === "no-credits" ? (
          <p className="text-sm text-ink" data-testid="video-unavailable">
            {state.reason}
          </p>
        ) : (
          <p className="text-sm text-muted" data-testid="videos-left">
            A three-second clip with a gentle zoom and the style's sparkle, as an animated picture. It uses
            one of your {left} video {left === 1 ? "clip" : "clips"}.
          </p>
        )}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          {state.kind === "no-credits" ? (
            <Button asChild variant="secondary">
              <Link to={state.canBuy ? paths.manageSubscription : `${paths.selectPlan}?changePlan=1`}>
                {state.canBuy ? "Buy video clips" : "See the plans"}
              </Link>
            </Button>
          ) : null}
          <Button
            pending={create.isPending}
            disabled={state.kind === "no-credits"}
            onClick={() => create.mutate(image.id)}
          >
            {create.isPending ? null : <Clapperboard aria-hidden />} Create video
          </Button>
        </div>
      </div>
    );
  }

  return (
    <DialogContent title="Create video" description={`${title}: a short animated clip of this portrait.`}>
      {body}
    </DialogContent>
  );
}
