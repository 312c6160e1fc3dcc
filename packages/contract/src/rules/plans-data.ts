/**
 * The plans of spec §9 as plain data, without zod, for the landing page's plans in brief (decision
 * 0036). ../plans.ts declares their schemas and everything built on them, and offers this same list
 * typed by planSchema; plans.test.ts parses each plan with it, so the data and the schema agree.
 */

export const PRICE_CURRENCY = "USD";

/** Clips one "Create video" purchase gives. */
export const VIDEO_ADD_ON_UNITS = 5;
/** Ready-to-print A4 files one "Ready to print" purchase gives. */
export const PRINT_ADD_ON_UNITS = 10;
/** Children one "Extra child" purchase adds room for, on top of the plan's own (decision 0051). */
export const EXTRA_CHILD_ADD_ON_UNITS = 1;
/** Printable storybooks one "Storybook" purchase gives (decision 0067). */
export const STORYBOOK_ADD_ON_UNITS = 1;

/** The Storybook add-on, sold on Magician and Oracle alike (decision 0067). */
const storybookAddOn = {
  id: "storybook",
  value: "Storybook",
  price: 9.99,
  unit: "book",
  units: STORYBOOK_ADD_ON_UNITS,
  grants: `${STORYBOOK_ADD_ON_UNITS} print-ready storybook of 8 to 24 portraits`,
} as const;

/** A plan as ../plans.ts's planSchema describes it. */
export type PlanData = {
  key: "alchemist" | "magician" | "oracle";
  name: string;
  description: string;
  isPopular: boolean;
  features: { value: string; comingSoon?: boolean | undefined }[];
  addOns: {
    id: "create-video" | "ready-to-print" | "extra-child" | "storybook";
    value: string;
    price: number;
    unit: "video" | "print" | "child" | "book";
    units: number;
    grants: string;
  }[];
  variants: {
    planId: 1 | 2 | 3 | 4 | 5;
    billingCycle: "one-time" | "monthly" | "yearly";
    price: number;
    creditsPerGrant: number;
  }[];
  entitlements: {
    childrenAllowed: number;
    categories: "core" | "all";
    watermark: boolean;
    readyToPrintPerMonth: number;
    /** Printable storybooks the plan makes each calendar month (decision 0067). */
    storybooksPerMonth: number;
    faceUpdatesPerYear: number;
  };
};

export const plans: readonly PlanData[] = [
  {
    key: "alchemist",
    name: "Alchemist",
    description: "A one-time pack to try the magic: portraits in the core categories.",
    isPopular: false,
    features: [{ value: "50 images" }, { value: "A single child" }, { value: "Core categories" }],
    addOns: [],
    variants: [{ planId: 5, billingCycle: "one-time", price: 19, creditsPerGrant: 50 }],
    entitlements: {
      childrenAllowed: 1,
      categories: "core",
      watermark: true,
      readyToPrintPerMonth: 0,
      storybooksPerMonth: 0,
      faceUpdatesPerYear: 0,
    },
  },
  {
    key: "magician",
    name: "Magician",
    description: "New portraits every month, without watermarks, to share anywhere.",
    isPopular: true,
    features: [
      { value: "100 images per month" },
      { value: "A single child" },
      { value: "No watermarks" },
      { value: "Share anywhere" },
    ],
    addOns: [
      {
        id: "create-video",
        value: "Create video",
        price: 2,
        unit: "video",
        units: VIDEO_ADD_ON_UNITS,
        grants: `${VIDEO_ADD_ON_UNITS} animated clips of your portraits`,
      },
      {
        id: "ready-to-print",
        value: "Ready to print",
        price: 2,
        unit: "print",
        units: PRINT_ADD_ON_UNITS,
        grants: `${PRINT_ADD_ON_UNITS} ready-to-print A4 files`,
      },
      storybookAddOn,
    ],
    variants: [
      { planId: 1, billingCycle: "monthly", price: 14.99, creditsPerGrant: 100 },
      { planId: 2, billingCycle: "yearly", price: 149.9, creditsPerGrant: 100 },
    ],
    entitlements: {
      childrenAllowed: 1,
      categories: "core",
      watermark: false,
      readyToPrintPerMonth: 0,
      storybooksPerMonth: 0,
      faceUpdatesPerYear: 0,
    },
  },
  {
    key: "oracle",
    name: "Oracle",
    description: "Everything, twice the portraits, the exclusive packs and prints.",
    isPopular: false,
    features: [
      { value: "Everything in Magician" },
      { value: "200 images per month" },
      { value: "Extra child" },
      { value: "Exclusive packs" },
      { value: "10 ready-to-print A4" },
      { value: "A printable storybook every month" },
      { value: "Video clips with the Create video add-on" },
      { value: "Child face update twice per year" },
    ],
    addOns: [
      // Oracle is everything in Magician: its video clips are Magician's add-on (decision 0056).
      {
        id: "create-video",
        value: "Create video",
        price: 2,
        unit: "video",
        units: VIDEO_ADD_ON_UNITS,
        grants: `${VIDEO_ADD_ON_UNITS} animated clips of your portraits`,
      },
      // Each purchase makes room for one more child in the family while the plan is Oracle (decision 0051).
      {
        id: "extra-child",
        value: "Extra child",
        price: 9.99,
        unit: "child",
        units: EXTRA_CHILD_ADD_ON_UNITS,
        grants: `${EXTRA_CHILD_ADD_ON_UNITS} more child in your family`,
      },
      storybookAddOn,
    ],
    variants: [
      { planId: 3, billingCycle: "monthly", price: 24.99, creditsPerGrant: 200 },
      { planId: 4, billingCycle: "yearly", price: 249.9, creditsPerGrant: 200 },
    ],
    // One child included, like every plan; the Extra child add-on adds more (decision 0051).
    entitlements: {
      childrenAllowed: 1,
      categories: "all",
      watermark: false,
      readyToPrintPerMonth: 10,
      storybooksPerMonth: 1,
      faceUpdatesPerYear: 2,
    },
  },
];
