/**
 * Training: a child's model at the image provider, from the photos to a settled training (and the previews
 * it starts). Code outside this folder imports only from here.
 */
export { handOverPhotos } from "./hand-over-photos";
export {
  checkAdultQuestionsAnswered,
  checkOneChild,
  runTraining,
  settleTraining,
  startTraining,
  TRAINING_FAILED,
  trainingStateOf,
} from "./training";
