import { useQuery } from "@tanstack/react-query";
import { getPublicConfigQueryOptions } from "@/lib/public-config";

/**
 * Which picture a style or category preview shows: the operator's sample image when this deployment
 * has one for the id (README "Sample previews", listed by /api/config), else the drawn art.
 */
export function previewSource(
  id: string,
  drawnPath: string,
  samples: Readonly<Record<string, string>> | null | undefined,
): string {
  const sample = samples && Object.hasOwn(samples, id) ? samples[id] : undefined;
  return sample ?? drawnPath;
}

/** The preview's picture for this id; the drawn art until the public config has loaded. */
export function usePreviewSource(id: string, drawnPath: string): string {
  const samples = useQuery({ ...getPublicConfigQueryOptions(), select: (config) => config.samples }).data;
  return previewSource(id, drawnPath, samples);
}
