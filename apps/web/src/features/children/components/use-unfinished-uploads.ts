import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { forgetFiles, type KeptFile, keepFile, readKeptFiles } from "@/lib/kept-files";

/** What the upload queue tells the device about each file: kept while on its way, let go once settled. */
export type UploadKeeper = {
  hold: (id: string, file: File) => void;
  release: (id: string) => void;
};

/** One child's photos of one family: a parent with several never sees another child's leftovers. */
export const unfinishedUploadsScope = (familyId: string, childId: number) =>
  `child-photos/${familyId}/${childId}`;

/**
 * The photos of one child that did not finish uploading on an earlier visit (a refresh, a closed tab,
 * a crash), and the keeper that records this visit's own queue for the next one. Files kept by this
 * visit carry its tag, so they are never offered back while they are still in its queue.
 */
export function useUnfinishedUploads({ familyId, childId }: { familyId: string; childId: number }) {
  const scope = unfinishedUploadsScope(familyId, childId);
  const [visit] = useState(() => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`);
  const [unfinished, setUnfinished] = useState<KeptFile[]>([]);
  const keys = useRef(new Map<string, string>());

  useEffect(() => {
    let current = true;
    void readKeptFiles(scope).then((files) => {
      if (current) setUnfinished(files.filter((kept) => !kept.key.startsWith(`${visit}/`)));
    });
    return () => {
      current = false;
    };
  }, [scope, visit]);

  const keeper = useMemo<UploadKeeper>(
    () => ({
      hold: (id, file) => {
        const key = `${visit}/${id}`;
        keys.current.set(id, key);
        void keepFile(scope, key, file);
      },
      release: (id) => {
        const key = keys.current.get(id);
        if (!key) return;
        keys.current.delete(id);
        void forgetFiles(scope, [key]);
      },
    }),
    [scope, visit],
  );

  const forget = useCallback(() => {
    void forgetFiles(
      scope,
      unfinished.map((kept) => kept.key),
    );
    setUnfinished([]);
  }, [scope, unfinished]);

  /**
   * Hands the files that could be read back to `add` (the queue, with its usual checks and limits),
   * which keeps them again under this visit; those only named stay, for the parent to pick again.
   */
  const uploadAgain = useCallback(
    (add: (files: File[]) => void) => {
      const readable = unfinished.filter((kept) => kept.file !== null);
      add(readable.flatMap((kept) => (kept.file ? [kept.file] : [])));
      void forgetFiles(
        scope,
        readable.map((kept) => kept.key),
      );
      setUnfinished((files) => files.filter((kept) => kept.file === null));
    },
    [scope, unfinished],
  );

  return { unfinished, keeper, forget, uploadAgain };
}
