import type { Style, StyleArt } from "./catalogue-types";
import { styleImageFolder } from "./categories";
import { stylePromptTemplate } from "./prompt";

type StyleEntry = {
  id: string;
  title: string;
  /** What follows the shared preamble: costume, setting, mood. Child-appropriate, no real people or brands. */
  scene: string;
  art: StyleArt;
};

/** Every style of spec §3 once, in the order the spec first lists it. */
const styleEntries: readonly StyleEntry[] = [
  // Popular (the rest of its styles follow in their themed categories)
  {
    id: "birthday",
    title: "Birthday",
    scene:
      "A joyful birthday celebration: a shiny paper party hat, a frosted birthday cake with glowing candles, pastel balloons and streamers, confetti drifting through warm golden light.",
    art: {
      gradient: ["#ffe3ef", "#b8a4ff"],
      accent: "#ff5fa2",
      motif: "confetti",
      costume: { outfit: "tee", headwear: "party-hat", colour: "#7fb8ff" },
    },
  },
  {
    id: "enchanted-pixie",
    title: "Enchanted Pixie",
    scene:
      "As an enchanted woodland pixie with delicate translucent wings and a tunic of soft leaves and petals, in a mossy glade full of glowing fireflies, dappled magical light and floating golden sparkles.",
    art: {
      gradient: ["#c9f2d8", "#2f7d6d"],
      accent: "#ffe27a",
      motif: "sparkles",
      costume: { outfit: "wrap", colour: "#5fae6e", headwear: "flower-crown", extras: ["wings"] },
    },
  },
  {
    id: "flying-fish",
    title: "Flying Fish",
    scene:
      "Gliding over a sparkling turquoise ocean on the back of a friendly giant flying fish with shimmering fin-wings, sea spray and a bright summer sky, a storybook adventure.",
    art: {
      gradient: ["#bfeaff", "#1f6fb2"],
      accent: "#ffd166",
      motif: "waves",
      costume: { outfit: "tee", colour: "#ff8a5c", headwear: "goggles", hatColour: "#2bb3c0" },
    },
  },
  {
    id: "balloonist",
    title: "Balloonist",
    scene:
      "As a daring balloonist in a leather aviator cap and goggles pushed up on the forehead, standing in the wicker basket of a striped hot-air balloon, patchwork fields and fluffy clouds far below.",
    art: {
      gradient: ["#ffe8c7", "#7ec8f2"],
      accent: "#ff7b5c",
      motif: "bubbles",
      costume: {
        outfit: "vest",
        colour: "#8a5a3c",
        headwear: "aviator",
        hatColour: "#8a5a3c",
        extras: ["neckerchief"],
      },
    },
  },
  {
    id: "crypto-billionaire",
    title: "Crypto Billionaire",
    scene:
      "As a young tech tycoon in a sharp tailored suit, confident smile, in a sleek penthouse office with a city skyline at dusk, glowing golden coins and holographic charts floating in the air.",
    art: {
      gradient: ["#1b2a4a", "#0c1222"],
      accent: "#f5c542",
      motif: "rays",
      costume: { outfit: "suit", colour: "#2a3555", extras: ["tie"] },
    },
  },
  {
    id: "candy-land",
    title: "Candy Land",
    scene:
      "In a whimsical world made of sweets: lollipop trees, candy-cane paths, gumdrop hills and cotton-candy clouds, wearing a playful outfit decorated with sprinkles, pastel colours everywhere.",
    art: {
      gradient: ["#fff0f6", "#ffb3d9"],
      accent: "#4fc3e8",
      motif: "confetti",
      costume: { outfit: "tee", colour: "#ff8fc4", headwear: "bow", hatColour: "#4fc3e8" },
    },
  },
  {
    id: "fairy",
    title: "Fairy",
    scene:
      "As a storybook fairy with shimmering iridescent wings and a flower crown, in a blooming garden at twilight, soft lilac light and tiny sparkles drifting in the air.",
    art: {
      gradient: ["#f3e6ff", "#a98bf0"],
      accent: "#fff3a3",
      motif: "sparkles",
      costume: { outfit: "gown", colour: "#c9a8ff", headwear: "flower-crown", extras: ["wings"] },
    },
  },
  {
    id: "ice-queen",
    title: "Ice Princess",
    scene:
      "As an ice princess in a shimmering pale-blue gown with a delicate crystal tiara, in a glittering frozen palace of ice, snowflakes swirling in cool silvery light.",
    art: {
      gradient: ["#e4ecff", "#7f96db"],
      accent: "#f4f7ff",
      motif: "sparkles",
      costume: { outfit: "gown", colour: "#a9c8ff", headwear: "tiara", hatColour: "#e8f0ff" },
    },
  },
  {
    id: "st-patricks-day",
    title: "St. Patrick's Day",
    scene:
      "Celebrating St. Patrick's Day in a green outfit and a small green top hat decorated with a shamrock, rolling emerald hills, a rainbow and a little pot of gold coins.",
    art: {
      gradient: ["#d9f7c9", "#2e8b57"],
      accent: "#ffd24a",
      motif: "leaves",
      costume: {
        outfit: "vest",
        colour: "#2e8b57",
        headwear: "top-hat",
        hatColour: "#2e8b57",
        extras: ["bowtie"],
      },
    },
  },
  {
    id: "pharoah",
    title: "Pharaoh",
    scene:
      "As a young pharaoh of ancient Egypt wearing a striped blue-and-gold nemes headdress and a jewelled collar, golden pyramids and palm trees along the Nile under a warm desert sun.",
    art: {
      gradient: ["#f6d98b", "#b5651d"],
      accent: "#1f5fa8",
      motif: "rays",
      costume: { outfit: "collar", colour: "#f2efe6", headwear: "nemes", hatColour: "#e9b949" },
    },
  },

  // Wonder
  {
    id: "mushroom-miniature",
    title: "Mushroom Miniature",
    scene:
      "Tiny as a mouse in an enchanted miniature world, sitting among giant red-and-white toadstools, dewdrops, clover and moss, a friendly ladybird nearby, macro-photography storybook look.",
    art: {
      gradient: ["#e9f5d0", "#6b8f3a"],
      accent: "#e2533b",
      motif: "leaves",
      costume: { outfit: "overalls", colour: "#6b8f3a", headwear: "mushroom-cap", hatColour: "#e2533b" },
    },
  },
  {
    id: "unicorn",
    title: "Unicorn",
    scene:
      "Beside a gentle white unicorn with a pearly spiral horn and a pastel rainbow mane, in a dreamy meadow of flowers under a sky of soft pink clouds and twinkling stars.",
    art: {
      gradient: ["#ffe1f2", "#b9a6ff"],
      accent: "#fff6a8",
      motif: "stars",
      costume: { outfit: "tee", colour: "#ffb3d9", headwear: "unicorn-horn", hatColour: "#ffd166" },
    },
  },
  {
    id: "butterfly-musician",
    title: "Butterfly Musician",
    scene:
      "As a garden musician playing a tiny violin, colourful butterflies dancing around like musical notes, wearing an outfit patterned with butterfly wings, in a sunlit flower garden.",
    art: {
      gradient: ["#fff1d6", "#f29fc0"],
      accent: "#7b5cd6",
      motif: "leaves",
      costume: {
        outfit: "vest",
        colour: "#7b5cd6",
        headwear: "bow",
        hatColour: "#f29fc0",
        extras: ["wings"],
      },
    },
  },
  {
    id: "tea-party",
    title: "Tea Party",
    scene:
      "Hosting a whimsical garden tea party at a lace-covered table with porcelain teacups, tiered plates of little cakes and a plush teddy bear guest, dressed in charming vintage party clothes.",
    art: {
      gradient: ["#fff4e6", "#f5b5a6"],
      accent: "#6fb7a8",
      motif: "hearts",
      costume: { outfit: "gown", colour: "#6fb7a8", headwear: "sun-hat", hatColour: "#f4e3c1" },
    },
  },

  // Magic
  {
    id: "fire-fairy",
    title: "Fire Fairy",
    scene:
      "As a fire fairy with glowing wings of orange and gold, a playful flame dancing harmlessly above an open palm, warm ember light and floating sparks against a dusky sky.",
    art: {
      gradient: ["#ffd59e", "#d9412b"],
      accent: "#ffe27a",
      motif: "flames",
      costume: {
        outfit: "gown",
        colour: "#ff7a3d",
        headwear: "flower-crown",
        hatColour: "#ffd166",
        extras: ["wings"],
      },
    },
  },
  {
    id: "witch",
    title: "Little Witch",
    scene:
      "As a friendly little witch in a pointed purple hat and a starry cloak, holding a wooden broom, a bubbling cauldron of glowing green potion and a curious black cat nearby, moonlit night.",
    art: {
      gradient: ["#3c2a66", "#130d2b"],
      accent: "#b8f26b",
      motif: "stars",
      costume: { outfit: "cloak", colour: "#5b3c9e", headwear: "witch-hat", hatColour: "#3a2a6e" },
    },
  },
  {
    id: "conjuror",
    title: "Conjuror",
    scene:
      "As a stage conjuror in a velvet cape and a top hat, a white rabbit peeking out and playing cards fanning through the air, theatre curtains and golden spotlights behind.",
    art: {
      gradient: ["#2b1d5c", "#6b1d4f"],
      accent: "#ffd166",
      motif: "sparkles",
      costume: {
        outfit: "cloak",
        colour: "#7a1f3d",
        headwear: "top-hat",
        hatColour: "#1d1a2e",
        extras: ["bowtie"],
      },
    },
  },
  {
    id: "medusa",
    title: "Medusa",
    scene:
      "As a friendly Medusa from Greek myth with playful cartoon-like green snakes for curls, a golden laurel circlet and a draped emerald chiton, marble columns and olive trees, gentle and whimsical.",
    art: {
      gradient: ["#cfe8c9", "#3d6b4a"],
      accent: "#e8c35a",
      motif: "sparkles",
      costume: {
        outfit: "wrap",
        colour: "#2f8f5b",
        headwear: "laurel",
        hatColour: "#e8c35a",
        hair: "#4caf50",
      },
    },
  },
  {
    id: "princess",
    title: "Princess",
    scene:
      "As a fairytale royal in an elegant pastel gown and a sparkling tiara, standing in a grand castle ballroom with chandeliers and rose garlands, warm candlelight.",
    art: {
      gradient: ["#ffe3f0", "#e58fb8"],
      accent: "#ffd166",
      motif: "sparkles",
      costume: { outfit: "gown", colour: "#f48fb8", headwear: "crown", hatColour: "#ffd166" },
    },
  },

  // Explorer
  {
    id: "deep-sea-diver",
    title: "Deep Sea Diver",
    scene:
      "As a deep-sea diver in a brass-and-copper diving suit with the round helmet held under one arm, on the ocean floor among coral, glowing jellyfish and curious fish, shafts of blue light and bubbles.",
    art: {
      gradient: ["#4fb3d9", "#0b2a4a"],
      accent: "#9fe8ff",
      motif: "bubbles",
      costume: { outfit: "spacesuit", colour: "#f2b33d", headwear: "bubble-helmet" },
    },
  },
  {
    id: "moon-walker",
    title: "Moon Walker",
    scene:
      "As a moon walker in a white spacesuit with the helmet visor open, standing on the grey dusty surface of the Moon, the blue Earth rising over the horizon, a starry black sky.",
    art: {
      gradient: ["#343a5e", "#0a0c1c"],
      accent: "#cfd3e6",
      motif: "mountains",
      costume: { outfit: "spacesuit", colour: "#eef1f8", headwear: "bubble-helmet" },
    },
  },
  {
    id: "desert-explorer",
    title: "Desert Explorer",
    scene:
      "As a desert explorer in a khaki safari outfit and a wide-brimmed sun hat, with a brass compass and a canteen, golden sand dunes, a camel caravan and a blazing sunset.",
    art: {
      gradient: ["#ffe0a8", "#d98a4a"],
      accent: "#8a4b2a",
      motif: "mountains",
      costume: {
        outfit: "vest",
        colour: "#c9a66b",
        headwear: "sun-hat",
        hatColour: "#d9b98a",
        extras: ["neckerchief"],
      },
    },
  },
  {
    id: "arctic-explorer",
    title: "Arctic Explorer",
    scene:
      "As an arctic explorer in a cosy fur-trimmed parka hood, cheeks rosy from the cold, icebergs, a husky team and a shimmering aurora over the snowy polar landscape.",
    art: {
      gradient: ["#e6f6ff", "#5f9bd1"],
      accent: "#ffffff",
      motif: "snow",
      costume: { outfit: "fur-coat", colour: "#e05a47", headwear: "beanie", hatColour: "#3b6fb6" },
    },
  },
  {
    id: "navigator",
    title: "Navigator",
    scene:
      "As a ship's navigator in a navy captain's coat with brass buttons, holding a spyglass at the wooden helm of a tall sailing ship, old maps and a compass rose, sea breeze and golden hour light.",
    art: {
      gradient: ["#f3e3c3", "#2f5d7c"],
      accent: "#c9a45c",
      motif: "waves",
      costume: { outfit: "uniform", colour: "#1f3b63", headwear: "tricorn", hatColour: "#1d2233" },
    },
  },
  {
    id: "jungle-explorer",
    title: "Jungle Explorer",
    scene:
      "As a jungle explorer in a pith helmet and an explorer's vest with binoculars, surrounded by lush tropical leaves, vines, a colourful parrot and a misty waterfall.",
    art: {
      gradient: ["#cdeaa8", "#2d6a3e"],
      accent: "#ffb347",
      motif: "leaves",
      costume: { outfit: "vest", colour: "#a8925a", headwear: "cowboy-hat", hatColour: "#c9a66b" },
    },
  },
  {
    id: "forbidden-forest",
    title: "Forbidden Forest",
    scene:
      "As a brave young adventurer in a hooded wool cloak holding a glowing lantern, in an ancient misty forest with twisted mossy trees, glowing mushrooms and fireflies, mysterious but friendly.",
    art: {
      gradient: ["#3f5a4a", "#121f1a"],
      accent: "#b7f3a6",
      motif: "sparkles",
      costume: { outfit: "cloak", colour: "#2f5b47", headwear: "hood", hatColour: "#2f5b47" },
    },
  },
  {
    id: "baby-darwin",
    title: "Little Darwin",
    scene:
      "As a young Victorian naturalist with a tweed jacket, a notebook and a magnifying glass, on a volcanic island shore with giant tortoises, finches and marine iguanas, sunny and curious.",
    art: {
      gradient: ["#f1ead2", "#7aa37a"],
      accent: "#4f7a5a",
      motif: "leaves",
      costume: {
        outfit: "vest",
        colour: "#8a6a4a",
        headwear: "sun-hat",
        hatColour: "#e6dcc0",
        extras: ["glasses"],
      },
    },
  },

  // Work
  {
    id: "ted-talker",
    title: "Famous Speaker",
    scene:
      "As an inspiring speaker on a big stage with a headset microphone, mid-gesture on a round red carpet under a warm spotlight, a large audience softly blurred in the dark.",
    art: {
      gradient: ["#2b2b3a", "#0f0f18"],
      accent: "#ff4f4f",
      motif: "rays",
      costume: { outfit: "suit", colour: "#3a3a4a", headwear: "headset" },
    },
  },
  {
    id: "baker",
    title: "Baker",
    scene:
      "As a baker in a white chef's hat and apron dusted with flour, in a cosy bakery with fresh bread loaves, croissants and colourful cupcakes on wooden shelves, warm morning light.",
    art: {
      gradient: ["#fff3e0", "#e9b98a"],
      accent: "#c8763b",
      motif: "confetti",
      costume: { outfit: "apron", colour: "#f3d9b0", headwear: "chef-hat", hatColour: "#ffffff" },
    },
  },
  {
    id: "mechanic",
    title: "Mechanic",
    scene:
      "As a mechanic in blue overalls with a smudge of grease on one cheek, holding a big wrench in a tidy garage workshop with a shiny vintage car and tools on the wall.",
    art: {
      gradient: ["#d7dde3", "#4a5866"],
      accent: "#f2a33a",
      motif: "sparkles",
      costume: { outfit: "overalls", colour: "#3b6fb6", headwear: "goggles", hatColour: "#f2a33a" },
    },
  },
  {
    id: "teacher",
    title: "Teacher",
    scene:
      "As a teacher in a smart cardigan holding a book, in a bright classroom with a chalkboard full of colourful drawings, a globe and a shiny red apple on the desk.",
    art: {
      gradient: ["#fff6d6", "#8cc7a1"],
      accent: "#f5b82e",
      motif: "stars",
      costume: { outfit: "vest", colour: "#d96f4a", extras: ["glasses"] },
    },
  },
  {
    id: "farmer",
    title: "Farmer",
    scene:
      "As a farmer in denim dungarees and a straw hat holding a basket of fresh vegetables, a red barn, a friendly cow and golden wheat fields under a sunny sky.",
    art: {
      gradient: ["#fff1c1", "#8bbf5a"],
      accent: "#e0a53a",
      motif: "mountains",
      costume: { outfit: "overalls", colour: "#4a78b0", headwear: "sun-hat", hatColour: "#e8c56a" },
    },
  },
  {
    id: "UN-speaker",
    title: "UN Speaker",
    scene:
      "As a young delegate in formal clothes speaking at the podium of a grand international assembly hall, rows of flags of many nations and a laurel-wreath emblem behind, dignified and hopeful.",
    art: {
      gradient: ["#dcecff", "#3b6fb6"],
      accent: "#f4f8ff",
      motif: "leaves",
      costume: { outfit: "suit", colour: "#24385e", extras: ["tie"] },
    },
  },
  {
    id: "engineer",
    title: "Engineer",
    scene:
      "As an engineer in a yellow hard hat and a high-visibility vest holding rolled-up blueprints, a bridge under construction and cranes behind, clear daylight.",
    art: {
      gradient: ["#dff1ff", "#2c5d8a"],
      accent: "#ffcc33",
      motif: "grid",
      costume: { outfit: "vest", colour: "#ff9f1c", headwear: "hard-hat", hatColour: "#ffcc33" },
    },
  },
  {
    id: "president",
    title: "President",
    scene:
      "As a head of state in a tailored formal suit, standing at a wooden podium in a stately office with tall windows and flags, a confident, kind expression.",
    art: {
      gradient: ["#f2f4f8", "#1f3a6b"],
      accent: "#c8102e",
      motif: "stars",
      costume: { outfit: "suit", colour: "#1f2a44", extras: ["tie"] },
    },
  },
  {
    id: "astronaut",
    title: "Astronaut",
    scene:
      "As an astronaut in a white spacesuit with mission patches, the helmet held under one arm, inside a spaceship window view of Earth and twinkling stars, cinematic lighting.",
    art: {
      gradient: ["#1b2350", "#05060f"],
      accent: "#ffb65c",
      motif: "stars",
      costume: { outfit: "spacesuit", colour: "#f4f6fb", headwear: "bubble-helmet" },
    },
  },
  {
    id: "vet",
    title: "Vet",
    scene:
      "As a veterinarian in a teal scrub top with a stethoscope, gently holding a fluffy puppy, a kitten and a bunny on the exam table of a bright, friendly animal clinic.",
    art: {
      gradient: ["#e8f7ee", "#7cc4a4"],
      accent: "#ff8a7a",
      motif: "hearts",
      costume: { outfit: "scrubs", colour: "#7cc4a4", extras: ["stethoscope"] },
    },
  },
  {
    id: "medic",
    title: "Medic",
    scene:
      "As a doctor in a white coat with a stethoscope around the neck, a clipboard in hand, in a bright, clean hospital corridor, caring and reassuring.",
    art: {
      gradient: ["#eef7ff", "#8fc1e3"],
      accent: "#e5484d",
      motif: "bubbles",
      costume: {
        outfit: "scrubs",
        colour: "#8fc1e3",
        headwear: "cap",
        hatColour: "#ffffff",
        extras: ["stethoscope"],
      },
    },
  },
  {
    id: "police",
    title: "Police Officer",
    scene:
      "As a friendly police officer in a navy uniform with a peaked cap and a shiny badge, a police car with blue lights softly blurred on a sunny town street.",
    art: {
      gradient: ["#dfe8f7", "#23395d"],
      accent: "#ffd34d",
      motif: "stars",
      costume: { outfit: "uniform", colour: "#23395d", headwear: "cap", hatColour: "#23395d" },
    },
  },
  {
    id: "firefighter",
    title: "Firefighter",
    scene:
      "As a firefighter in a tan turnout coat with reflective stripes and a red helmet, a shiny red fire engine and a ladder behind, heroic warm light.",
    art: {
      gradient: ["#ffd08a", "#b3261e"],
      accent: "#ffe066",
      motif: "flames",
      costume: { outfit: "uniform", colour: "#d9a21f", headwear: "hard-hat", hatColour: "#c1121f" },
    },
  },
  {
    id: "rescue-pilot",
    title: "Rescue Pilot",
    scene:
      "As a rescue pilot in an orange flight suit with a helmet and headset, a rescue helicopter on a mountain helipad, snowy peaks and a bright blue sky.",
    art: {
      gradient: ["#d9f0ff", "#4a90c8"],
      accent: "#ff7a3d",
      motif: "mountains",
      costume: { outfit: "uniform", colour: "#ff7a3d", headwear: "aviator", hatColour: "#6b4a2e" },
    },
  },

  // Animals
  {
    id: "wolf-rider",
    title: "Wolf Rider",
    scene:
      "Riding a majestic, friendly silver-grey wolf through a snowy pine forest under a glowing full moon, wearing a warm fur-lined cloak, epic fantasy adventure.",
    art: {
      gradient: ["#c9d6ea", "#2e3c5c"],
      accent: "#eef3ff",
      motif: "snow",
      costume: { outfit: "fur-coat", colour: "#5a6d8f", headwear: "fur-hat", hatColour: "#8a7a6a" },
    },
  },
  {
    id: "dino-rider",
    title: "Dino Rider",
    scene:
      "Riding a friendly green long-necked dinosaur through a prehistoric jungle of giant ferns and palms, a volcano smoking gently in the distance, explorer outfit, sunny adventure.",
    art: {
      gradient: ["#f7e7b0", "#5d8a3a"],
      accent: "#e07b39",
      motif: "leaves",
      costume: { outfit: "vest", colour: "#5d8a3a", headwear: "cowboy-hat", hatColour: "#b0803f" },
    },
  },
  {
    id: "baby-dragon",
    title: "Baby Dragon",
    scene:
      "Cuddling a cute baby dragon with shimmering scales and little wings, on a mountain ledge at sunset, a puff of playful smoke, glowing dragon eggs in a nest nearby.",
    art: {
      gradient: ["#ffd7a8", "#8c3b6b"],
      accent: "#ffb347",
      motif: "flames",
      costume: { outfit: "tee", colour: "#8c3b6b", headwear: "dragon-hood", hatColour: "#e07b39" },
    },
  },
  {
    id: "tiger-tamer",
    title: "Tiger Tamer",
    scene:
      "As a circus ringmaster in a red tailcoat with gold buttons and a top hat, a gentle Bengal tiger sitting proudly beside, a striped big top and spotlights behind.",
    art: {
      gradient: ["#ffe2b0", "#d9731f"],
      accent: "#7a2e12",
      motif: "rays",
      costume: {
        outfit: "uniform",
        colour: "#b3261e",
        headwear: "top-hat",
        hatColour: "#1d1a2e",
        extras: ["bowtie"],
      },
    },
  },
  {
    id: "lion-rider",
    title: "Lion Rider",
    scene:
      "Riding a noble lion with a golden mane across the African savannah at golden hour, acacia trees and tall grass, a safari outfit, majestic and warm.",
    art: {
      gradient: ["#ffe9b8", "#c98a2e"],
      accent: "#fff4d6",
      motif: "mountains",
      costume: { outfit: "vest", colour: "#c98a2e", headwear: "headband", hatColour: "#b3261e" },
    },
  },
  {
    id: "eagle-rider",
    title: "Eagle Rider",
    scene:
      "Soaring on the back of a giant golden eagle high above mountain peaks and clouds, wearing aviator goggles and a scarf flying in the wind, breathtaking sky.",
    art: {
      gradient: ["#d6ecff", "#5b7fa8"],
      accent: "#ffffff",
      motif: "mountains",
      costume: { outfit: "fur-coat", colour: "#6b4a2e", headwear: "aviator", hatColour: "#8a5a3c" },
    },
  },
  {
    id: "turtle-surfer",
    title: "Turtle Surfer",
    scene:
      "Surfing a gentle turquoise wave on the back of a smiling giant sea turtle, a flower lei around the neck, tropical beach and palm trees, bright sunshine and sea spray.",
    art: {
      gradient: ["#b8f0e8", "#1d8fa3"],
      accent: "#ffe08a",
      motif: "waves",
      costume: { outfit: "tee", colour: "#2bb3c0", headwear: "none", extras: ["glasses"] },
    },
  },

  // Sports
  {
    id: "race-car-driver",
    title: "Race Car Driver",
    scene:
      "As a race car driver in a colourful racing suit with the helmet held under one arm, next to a sleek race car on the track, a chequered flag and a cheering grandstand blurred behind.",
    art: {
      gradient: ["#f2f2f2", "#9aa3ad"],
      accent: "#e63946",
      motif: "rays",
      costume: { outfit: "jersey", colour: "#e63946", headwear: "sport-helmet", hatColour: "#e63946" },
    },
  },
  {
    id: "football-champion",
    title: "Football Champion",
    scene:
      "As a football champion in a team jersey holding a golden trophy, on the green pitch of a big stadium under floodlights, confetti falling and fans celebrating.",
    art: {
      gradient: ["#d8f5c8", "#3f9a4a"],
      accent: "#ffffff",
      motif: "confetti",
      costume: { outfit: "jersey", colour: "#1f6fb2", extras: ["medal"] },
    },
  },
  {
    id: "ice-hockey",
    title: "Ice Hockey",
    scene:
      "As an ice hockey player in a team jersey with the helmet off and a hockey stick over one shoulder, on a gleaming ice rink with arena lights and ice spray.",
    art: {
      gradient: ["#eaf4ff", "#7aa6d6"],
      accent: "#1f3b73",
      motif: "snow",
      costume: { outfit: "jersey", colour: "#1f3b73", headwear: "sport-helmet", hatColour: "#f4f6fb" },
    },
  },
  {
    id: "boxer",
    title: "Boxer",
    scene:
      "As a young boxing champion in bright red gloves and a satin robe, a shiny championship belt over one shoulder, in a boxing ring under spotlights, proud and cheerful.",
    art: {
      gradient: ["#ffd0c2", "#b3261e"],
      accent: "#ffd34d",
      motif: "stars",
      costume: { outfit: "jersey", colour: "#b3261e", headwear: "headband", hatColour: "#ffd34d" },
    },
  },
  {
    id: "snowboarder",
    title: "Snowboarder",
    scene:
      "As a snowboarder in a bright winter jacket and a beanie with goggles pushed up, holding a snowboard on a sunny mountain slope, powder snow sparkling and blue sky.",
    art: {
      gradient: ["#e3f3ff", "#5a8fcf"],
      accent: "#ff6f59",
      motif: "mountains",
      costume: { outfit: "fur-coat", colour: "#ff6f59", headwear: "beanie", hatColour: "#2c5d8a" },
    },
  },
  {
    id: "river-rafter",
    title: "River Rafter",
    scene:
      "As a river rafter in a life jacket and a helmet, holding a paddle in an inflatable raft on sparkling white-water rapids, a green canyon and splashing spray, thrilled smile.",
    art: {
      gradient: ["#c8f0e0", "#2a7f8a"],
      accent: "#ffb23f",
      motif: "waves",
      costume: { outfit: "vest", colour: "#ffb23f", headwear: "sport-helmet", hatColour: "#e63946" },
    },
  },
  {
    id: "surfer",
    title: "Surfer",
    scene:
      "As a surfer in a colourful rash guard holding a surfboard on a golden beach, rolling turquoise waves and palm trees behind, sunny summer glow.",
    art: {
      gradient: ["#fff0c9", "#27a0c8"],
      accent: "#ff8c5a",
      motif: "waves",
      costume: { outfit: "tee", colour: "#ff8c5a", headwear: "none", extras: ["neckerchief"] },
    },
  },
  {
    id: "sprinter",
    title: "Sprinter",
    scene:
      "As a sprinter in a running vest with a race number, at the finish line of a red running track in a big stadium, arms raised in victory, motion blur and stadium lights.",
    art: {
      gradient: ["#ffe6cc", "#e0603a"],
      accent: "#ffffff",
      motif: "rays",
      costume: {
        outfit: "jersey",
        colour: "#e0603a",
        headwear: "headband",
        hatColour: "#ffffff",
        extras: ["medal"],
      },
    },
  },

  // Gaming
  {
    id: "timewarp",
    title: "Time Warp",
    scene:
      "As a time-travelling video-game hero in a sleek suit with glowing clockwork gears, a swirling portal of light and floating clock faces behind, cinematic game art.",
    art: {
      gradient: ["#2a1f5e", "#0b0820"],
      accent: "#5ce1e6",
      motif: "grid",
      costume: { outfit: "spacesuit", colour: "#3a2f7a", headwear: "goggles", hatColour: "#5ce1e6" },
    },
  },
  {
    id: "cyberstring",
    title: "Cyberstring",
    scene:
      "As a cyberpunk game hero in a futuristic jacket with neon trim, strands of glowing light like strings woven in the air, a rain-soaked neon city behind, vivid magenta and cyan.",
    art: {
      gradient: ["#141a3a", "#05070f"],
      accent: "#ff3ea5",
      motif: "grid",
      costume: { outfit: "jersey", colour: "#2a1f4a", headwear: "headset", hatColour: "#ff3ea5" },
    },
  },
  {
    id: "dreamweaver",
    title: "Dreamweaver",
    scene:
      "As a dreamweaver game hero in flowing starlit robes, weaving glowing threads of dreams between the fingers, floating islands and a swirling galaxy sky, soft violet glow.",
    art: {
      gradient: ["#3a2a7a", "#120b2e"],
      accent: "#c9a7ff",
      motif: "stars",
      costume: { outfit: "cloak", colour: "#5a3fa0", headwear: "hood", hatColour: "#6a4fb8" },
    },
  },
  {
    id: "sentinel",
    title: "Sentinel",
    scene:
      "As a sentinel guardian in sleek futuristic armour with glowing blue lines, a translucent energy shield, a high-tech fortress and a twilight sky, heroic game art.",
    art: {
      gradient: ["#1e3040", "#070d14"],
      accent: "#4fd1ff",
      motif: "rays",
      costume: { outfit: "armour", colour: "#3f6b8a", headwear: "goggles", hatColour: "#4fd1ff" },
    },
  },
  {
    id: "blaze",
    title: "Blaze",
    scene:
      "As Blaze, a fiery game hero in an armoured suit with glowing orange accents, harmless stylised flames swirling around, a volcanic landscape, dynamic and bright.",
    art: {
      gradient: ["#3a0f0a", "#120403"],
      accent: "#ff7a1a",
      motif: "flames",
      costume: { outfit: "jersey", colour: "#c2410c", headwear: "headband", hatColour: "#ff7a1a" },
    },
  },
  {
    id: "dark-angel",
    title: "Dark Angel",
    scene:
      "As a heroic fantasy game character with great midnight-blue feathered wings and elegant silver armour, a calm, noble expression, moonlit clouds and soft starlight.",
    art: {
      gradient: ["#2b2238", "#07050c"],
      accent: "#b9a7d9",
      motif: "stars",
      costume: { outfit: "cloak", colour: "#3a2f4f", extras: ["wings"] },
    },
  },

  // Warriors
  {
    id: "aztec",
    title: "Aztec Warrior",
    scene:
      "As a young Aztec eagle warrior with a feathered headdress in turquoise and gold, jade jewellery and a patterned cape, a stepped stone temple and tropical jungle behind, respectful and proud.",
    art: {
      gradient: ["#f2c46b", "#1f7a6b"],
      accent: "#d9462b",
      motif: "rays",
      costume: { outfit: "collar", colour: "#1f7a6b", headwear: "feathers", hatColour: "#d9462b" },
    },
  },
  {
    id: "zorro",
    title: "Zorro",
    scene:
      "As a dashing masked hero of old California in a black flat-brimmed hat, a thin black eye mask and a flowing black cape, a Spanish hacienda under a full moon.",
    art: {
      gradient: ["#3a2030", "#0d0709"],
      accent: "#e0b04a",
      motif: "stars",
      costume: {
        outfit: "cloak",
        colour: "#1d1a22",
        headwear: "cowboy-hat",
        hatColour: "#1d1a22",
        extras: ["mask"],
      },
    },
  },
  {
    id: "magic-blacksmith",
    title: "Magic Blacksmith",
    scene:
      "As a magical blacksmith in a leather apron, holding a glowing enchanted hammer over an anvil, a rune-lit forge with swirling sparks and embers, fantasy workshop.",
    art: {
      gradient: ["#4a2a1a", "#140906"],
      accent: "#ff9a3c",
      motif: "flames",
      costume: { outfit: "apron", colour: "#6b4a2e", headwear: "goggles", hatColour: "#ff9a3c" },
    },
  },
  {
    id: "knight",
    title: "Knight",
    scene:
      "As a noble knight in polished silver armour with a royal blue tabard and a crested shield, a fairytale castle with fluttering banners on a green hill behind.",
    art: {
      gradient: ["#dfe6f0", "#5a6a85"],
      accent: "#c9a23a",
      motif: "mountains",
      costume: { outfit: "armour", colour: "#9aa7ba", headwear: "knight-helmet", hatColour: "#b8c2d2" },
    },
  },
  {
    id: "viking",
    title: "Viking",
    scene:
      "As a young Viking in a fur cloak and a simple iron helmet, holding a round painted wooden shield, a dragon-headed longship on a misty fjord behind.",
    art: {
      gradient: ["#cfdbe6", "#2f4658"],
      accent: "#e8eef5",
      motif: "waves",
      costume: { outfit: "fur-coat", colour: "#6b4a2e", headwear: "viking-helmet", hatColour: "#9aa7ba" },
    },
  },
  {
    id: "young-samurai",
    title: "Young Samurai",
    scene:
      "As a young samurai in elegant lacquered armour and a silk kimono, calm and focused, a Japanese castle and cherry blossom petals drifting in soft spring light.",
    art: {
      gradient: ["#ffe3ea", "#b6475f"],
      accent: "#ffd1dc",
      motif: "leaves",
      costume: { outfit: "wrap", colour: "#b6475f", headwear: "headband", hatColour: "#ffffff" },
    },
  },
  {
    id: "mongolian-horseman",
    title: "Mongolian Horseman",
    scene:
      "As a young Mongolian rider in a traditional embroidered deel robe and a fur-trimmed hat, a sturdy horse beside, white gers on the vast green steppe under a big blue sky.",
    art: {
      gradient: ["#f5e2b8", "#7a9a5a"],
      accent: "#3b6fb6",
      motif: "mountains",
      costume: { outfit: "wrap", colour: "#3b6fb6", headwear: "fur-hat", hatColour: "#c1121f" },
    },
  },
  {
    id: "amazonian-tribesman",
    title: "Amazonian Warrior",
    scene:
      "As a young guardian of the Amazon rainforest with a necklace of seeds and feathers and simple natural face paint lines, lush rainforest, a winding river and macaws, respectful and proud.",
    art: {
      gradient: ["#d5efb8", "#1f5e3a"],
      accent: "#f2b33d",
      motif: "leaves",
      costume: { outfit: "collar", colour: "#c98a4a", headwear: "feathers", hatColour: "#f2b33d" },
    },
  },
  {
    id: "scotsman",
    title: "Scottish Highlander",
    scene:
      "As a Scottish Highlander in a tartan kilt and a plaid sash pinned with a silver brooch, misty green highlands, heather and a stone castle by a loch.",
    art: {
      gradient: ["#dfe9dc", "#4f6b5a"],
      accent: "#b33a3a",
      motif: "mountains",
      costume: { outfit: "vest", colour: "#2f5b47", headwear: "beret", hatColour: "#b33a3a" },
    },
  },

  // History
  {
    id: "young-royalty",
    title: "Young Royalty",
    scene:
      "As a young royal in a velvet cape trimmed with ermine and a small jewelled crown, in a palace hall with gilded frames and a marble staircase, regal and charming.",
    art: {
      gradient: ["#f6e3ff", "#7a4fb0"],
      accent: "#ffd166",
      motif: "stars",
      costume: { outfit: "cloak", colour: "#7a4fb0", headwear: "crown", hatColour: "#ffd166" },
    },
  },
  {
    id: "greek-philosopher",
    title: "Greek Philosopher",
    scene:
      "As an ancient Greek philosopher in a white draped toga with a laurel wreath, holding a scroll, marble columns of a sunlit temple and olive trees, thoughtful expression.",
    art: {
      gradient: ["#f7f3e8", "#9fb7c9"],
      accent: "#6a8f5a",
      motif: "leaves",
      costume: { outfit: "wrap", colour: "#f4efe2", headwear: "laurel", hatColour: "#6a8f5a" },
    },
  },
  {
    id: "victorian-garden",
    title: "Victorian Garden",
    scene:
      "In Victorian Sunday best with lace and a ribbon-trimmed hat, in an English rose garden with a wrought-iron bench and a glass conservatory, soft romantic light.",
    art: {
      gradient: ["#f3ecd9", "#8aa57a"],
      accent: "#d98aa4",
      motif: "leaves",
      costume: { outfit: "gown", colour: "#d98aa4", headwear: "sun-hat", hatColour: "#f6efe0" },
    },
  },
  {
    id: "royalty",
    title: "Royalty",
    scene:
      "A regal royal portrait in the style of an old master painting: a jewelled crown, a velvet robe with gold embroidery, a throne room with rich drapery, dramatic warm light.",
    art: {
      gradient: ["#3b1f5a", "#140a24"],
      accent: "#e8c35a",
      motif: "sparkles",
      costume: { outfit: "cloak", colour: "#7a1f3d", headwear: "crown", hatColour: "#e8c35a" },
    },
  },
  {
    id: "peaky-blinder",
    title: "Peaky Blinder",
    scene:
      "In 1920s street fashion: a tweed flat cap, a waistcoat with a pocket watch chain and a crisp collarless shirt, a cobbled industrial-era street with gas lamps, sepia-toned vintage look.",
    art: {
      gradient: ["#8c8c8c", "#2a2a2a"],
      accent: "#d8c8a8",
      motif: "rays",
      costume: {
        outfit: "suit",
        colour: "#4a4a4a",
        headwear: "flat-cap",
        hatColour: "#5a5550",
        extras: ["tie"],
      },
    },
  },
  {
    id: "gold-hunter",
    title: "Gold Hunter",
    scene:
      "As a gold-rush prospector in a battered felt hat and a plaid shirt, proudly holding a pan with shiny gold nuggets by a mountain stream, rugged wild-west hills behind.",
    art: {
      gradient: ["#ffe6a8", "#9a6a2a"],
      accent: "#ffd34d",
      motif: "mountains",
      costume: {
        outfit: "vest",
        colour: "#8a5a2a",
        headwear: "cowboy-hat",
        hatColour: "#9a6a2a",
        extras: ["neckerchief"],
      },
    },
  },
  {
    id: "pirate",
    title: "Pirate",
    scene:
      "As a friendly pirate captain in a tricorn hat and a red coat with gold trim, a parrot on the shoulder and a treasure map in hand, a tall ship on a sparkling sea.",
    art: {
      gradient: ["#ffe3b0", "#1f5f8b"],
      accent: "#f4d35e",
      motif: "waves",
      costume: { outfit: "vest", colour: "#b3261e", headwear: "tricorn", hatColour: "#1d2233" },
    },
  },
  {
    id: "cowboy",
    title: "Cowboy",
    scene:
      "As a cowboy in a leather hat, a bandana and a fringed vest, a coiled lasso in hand and a horse nearby, red desert mesas at sunset in the Wild West.",
    art: {
      gradient: ["#ffd9a0", "#c0612b"],
      accent: "#fff1d0",
      motif: "mountains",
      costume: {
        outfit: "vest",
        colour: "#8a4b2a",
        headwear: "cowboy-hat",
        hatColour: "#a0632f",
        extras: ["neckerchief"],
      },
    },
  },

  // Cute
  {
    id: "bunny-costume",
    title: "Bunny Costume",
    scene:
      "Wearing a fluffy pastel bunny costume with a hood with long floppy ears, holding a carrot, in a meadow of spring flowers with real little bunnies hopping around.",
    art: {
      gradient: ["#fff0f5", "#ffc2d9"],
      accent: "#ff8fb1",
      motif: "hearts",
      costume: { outfit: "tee", colour: "#ffffff", headwear: "bunny-ears", hatColour: "#ffffff" },
    },
  },
  {
    id: "winter-wonderer",
    title: "Winter Wonderer",
    scene:
      "Bundled in a cosy knitted hat with a pom-pom, mittens and a scarf, catching snowflakes in a snowy winter wonderland with twinkling fairy lights and frosted pine trees.",
    art: {
      gradient: ["#dbe9ff", "#8fb0e8"],
      accent: "#ffffff",
      motif: "snow",
      costume: { outfit: "fur-coat", colour: "#8fb0e8", headwear: "beanie", hatColour: "#ffffff" },
    },
  },
  {
    id: "ursa-nova",
    title: "Ursa Nova",
    scene:
      "In a cuddly bear-ear hoodie hugging a glowing star-speckled teddy bear, floating among soft clouds and bear-shaped constellations in a dreamy night sky.",
    art: {
      gradient: ["#3a3f8f", "#161838"],
      accent: "#ffd9a8",
      motif: "stars",
      costume: { outfit: "fur-coat", colour: "#8a6a4a", headwear: "bear-ears", hatColour: "#8a6a4a" },
    },
  },
  {
    id: "fluffy-planet",
    title: "Fluffy Planet",
    scene:
      "On a tiny fluffy planet covered in pastel fur-like grass, surrounded by round fuzzy friendly creatures, candy-coloured moons and cotton clouds in a pastel sky.",
    art: {
      gradient: ["#ffd8f0", "#9ec5ff"],
      accent: "#ffffff",
      motif: "bubbles",
      costume: { outfit: "fur-coat", colour: "#ffc2e0", headwear: "bear-ears", hatColour: "#ffffff" },
    },
  },
  {
    id: "balloon-euphoria",
    title: "Balloon Euphoria",
    scene:
      "Holding a huge bunch of colourful glossy balloons, laughing with joy as they lift gently into a bright sky, confetti and pastel clouds, pure happiness.",
    art: {
      gradient: ["#fff3d6", "#ffb3c7"],
      accent: "#ff5c8a",
      motif: "bubbles",
      costume: { outfit: "tee", colour: "#ffd166", headwear: "party-hat", hatColour: "#ff5c8a" },
    },
  },

  // Season
  {
    id: "cinqo-de-mayo",
    title: "Cinco de Mayo",
    scene:
      "Celebrating Cinco de Mayo in festive embroidered clothing with bright flowers, colourful papel picado banners, a piñata and a sunny plaza with music in the air.",
    art: {
      gradient: ["#fff1c9", "#ff8a4c"],
      accent: "#2aa876",
      motif: "confetti",
      costume: { outfit: "vest", colour: "#2aa876", headwear: "sombrero", hatColour: "#e8c56a" },
    },
  },
  {
    id: "day-of-the-dead",
    title: "Day of the Dead",
    scene:
      "Celebrating the Day of the Dead with gentle colourful sugar-skull face paint of flowers and swirls, a crown of orange marigolds, candles and papel picado, warm and respectful.",
    art: {
      gradient: ["#4a1f5c", "#1a0b24"],
      accent: "#ff9f1c",
      motif: "leaves",
      costume: { outfit: "gown", colour: "#2a1436", headwear: "flower-crown", hatColour: "#ff9f1c" },
    },
  },
  {
    id: "elf",
    title: "Elf",
    scene:
      "As a festive elf in a green velvet outfit with a pointy hat and jingle bells, in a toy workshop with wrapped presents, wooden toys and twinkling lights, snow at the window.",
    art: {
      gradient: ["#e9f7e6", "#2f8a4a"],
      accent: "#d62839",
      motif: "snow",
      costume: { outfit: "fur-coat", colour: "#2f8a4a", headwear: "elf-hat", hatColour: "#2f8a4a" },
    },
  },
  {
    id: "santa",
    title: "Santa",
    scene:
      "Dressed as a little Santa in a red suit with white fur trim and a Santa hat, a sack of presents, a decorated Christmas tree and a cosy fireplace, snow falling outside.",
    art: {
      gradient: ["#ffe5e5", "#c1121f"],
      accent: "#ffffff",
      motif: "snow",
      costume: { outfit: "fur-coat", colour: "#c1121f", headwear: "santa-hat", hatColour: "#c1121f" },
    },
  },
  {
    id: "halloween",
    title: "Halloween",
    scene:
      "In a cute Halloween costume with a pointed hat, holding a glowing jack-o'-lantern candy bucket, friendly carved pumpkins, a big orange moon and playful bats, spooky-cute.",
    art: {
      gradient: ["#ff9f45", "#3a1550"],
      accent: "#ffd34d",
      motif: "stars",
      costume: { outfit: "cloak", colour: "#ff7a1a", headwear: "witch-hat", hatColour: "#2a1436" },
    },
  },
  {
    id: "easter-bunny",
    title: "Easter Bunny",
    scene:
      "Wearing soft bunny ears, holding a wicker basket of pastel painted Easter eggs, in a spring garden with tulips, daffodils and a fluffy bunny nearby.",
    art: {
      gradient: ["#f4ffe9", "#b8e0a6"],
      accent: "#f7a8c8",
      motif: "hearts",
      costume: { outfit: "overalls", colour: "#f7a8c8", headwear: "bunny-ears", hatColour: "#ffffff" },
    },
  },
  {
    id: "running-of-the-bulls",
    title: "Running of the Bulls",
    scene:
      "At the San Fermín festival in traditional white clothes with a red neckerchief and a red sash, a colourful old-town street with banners and a friendly cartoon-like bull in the distance.",
    art: {
      gradient: ["#fff4ec", "#e2574c"],
      accent: "#c1121f",
      motif: "confetti",
      costume: { outfit: "tee", colour: "#ffffff", extras: ["neckerchief"] },
    },
  },
  {
    id: "la-tomatina",
    title: "La Tomatina",
    scene:
      "Laughing at the La Tomatina festival in a white T-shirt splashed with tomato juice, swimming goggles pushed up on the head, a festive Spanish street full of ripe tomatoes.",
    art: {
      gradient: ["#ffe0d6", "#e23d28"],
      accent: "#ffb4a2",
      motif: "bubbles",
      costume: { outfit: "tee", colour: "#ffffff", headwear: "goggles", hatColour: "#4fc3e8" },
    },
  },
  {
    id: "chinese-new-year",
    title: "Chinese New Year",
    scene:
      "Celebrating Chinese New Year in a red silk outfit with gold embroidery, holding a red lantern, a dragon dance, glowing lanterns and fireworks in the night sky.",
    art: {
      gradient: ["#ffcf6b", "#b3121f"],
      accent: "#ffd34d",
      motif: "sparkles",
      costume: { outfit: "wrap", colour: "#c1121f", headwear: "none", hatColour: "#ffd34d" },
    },
  },
];

/** Every style of the catalogue, each once, in the order the spec first lists it. */
export const styles: readonly Style[] = styleEntries.map((entry) => ({
  id: entry.id,
  title: entry.title,
  imagePath: `/images/${styleImageFolder(entry.id)}/${entry.id}.webp`,
  promptTemplate: stylePromptTemplate(entry.scene),
  art: entry.art,
}));
