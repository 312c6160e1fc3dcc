import type { ThemeCategory } from "./catalogue-types";

type CategoryEntry = Omit<ThemeCategory, "imagePath">;

/**
 * The theme categories of spec §3 as one catalogue. The spec's two readings are joined: its cut-off
 * `sport` list (race-car-driver, football-champion, ice-hockey) and the `sports` list that ends the
 * other reading are one `sports` category, whose preview folder `/images/sports/` is the spec's.
 * Gaming, warriors, history and cute are the exclusive packs (spec §9, Oracle); the rest are core.
 */
const categoryEntries: readonly CategoryEntry[] = [
  {
    id: "popular",
    title: "Popular",
    exclusive: false,
    styleIds: [
      "birthday",
      "enchanted-pixie",
      "flying-fish",
      "balloonist",
      "crypto-billionaire",
      "candy-land",
      "fairy",
      "ice-queen",
      "st-patricks-day",
      "pharoah",
    ],
  },
  {
    id: "wonder",
    title: "Wonder",
    exclusive: false,
    styleIds: [
      "ice-queen",
      "mushroom-miniature",
      "unicorn",
      "butterfly-musician",
      "fairy",
      "balloonist",
      "tea-party",
    ],
  },
  {
    id: "magic",
    title: "Magic",
    exclusive: false,
    styleIds: ["enchanted-pixie", "fire-fairy", "witch", "conjuror", "medusa", "candy-land", "princess"],
  },
  {
    id: "explorer",
    title: "Explorers",
    exclusive: false,
    styleIds: [
      "deep-sea-diver",
      "moon-walker",
      "desert-explorer",
      "arctic-explorer",
      "navigator",
      "jungle-explorer",
      "forbidden-forest",
      "baby-darwin",
    ],
  },
  {
    id: "work",
    title: "Dream Jobs",
    exclusive: false,
    styleIds: [
      "ted-talker",
      "baker",
      "mechanic",
      "teacher",
      "farmer",
      "UN-speaker",
      "engineer",
      "president",
      "astronaut",
      "vet",
      "medic",
      "police",
      "firefighter",
      "rescue-pilot",
      "crypto-billionaire",
    ],
  },
  {
    id: "animals",
    title: "Animals",
    exclusive: false,
    styleIds: [
      "wolf-rider",
      "dino-rider",
      "baby-dragon",
      "tiger-tamer",
      "lion-rider",
      "eagle-rider",
      "turtle-surfer",
      "flying-fish",
    ],
  },
  {
    id: "sports",
    title: "Sports",
    exclusive: false,
    styleIds: [
      "race-car-driver",
      "football-champion",
      "ice-hockey",
      "boxer",
      "snowboarder",
      "river-rafter",
      "surfer",
      "sprinter",
    ],
  },
  {
    id: "gaming",
    title: "Gaming",
    exclusive: true,
    styleIds: ["timewarp", "cyberstring", "dreamweaver", "sentinel", "blaze", "dark-angel"],
  },
  {
    id: "warriors",
    title: "Warriors",
    exclusive: true,
    styleIds: [
      "aztec",
      "zorro",
      "magic-blacksmith",
      "knight",
      "viking",
      "young-samurai",
      "mongolian-horseman",
      "amazonian-tribesman",
      "scotsman",
    ],
  },
  {
    id: "history",
    title: "History",
    exclusive: true,
    styleIds: [
      "young-royalty",
      "greek-philosopher",
      "victorian-garden",
      "royalty",
      "peaky-blinder",
      "gold-hunter",
      "pirate",
      "cowboy",
      "pharoah",
    ],
  },
  {
    id: "cute",
    title: "Cute",
    exclusive: true,
    styleIds: [
      "candy-land",
      "bunny-costume",
      "winter-wonderer",
      "ursa-nova",
      "fluffy-planet",
      "balloon-euphoria",
    ],
  },
  {
    id: "season",
    title: "Seasons & Holidays",
    exclusive: false,
    styleIds: [
      "birthday",
      "cinqo-de-mayo",
      "st-patricks-day",
      "day-of-the-dead",
      "elf",
      "santa",
      "halloween",
      "easter-bunny",
      "running-of-the-bulls",
      "la-tomatina",
      "chinese-new-year",
    ],
  },
];

/** The id of the showcase category: it only repeats styles of the others, so it owns no folder. */
export const POPULAR_CATEGORY_ID = "popular";

export const categories: readonly ThemeCategory[] = categoryEntries.map((entry) => ({
  id: entry.id,
  title: entry.title,
  imagePath: `/images/category/${entry.id}.webp`,
  exclusive: entry.exclusive,
  styleIds: entry.styleIds,
}));

/**
 * The folder of a style's preview image: the first category in catalogue order that lists it,
 * leaving out `popular` (every popular style also belongs to a themed category).
 */
export function styleImageFolder(styleId: string): string {
  const owner = categories.find(
    (category) => category.id !== POPULAR_CATEGORY_ID && category.styleIds.includes(styleId),
  );
  if (!owner) throw new Error(`The style ${styleId} is in no category but popular.`);
  return owner.id;
}
