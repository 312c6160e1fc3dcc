import { CONSENT_AGREEMENT_VERSION } from "@wonderkin/contract";

/**
 * The parental consent agreement, as the parent reads it. It is written for one version of the
 * agreement: the server records the version a parent accepted, so changing what this says means a
 * new CONSENT_AGREEMENT_VERSION in the contract (and every parent is asked again). The retention
 * numbers are the deployment's own, from the public config, which the retention jobs enforce.
 */
export const agreementTextVersion = "2026-11-29";

export type AgreementFacts = {
  appName: string;
  retention: { trainingPhotosDays: number; unverifiedAccountDays: number };
  photos: { min: number; max: number };
  faceDetection: boolean;
  /** The free instant previews made while the model trains; null when this deployment makes none. */
  previews: { portraits: number; referencePhotos: number } | null;
  /** The child-safety screen: whether it runs, and the days a picture that fails is kept for review. */
  safety: { screening: boolean; quarantineDays: number };
};

export type AgreementSection = {
  id: string;
  heading: string;
  paragraphs?: string[];
  items?: string[];
};

export type Agreement = {
  version: string;
  title: string;
  intro: string;
  sections: AgreementSection[];
  confirmations: { isParentOrGuardian: string; agreesToProcessing: string };
};

const days = (count: number) => (count === 1 ? "1 day" : `${count} days`);

/** The fingerprint, scores, time and reason of a picture the safety check stopped, in words. */
const safetyRecord =
  "a fingerprint of the picture that can't be turned back into it, the check's scores, the time and the reason";

/** What the safety check looks at and what happens to a picture that fails it (decision 0038). */
function safetyCheckParagraph(previews: boolean): string {
  return [
    `Every photo you upload, and every portrait${previews ? " and preview" : ""} we make, is checked automatically on our own servers for nudity and sexual content before it is stored or shown; nothing is sent anywhere for this check.`,
    "A photo that doesn't pass is refused.",
    "A portrait that doesn't pass is never shown: it is made again once, free, and if that one doesn't pass either, your credit is given back.",
    ...(previews ? ["A preview that doesn't pass is left out."] : []),
  ].join(" ");
}

function safetyRetentionItem(quarantineDays: number): string {
  return quarantineDays > 0
    ? `A picture that doesn't pass the safety check: kept encrypted for ${days(quarantineDays)}, only so that our team can review the decision, then deleted. The record of the check (${safetyRecord}) is deleted with your child or your family.`
    : `A picture that doesn't pass the safety check: no copy is kept, only a record of the check (${safetyRecord}), which is deleted with your child or your family.`;
}

export function consentAgreement(facts: AgreementFacts): Agreement {
  const { appName, retention, photos, previews, safety } = facts;
  return {
    version: CONSENT_AGREEMENT_VERSION,
    title: "Parental consent agreement",
    intro: `Before you add your child, please read what ${appName} does with your child's details and photos, and how you can delete them. It takes about two minutes.`,
    sections: [
      {
        id: "who",
        heading: "Who can agree",
        paragraphs: [
          "Only a child's parent or legal guardian can give this consent. By accepting, you confirm that you are the parent or legal guardian of each child you add.",
        ],
      },
      {
        id: "what",
        heading: "What we process",
        items: [
          "Your child's first name, their age (or birth date, if you give it) and whether they are a boy or a girl.",
          `The photos of your child that you upload: between ${photos.min} and ${photos.max}.`,
          "The image model trained on those photos, and the portraits made with it.",
          ...(previews
            ? [
                `While the model trains, a few free preview portraits made from up to ${previews.referencePhotos} of your child's best photos, marked "Preview".`,
              ]
            : []),
        ],
        paragraphs: [
          "Before a photo is stored we re-create it from its pixels alone, so nothing your camera or phone added to it is kept: no location, no date, no device.",
          ...(facts.faceDetection
            ? [
                "Each photo is checked on our own servers for your child's clear face. For your child's face in each photo, our servers also work out a face descriptor — 128 numbers that describe the face; the photo can't be rebuilt from them — and an estimate of the age.",
                "A photo may show other people too. Our servers then find every face in it only to tell which one is your child's (or you tap your child), and keep only a square around your child's face with every other face blurred beyond recognition. The photo as you uploaded it, and anything about the other people, is not kept.",
                "We use them only to check that every photo shows the same child, to ask you when a photo looks like an adult, to put the best photos first, and to check that every portrait looks like your child. We never show the estimated age, to you or to anyone.",
                "Face descriptors are biometric data. They stay in our own database: we never send them to the image-model provider, to analytics or to anyone else.",
              ]
            : []),
          ...(safety.screening ? [safetyCheckParagraph(previews !== null)] : []),
        ],
      },
      {
        id: "why",
        heading: "Why",
        paragraphs: [
          `To train a private image model of your child, which is used only to make portraits for your family${previews ? " — and, while it trains, a few free previews" : ""}.`,
          ...(safety.screening
            ? [
                "To make sure that no photo or portrait shows nudity or sexual content, with the automatic safety check described above.",
              ]
            : []),
          "We don't use your child's photos or model for anything else: not to train other models, not for advertising, and we never sell or publish them.",
        ],
      },
      {
        id: "who-sees",
        heading: "Who sees them",
        paragraphs: [
          "The people in your family on our service, according to their role. Owners and admins add children and upload or delete photos; members see the children and their portraits and can make portraits. You decide who is in your family, on the family page.",
          "Photos and portraits are shown only through private links that expire after a short time.",
          ...(safety.screening && safety.quarantineDays > 0
            ? [
                "A picture that doesn't pass the automatic safety check may be looked at by our team, to review the decision; nobody else sees it.",
              ]
            : []),
        ],
      },
      {
        id: "where",
        heading: "Where they are processed",
        paragraphs: [
          "On our servers, and by the image-model provider we use to train your child's model and make the portraits. The provider processes them only on our behalf and only for that.",
          ...(previews
            ? [
                `While the model trains, up to ${previews.referencePhotos} of your child's best photos are also sent to the provider's reference-image model, which makes the free previews from them. When the provider is Replicate, that model is FLUX.2 [pro] by Black Forest Labs, and Replicate deletes the photos it was sent and the previews it made an hour after each request.`,
              ]
            : []),
        ],
      },
      {
        id: "how-long",
        heading: "How long we keep them",
        items: [
          `Training photos: deleted ${days(retention.trainingPhotosDays)} after your child's model has been trained. Until then, you can remove any of them yourself.`,
          ...(facts.faceDetection
            ? [
                `A photo's face descriptor: deleted with the photo — when you remove it, or when training photos are deleted ${days(retention.trainingPhotosDays)} after training.`,
                "Your child's reference face (the descriptor of the photo most typical of the set): kept with your child to check new portraits, and deleted with your child or your account.",
              ]
            : []),
          previews
            ? "Your child's details, model, portraits and previews: kept while your account is active, so you can keep making and downloading portraits. Previews are kept with the portraits."
            : "Your child's details, model and portraits: kept while your account is active, so you can keep making and downloading portraits.",
          ...(safety.screening ? [safetyRetentionItem(safety.quarantineDays)] : []),
          `An account whose e-mail address is never confirmed is deleted, with everything in it, after ${days(retention.unverifiedAccountDays)}.`,
        ],
      },
      {
        id: "delete",
        heading: "How to delete everything, and withdraw",
        items: [
          "A photo: remove it on the upload page, at any time.",
          `One child: delete them from the family page or their studio. Their photos, ${facts.faceDetection ? "face descriptors, " : ""}trained model (at the image-model provider too)${previews ? ", portraits and previews" : " and portraits"} are deleted for good, at once.`,
          `Everything about your children: delete your family on the family page, or close your account in account settings, where you can also download all your data first${previews ? ", photos, portraits and previews included" : ""}.`,
        ],
        paragraphs: [
          "Deleting is how you withdraw this consent: once something is deleted, we no longer process it. You don't need to give a reason.",
        ],
      },
      {
        id: "record",
        heading: "What we record when you accept",
        paragraphs: [
          "The version of this agreement, the date and time, your internet address and your browser, as proof of your consent. If the agreement changes, we ask you again before you add a child or upload photos.",
        ],
      },
    ],
    confirmations: {
      isParentOrGuardian: "I am the parent or legal guardian of the child I add.",
      agreesToProcessing: `I agree that ${appName} processes my child's details and photos to train a private image model of my child and make portraits for my family, as described above.`,
    },
  };
}
