import { addOnMessages, type PortraitVideo } from "@wonderkin/contract";
import { and, desc, eq, inArray } from "drizzle-orm";
import { generatedImage, portraitVideo } from "../../../db/schema";
import type { StudioDeps } from "../studio-deps";
import {
  isUnfinishedVideo,
  toPortraitVideo,
  VIDEO_DEADLINE_MS,
  type VideoRow,
} from "./portrait-video-record";
import { failPortraitVideo } from "./render-portrait-video";

/**
 * The page's poll: the latest clip of each of these portraits of the family (portraits without one
 * are left out). A clip still unfinished past its deadline (its worker died) ends failed and
 * refunded here, so the parent is never left waiting.
 */
export async function portraitVideos(
  deps: StudioDeps,
  options: { familyId: string; imageIds: string[]; now?: Date },
): Promise<PortraitVideo[]> {
  const now = options.now ?? new Date();
  const rows = await deps.db
    .select({ video: portraitVideo, styleId: generatedImage.styleId })
    .from(portraitVideo)
    .innerJoin(generatedImage, eq(generatedImage.id, portraitVideo.imageId))
    .where(
      and(
        eq(portraitVideo.organizationId, options.familyId),
        inArray(portraitVideo.imageId, options.imageIds),
      ),
    )
    .orderBy(desc(portraitVideo.createdAt), desc(portraitVideo.id));
  const latest = new Map<string, { video: VideoRow; styleId: string }>();
  for (const row of rows) if (!latest.has(row.video.imageId)) latest.set(row.video.imageId, row);
  return Promise.all(
    [...latest.values()].map(async ({ video, styleId }) => {
      if (isUnfinishedVideo(video) && now.getTime() - video.createdAt.getTime() > VIDEO_DEADLINE_MS) {
        await failPortraitVideo(deps, video.id, addOnMessages.videoFailed);
        const [fresh] = await deps.db.select().from(portraitVideo).where(eq(portraitVideo.id, video.id));
        return toPortraitVideo(deps.storage, fresh ?? video, styleId);
      }
      return toPortraitVideo(deps.storage, video, styleId);
    }),
  );
}
