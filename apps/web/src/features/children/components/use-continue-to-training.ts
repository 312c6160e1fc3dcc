import type { Child } from "@wonderkin/contract";
import { useNavigate } from "react-router";
import { useStartTraining } from "@/entities/training/child-training";
import {
  photosToAnswer,
  startsTrainingOnContinue,
  trainingStartProblem,
} from "@/entities/training/start-on-continue";
import { toast } from "@/lib/toast";

/**
 * Continue at the end of the upload step: it starts the child's training when that is due (see
 * `startsTrainingOnContinue`), then goes on to the progress page. A failed start is said in a toast
 * and handed to that page, which keeps it next to the button that tries again, rather than keeping
 * the parent here with photos that are already fine. The exception is a start refused because of
 * photos (some look like someone else, or like an adult and were not answered for): those photos
 * are the trouble and are marked here, so the parent stays, with the server's words in
 * `photosProblem` to show above them.
 */
export function useContinueToTraining({
  familyId,
  child,
  canStart,
  photoCount,
  minPhotos,
  to,
}: {
  familyId: string;
  child: Pick<Child, "id" | "trainingStatus">;
  canStart: boolean;
  photoCount: number;
  minPhotos: number;
  to: string;
}) {
  const navigate = useNavigate();
  const start = useStartTraining(familyId, child.id);
  const willStart = startsTrainingOnContinue({
    canStart,
    trainingStatus: child.trainingStatus,
    photoCount,
    minPhotos,
  });

  /** Whether it took the navigation over: then the Continue link must not follow itself. */
  const onContinue = (): boolean => {
    if (!willStart) return false;
    if (start.isPending) return true;
    start.mutate(undefined, {
      onSuccess: () => navigate(to),
      onError: (error) => {
        const toAnswer = photosToAnswer(error);
        if (toAnswer) {
          toast.error(`Training didn't start. ${toAnswer.message}`);
          return;
        }
        const problem = trainingStartProblem(error);
        // Said at once, wherever the parent looks; the progress page keeps it by the retry button.
        if (problem) toast.error(`Training didn't start. ${problem.trainingStartProblem}`);
        navigate(to, { state: problem });
      },
    });
    return true;
  };

  return {
    onContinue,
    startsTraining: willStart,
    starting: start.isPending,
    /**
     * Why the last start was refused, when photos on this page are the reason (someone else's, or
     * adult-looking ones not answered for); cleared by the next try.
     */
    photosProblem: photosToAnswer(start.error)?.message ?? null,
  };
}
