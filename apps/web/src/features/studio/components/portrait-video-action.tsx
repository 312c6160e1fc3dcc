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
import { PortraitVideoPlayer } from "./portrait-video-player";

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
  buyClips,
}: {
  scope: { familyId: string; userId: string | undefined };
  image: GeneratedImage;
  childName: string;
  /** The toolbar button, given what opens the dialog. */
  trigger: (open: () => void) => ReactNode;
  /** Buying clips from here comes back to this portrait (decision 0056). */
  buyClips: BuyClips;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      {trigger(() => setOpen(true))}
      <Dialog open={open} onOpenChange={setOpen}>
        {open ? (
          <VideoDialogContent scope={scope} image={image} childName={childName} buyClips={buyClips} />
        ) : null}
      </Dialog>
    </>
  );
}

type BuyClips = { buy: () => void; pending: boolean; error: unknown };

function VideoDialogContent({
  scope,
  image,
  childName,
  buyClips,
}: {
  scope: { familyId: string; userId: string | undefined };
  image: GeneratedImage;
  childName: string;
  buyClips: BuyClips;
}) {
  const video = usePortraitVideo(scope.familyId, image.id);
  const addOns = useQuery(getAddOnsQueryOptions(scope.userId));
  const create = useCreateVideo(scope.familyId, scope.userId);
  const title = `${childName} as ${styleTitle(image.styleId)}`;
  const state = videoPanelState({
    video: video.isError ? null : video.data,
    videosLeft: addOns.isError ? 0 : addOns.data?.balances.video,
    // Only a plan that sells the clips (Magician, Oracle) can buy them.
    canBuy: Boolean(addOns.data?.canBuy && addOns.data.addOns.some((addOn) => addOn.unit === "video")),
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
        <PortraitVideoPlayer video={state.video} poster={image.url} label={`${title}, a short video`} />
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
        {buyClips.error ? (
          <Alert tone="danger">
            {errorMessage(buyClips.error, "We couldn't open the checkout. Please try again.")}
          </Alert>
        ) : null}
        {state.kind === "no-credits" ? (
          <p className="text-sm text-ink" data-testid="video-unavailable">
            {state.reason}
          </p>
        ) : (
          <div className="flex flex-col gap-3 text-sm">
            <p className="text-muted">
              A three-second video with a gentle zoom and the style's sparkle, to play and share on any phone.
            </p>
            {/* What it costs and what is left, before anything is spent (decision 0056). */}
            <dl
              className="flex flex-col gap-2 rounded-2xl bg-canvas p-4 ring-1 ring-line"
              data-testid="videos-left"
            >
              <div>
                <dt className="font-semibold text-ink">It uses</dt>
                <dd className="text-muted">
                  1 of your {left} video {left === 1 ? "clip" : "clips"}
                </dd>
              </div>
              <div>
                <dt className="font-semibold text-ink">Left after</dt>
                <dd className="text-muted">
                  {left - 1} video {left - 1 === 1 ? "clip" : "clips"}
                </dd>
              </div>
            </dl>
          </div>
        )}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          {state.kind === "no-credits" && state.canBuy ? (
            <Button variant="secondary" pending={buyClips.pending} onClick={buyClips.buy}>
              Buy video clips
            </Button>
          ) : null}
          {state.kind === "no-credits" && !state.canBuy ? (
            <Button asChild variant="secondary">
              <Link to={`${paths.selectPlan}?changePlan=1`}>See the plans</Link>
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
