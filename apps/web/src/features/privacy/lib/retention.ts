/** How long a finished data export is kept before its file is deleted (decision 0019). */
export const EXPORT_KEPT_DAYS = 7;
/** How long the link in the "your data is ready" e-mail works. */
export const EXPORT_LINK_HOURS = 24;

/** "1 day", "30 days". */
export function days(count: number): string {
  return count === 1 ? "1 day" : `${count} days`;
}

export type RetentionRow = { id: string; what: string; howLong: string };

/**
 * The policy's retention table. The two configurable periods are the deployment's own, from
 * /api/config, which the retention jobs enforce: the page can never promise something else.
 */
export type RetentionPeriods = { trainingPhotosDays: number; unverifiedAccountDays: number };

export function retentionRows(
  retention: RetentionPeriods,
  options: {
    faceDetection?: boolean;
    previews?: boolean;
    /** The child-safety screen, where it runs: how long a picture that fails it is kept for review. */
    safety?: { screening: boolean; quarantineDays: number };
  } = {},
): RetentionRow[] {
  // Kept only where the face checks run (the deployment's own setting, from /api/config).
  const faceRows: RetentionRow[] = options.faceDetection
    ? [
        {
          id: "face-descriptors",
          what: "Face descriptors of the photos",
          howLong: `Deleted with their photo: when you remove it, and when training photos are deleted ${days(retention.trainingPhotosDays)} after training.`,
        },
        {
          id: "reference-face",
          what: "Your child's reference face",
          howLong:
            "Kept with your child to check new portraits; deleted as soon as you delete the child, the family or your account.",
        },
      ]
    : [];
  const safety = options.safety;
  // Only where the safety check runs (the deployment's own setting, from /api/config).
  const safetyRows: RetentionRow[] = safety?.screening
    ? [
        {
          id: "safety-checks",
          what: "Pictures that fail the safety check",
          howLong:
            safety.quarantineDays > 0
              ? `An encrypted copy for ${days(safety.quarantineDays)}, for our team's review, then deleted (sooner when you delete the child, the family or your account). The record of the check is deleted with the child or the family.`
              : "No copy is kept. The record of the check (the picture's fingerprint, the scores, the time and the reason) is deleted with the child or the family.",
        },
      ]
    : [];
  return [
    {
      id: "training-photos",
      what: "Training photos",
      howLong: `Deleted automatically ${days(retention.trainingPhotosDays)} after your child's model has finished training. You can delete any of them sooner.`,
    },
    ...faceRows,
    {
      id: "children",
      // Previews only where this deployment makes them (the deployment's own setting, from /api/config).
      what: options.previews
        ? "Your children's details, their trained models, portraits and previews"
        : "Your children's details, their trained models and portraits",
      howLong: `While your account is active, so you can keep making and downloading portraits; deleted as soon as you delete the child, the family or your account.${options.previews ? " Previews are kept and deleted with the portraits." : ""}`,
    },
    ...safetyRows,
    {
      id: "account",
      what: "Your account, families, consents and credits",
      howLong: "Until you delete your account.",
    },
    {
      id: "unverified",
      what: "Accounts whose e-mail address is never confirmed",
      howLong: `Deleted with everything in them ${days(retention.unverifiedAccountDays)} after sign-up, if nobody has signed in to them in that time.`,
    },
    {
      id: "exports",
      what: "Data exports (the zip you ask for)",
      howLong: `${days(EXPORT_KEPT_DAYS)}, then the file is deleted. The link we e-mail works for ${EXPORT_LINK_HOURS} hours; until the file is deleted, your account settings give a fresh one.`,
    },
    {
      id: "payments",
      what: "Payment records",
      howLong:
        "As long as tax law requires (typically up to 10 years), even after you delete your account, and never with anything about your children.",
    },
    {
      id: "visitor-cookie",
      what: "The visitor cookie (wk_vid)",
      howLong:
        "Up to a year in your browser. When you delete your account, the visit it counted (the page you landed on and the campaign) stays, no longer linked to you.",
    },
  ];
}
