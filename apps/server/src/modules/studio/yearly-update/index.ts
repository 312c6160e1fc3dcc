/**
 * The yearly update (decision 0069): a trained child's model trained again from this year's photos.
 * Code outside this folder imports only from here.
 */
export { runYearlyUpdate, settleYearlyUpdate } from "./run-yearly-update";
export { startYearlyUpdate, yearlyUpdateStateOf } from "./start-yearly-update";
