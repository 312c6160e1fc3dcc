import { z } from "zod";

/** Makes a storybook's PDF in the image-work pool (decision 0067). */
export const makeStorybookJob = {
  name: "keepsakes.make-storybook",
  payload: z.object({ storybookId: z.string().min(1) }),
};
