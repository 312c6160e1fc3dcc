import type { GeneratedImage } from "@wonderkin/contract";
import { useEffect, useMemo, useRef } from "react";
import { useNow } from "@/entities/training/child-training";
import { useGallery } from "../api/gallery";
import { usePredictionStatus, useReportFailedImage } from "../api/generation";
import { flattenGallery, isPortrait } from "../lib/gallery";
import { imagesToPoll, imagesToSettle } from "../lib/image-polling";
import { currentBatch } from "../lib/portrait-batch";

/** Portraits already reported in this tab (the report is idempotent; once is enough). */
const reported = new Set<string>();

/**
 * A child's gallery, kept live: the portraits being made are read every second until they are done,
 * and any this page sees fail or get stuck is reported once so its credit comes back.
 */
export function useStudioImages({
  familyId,
  childId,
  userId,
}: {
  familyId: string;
  childId: number;
  userId: string | undefined;
}) {
  const gallery = useGallery(familyId, childId);
  const images = useMemo(() => flattenGallery(gallery.data), [gallery.data]);
  const pollIds = useMemo(() => imagesToPoll(images), [images]);
  // "4 portraits on the way" counts what the parent asked for, not free previews still rendering.
  const batch = useMemo(() => currentBatch(images.filter(isPortrait)), [images]);
  usePredictionStatus({ familyId, childId }, pollIds);

  // What this page has seen in the making: a failure among them is one it saw happen.
  const watched = useRef(new Set<string>());
  for (const id of pollIds) watched.current.add(id);

  const anyActive = pollIds.length > 0;
  const now = useNow(15_000, anyActive);
  const report = useReportFailedImage({ familyId, childId, userId });
  const { mutate: reportImage } = report;
  useEffect(() => {
    for (const image of imagesToSettle(images, { now, watched: watched.current, reported })) {
      reported.add(image.id);
      reportImage(image.id);
    }
  }, [images, now, reportImage]);

  return {
    gallery,
    images,
    finished: images.filter((image: GeneratedImage) => image.status === "succeeded"),
    /** The portraits of the batch in progress (empty when nothing is being made). */
    batch,
  };
}
