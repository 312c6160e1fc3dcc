/**
 * Training: a child's model at the image provider, from the photos to a settled training (and the previews
 * it starts). Code outside this folder imports only from here.
 */
export { runTraining, settleTraining, startTraining, trainingStateOf } from "./training";
