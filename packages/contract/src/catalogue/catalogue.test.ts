import { describe, expect, it } from "vitest";
import { childGenders } from "../child";
import {
  agePhrase,
  categories,
  categoriesOfStyle,
  fillStylePrompt,
  findCategory,
  findStyle,
  isStyleUnlocked,
  STYLE_PROMPT_PREAMBLE,
  styles,
  unlockedCategoryIds,
} from "./index";

/** Spec §3 "Style ids by category", written out as the source of truth (sport + sports joined). */
const specCategories: [id: string, exclusive: boolean, styleIds: string[]][] = [
  [
    "popular",
    false,
    [
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
  ],
  [
    "wonder",
    false,
    ["ice-queen", "mushroom-miniature", "unicorn", "butterfly-musician", "fairy", "balloonist", "tea-party"],
  ],
  [
    "magic",
    false,
    ["enchanted-pixie", "fire-fairy", "witch", "conjuror", "medusa", "candy-land", "princess"],
  ],
  [
    "explorer",
    false,
    [
      "deep-sea-diver",
      "moon-walker",
      "desert-explorer",
      "arctic-explorer",
      "navigator",
      "jungle-explorer",
      "forbidden-forest",
      "baby-darwin",
    ],
  ],
  [
    "work",
    false,
    [
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
  ],
  [
    "animals",
    false,
    [
      "wolf-rider",
      "dino-rider",
      "baby-dragon",
      "tiger-tamer",
      "lion-rider",
      "eagle-rider",
      "turtle-surfer",
      "flying-fish",
    ],
  ],
  [
    "sports",
    false,
    [
      // sport (partial reading)
      "race-car-driver",
      "football-champion",
      "ice-hockey",
      // sports (end of the other reading)
      "boxer",
      "snowboarder",
      "river-rafter",
      "surfer",
      "sprinter",
    ],
  ],
  ["gaming", true, ["timewarp", "cyberstring", "dreamweaver", "sentinel", "blaze", "dark-angel"]],
  [
    "warriors",
    true,
    [
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
  ],
  [
    "history",
    true,
    [
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
  ],
  [
    "cute",
    true,
    ["candy-land", "bunny-costume", "winter-wonderer", "ursa-nova", "fluffy-planet", "balloon-euphoria"],
  ],
  [
    "season",
    false,
    [
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
  ],
];

/** The preview folders spec §2 names, plus the exclusive packs' own (gaming, warriors, cute). */
const specImageFolders = ["season", "magic", "wonder", "animals", "work", "explorer", "history", "sports"];

describe("the catalogue of spec §3", () => {
  it("has the spec's categories in order, each with exactly the spec's style ids in order", () => {
    expect(categories.map((category) => [category.id, category.exclusive, category.styleIds])).toEqual(
      specCategories,
    );
    for (const category of categories) {
      expect(category.imagePath).toBe(`/images/category/${category.id}.webp`);
      expect(category.title).not.toBe("");
    }
  });

  it("holds every spec style exactly once, a style shared by categories being one style", () => {
    const specIds = [...new Set(specCategories.flatMap(([, , ids]) => ids))];
    const ids = styles.map((style) => style.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual([...specIds].sort());
    expect(ids).toHaveLength(93);
  });

  it("keeps the spec's titles and spellings", () => {
    expect(findStyle("ice-queen")?.title).toBe("Ice Princess");
    expect(findStyle("ted-talker")?.title).toBe("Famous Speaker");
    expect(findStyle("UN-speaker")?.title).toBe("UN Speaker");
    expect(findStyle("pharoah")?.title).toBe("Pharaoh");
    expect(findStyle("cinqo-de-mayo")?.title).toBe("Cinco de Mayo");
    expect(findStyle("un-speaker")).toBeUndefined();
    for (const style of styles) expect(style.title.trim()).toBe(style.title);
  });

  it("files each preview under its first category other than popular", () => {
    for (const style of styles) {
      const owner = specCategories.find(([id, , ids]) => id !== "popular" && ids.includes(style.id));
      expect(style.imagePath).toBe(`/images/${owner?.[0]}/${style.id}.webp`);
    }
    expect(findStyle("birthday")?.imagePath).toBe("/images/season/birthday.webp");
    expect(findStyle("candy-land")?.imagePath).toBe("/images/magic/candy-land.webp");
    expect(findStyle("pharoah")?.imagePath).toBe("/images/history/pharoah.webp");
    const folders = new Set(styles.map((style) => style.imagePath.split("/")[2]));
    for (const folder of specImageFolders) expect(folders).toContain(folder);
  });

  it("finds categories and the categories of a style", () => {
    expect(findCategory("sports")?.styleIds).toContain("ice-hockey");
    expect(findCategory("sport")).toBeUndefined();
    expect(categoriesOfStyle("candy-land").map(({ id }) => id)).toEqual(["popular", "magic", "cute"]);
    expect(categoriesOfStyle("nope")).toEqual([]);
  });
});

describe("prompt templates", () => {
  it("all start with the one close-up-portrait preamble", () => {
    expect(STYLE_PROMPT_PREAMBLE).toMatch(/^A close-up portrait photo of \{trigger\}, \{age\} \{gender\}/);
    for (const style of styles) {
      expect(style.promptTemplate.startsWith(`${STYLE_PROMPT_PREAMBLE} `)).toBe(true);
      expect(style.promptTemplate.length).toBeGreaterThan(STYLE_PROMPT_PREAMBLE.length + 40);
    }
  });

  it("fill for a boy and a girl, a baby and a 7-year-old, leaving no placeholder", () => {
    for (const style of styles) {
      for (const gender of childGenders) {
        for (const age of [0, 7]) {
          const prompt = fillStylePrompt(style.promptTemplate, { trigger: "TOK", age, gender });
          expect(prompt).not.toMatch(/[{}]/);
          expect(prompt).toContain("TOK");
          expect(prompt).toContain(age === 0 ? `a baby ${gender}` : `a 7-year-old ${gender}`);
        }
      }
    }
  });

  it("say the age with the right article", () => {
    expect(agePhrase(0)).toBe("a baby");
    expect(agePhrase(1)).toBe("a 1-year-old");
    expect(agePhrase(8)).toBe("an 8-year-old");
    expect(agePhrase(11)).toBe("an 11-year-old");
    expect(agePhrase(17)).toBe("a 17-year-old");
    expect(() => agePhrase(-1)).toThrow(RangeError);
    expect(() => agePhrase(2.5)).toThrow(RangeError);
    expect(() => fillStylePrompt("{trigger}", { trigger: " ", age: 3, gender: "girl" })).toThrow(RangeError);
  });
});

describe("unlocking by plan entitlement", () => {
  it("opens the core categories on core and all of them on all", () => {
    expect(unlockedCategoryIds("core")).toEqual([
      "popular",
      "wonder",
      "magic",
      "explorer",
      "work",
      "animals",
      "sports",
      "season",
    ]);
    expect(unlockedCategoryIds("all")).toEqual(categories.map(({ id }) => id));
  });

  it("unlocks a style when any category listing it is unlocked", () => {
    expect(isStyleUnlocked("astronaut", "core")).toBe(true);
    expect(isStyleUnlocked("viking", "core")).toBe(false);
    expect(isStyleUnlocked("viking", "all")).toBe(true);
    // candy-land: magic (core) and cute (exclusive).
    expect(isStyleUnlocked("candy-land", "core")).toBe(true);
    expect(isStyleUnlocked("bunny-costume", "core")).toBe(false);
    // pharoah is in history (exclusive) but also in popular (core).
    expect(isStyleUnlocked("pharoah", "core")).toBe(true);
    expect(isStyleUnlocked("nope", "all")).toBe(false);
  });
});
