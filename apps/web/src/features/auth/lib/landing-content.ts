import { type PlanData as Plan, PRICE_CURRENCY, plans } from "@wonderkin/contract/rules";

/**
 * What the landing (the sign-up page, where `/` sends a signed-out visitor) says, as plain data, so
 * every promise on it comes from the deployment's own settings or the contract's plans.
 */

export const landingSteps = [
  {
    title: "Add a few photos",
    text: "Upload everyday photos of your child. We check each one and tell you which work best.",
  },
  {
    title: "We train their own model",
    text: "A private image model learns your child's face from those photos, for your family only.",
  },
  {
    title: "Pick a style, make portraits",
    text: "Astronaut, fairy, viking and dozens more: choose a style and see your child in it.",
  },
] as const;

export type LandingSample = { styleId: string; title: string; category: string; imagePath: string };

/**
 * One style from each of several categories (the operator's sample image replaces its art). Written
 * out rather than looked up: the catalogue's module (every prompt) stays off this first-load page;
 * landing-content.test.ts keeps these in step with the catalogue.
 */
export const landingSamples: readonly LandingSample[] = [
  {
    styleId: "astronaut",
    title: "Astronaut",
    category: "Dream Jobs",
    imagePath: "/images/work/astronaut.webp",
  },
  { styleId: "fairy", title: "Fairy", category: "Wonder", imagePath: "/images/wonder/fairy.webp" },
  { styleId: "pirate", title: "Pirate", category: "History", imagePath: "/images/history/pirate.webp" },
  { styleId: "witch", title: "Little Witch", category: "Magic", imagePath: "/images/magic/witch.webp" },
  { styleId: "viking", title: "Viking", category: "Warriors", imagePath: "/images/warriors/viking.webp" },
  { styleId: "surfer", title: "Surfer", category: "Sports", imagePath: "/images/sports/surfer.webp" },
];

export type PlanBrief = {
  key: Plan["key"];
  name: string;
  description: string;
  popular: boolean;
  /** "$19 once", "$14.99 a month or $149.90 a year". */
  price: string;
  features: string[];
};

function money(amount: number): string {
  return new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: PRICE_CURRENCY,
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
  }).format(amount);
}

const cycleWords = { "one-time": "once", monthly: "a month", yearly: "a year" } as const;

/** Each plan in a line or three: its prices per billing cycle and the features already available. */
export function planBriefs(list: readonly Plan[] = plans): PlanBrief[] {
  return list.map((plan) => ({
    key: plan.key,
    name: plan.name,
    description: plan.description,
    popular: plan.isPopular,
    price: plan.variants
      .map((variant) => `${money(variant.price)} ${cycleWords[variant.billingCycle]}`)
      .join(" or "),
    features: plan.features.filter((feature) => !feature.comingSoon).map((feature) => feature.value),
  }));
}

/** "1 day", "30 days". */
export function dayCount(days: number): string {
  return days === 1 ? "1 day" : `${days} days`;
}

export type FaqFacts = {
  appName: string;
  trainingPhotosDays: number | null;
  photos: { min: number; max: number } | null;
};

export type FaqItem = { question: string; answer: string };

export function landingFaq({ appName, trainingPhotosDays, photos }: FaqFacts): FaqItem[] {
  const deleted =
    trainingPhotosDays === null
      ? "Training photos are deleted automatically soon after training"
      : `Training photos are deleted automatically ${dayCount(trainingPhotosDays)} after training`;
  return [
    {
      question: "What photos do I need?",
      answer: photos
        ? `Between ${photos.min} and ${photos.max} everyday photos of your child, their face clear. Group photos are fine: we keep only your child. No studio shots needed: we check every photo and explain what to change.`
        : "A handful of everyday photos of your child, their face clear. Group photos are fine: we keep only your child. We check every photo and explain what to change.",
    },
    {
      question: "Are the pictures on this page real portraits?",
      answer: `They are illustrations of each style, drawn for ${appName}. Your portraits are made from your own child's photos by their own model.`,
    },
    {
      question: "What happens to my child's photos?",
      answer: `${deleted}. They are never used to train models for anyone else, and you can delete photos, portraits or your whole account at any time.`,
    },
    {
      question: "Who can see the portraits?",
      answer:
        "Only you and the members you invite to your family. Nothing is public unless you choose to share it.",
    },
    {
      question: "Can I cancel?",
      answer:
        "Yes. Monthly and yearly plans can be cancelled at any time from your account and keep working until the end of the period you paid for. The Alchemist pack is a one-time purchase with nothing to cancel.",
    },
  ];
}
