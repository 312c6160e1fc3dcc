import { z } from "zod";

/** Makes a storybook's PDF in the image-work pool (decision 0067). */
export const makeStorybookJob = {
  name: "keepsakes.make-storybook",
  payload: z.object({ storybookId: z.string().min(1) }),
};

/** Grow with me's yearly reminders (decision 0068): hourly, each series reminded once a year. */
export const sendSeriesRemindersJob = {
  name: "keepsakes.series-reminders",
  payload: z.object({}).passthrough(),
};
