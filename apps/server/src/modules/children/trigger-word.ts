import { randomInt } from "node:crypto";

const CONSONANTS = "bcdfghjklmnpqrstvwxz";
const VOWELS = "aeiouy";

/**
 * A made-up word the child's image model learns to mean "this child": pronounceable (tokenisers
 * keep it in few pieces), never a real word or a name, and unique (the column is unique).
 */
export function newTriggerWord(): string {
  let word = "zk";
  for (let i = 0; i < 3; i++) {
    word += CONSONANTS.charAt(randomInt(CONSONANTS.length)) + VOWELS.charAt(randomInt(VOWELS.length));
  }
  return word;
}
