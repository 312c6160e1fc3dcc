import type { PortraitVideo } from "@wonderkin/contract";

/**
 * What the viewer's video panel shows for a portrait: its clip (made, being made, failed) or, with
 * none yet, whether one can be made — and if not, why (decision 0033).
 */
export type VideoPanelState =
  | { kind: "loading" }
  | { kind: "ready"; video: PortraitVideo }
  | { kind: "making"; progress: number }
  | { kind: "can-create"; videosLeft: number; failed: string | null }
  | { kind: "no-credits"; reason: string; canBuy: boolean; failed: string | null };

export function videoPanelState(options: {
  video: PortraitVideo | null | undefined;
  videosLeft: number | undefined;
  canBuy: boolean;
}): VideoPanelState {
  const { video, videosLeft, canBuy } = options;
  if (video === undefined || videosLeft === undefined) return { kind: "loading" };
  if (video?.status === "succeeded") return { kind: "ready", video };
  if (video?.status === "pending" || video?.status === "processing") {
    return { kind: "making", progress: video.progress };
  }
  const failed = video?.status === "failed" ? (video.error ?? "We couldn't make this video.") : null;
  if (videosLeft > 0) return { kind: "can-create", videosLeft, failed };
  return {
    kind: "no-credits",
    reason: canBuy
      ? "You have no video clips left. Buy the Create video add-on to make more."
      : "Videos come with the Create video add-on of the Magician plan.",
    canBuy,
    failed,
  };
}
