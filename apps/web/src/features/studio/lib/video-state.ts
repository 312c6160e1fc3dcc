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
  // Said the same before any were bought and once they are used up: what clips are and how to
  // get them, never "none left" to a parent who never had any (decision 0056).
  return {
    kind: "no-credits",
    reason: canBuy
      ? "Video clips are an add-on: buy the Create video add-on, then come straight back to this portrait to make its clip."
      : "Video clips are an add-on of the Magician and Oracle plans.",
    canBuy,
    failed,
  };
}
