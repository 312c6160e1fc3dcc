import type { ChildGender } from "../child";

/**
 * The close-up-portrait opening every style's prompt template starts with (spec §1). Placeholders:
 * - `{trigger}`: the trigger word of the child's trained model;
 * - `{age}`: the age as the opening of a noun phrase, article included — "a 7-year-old",
 *   "an 8-year-old", "an 11-year-old", and "a baby" under one year — so the template reads
 *   `{age} {gender}` → "a 7-year-old girl", "a baby boy" without grammar slips (see `agePhrase`);
 * - `{gender}`: "boy" or "girl".
 */
export const STYLE_PROMPT_PREAMBLE =
  "A close-up portrait photo of {trigger}, {age} {gender}, head and shoulders in frame, " +
  "face fully visible and in sharp focus, looking straight at the camera with a warm, natural " +
  "expression, true-to-life features, soft diffused light, high detail, gentle background blur.";

/** The placeholders a template may hold; `fillStylePrompt` replaces each of them everywhere. */
export const stylePromptPlaceholders = ["{trigger}", "{age}", "{gender}"] as const;

/** A style's template: the shared preamble, then the style's own scene. */
export function stylePromptTemplate(scene: string): string {
  return `${STYLE_PROMPT_PREAMBLE} ${scene}`;
}

export type StylePromptSubject = {
  /** The trigger word the child's model was trained with. */
  trigger: string;
  /** Age in whole years; 0 is a baby under one. */
  age: number;
  gender: ChildGender;
};

/** "a baby" for 0, else "a"/"an" + "{n}-year-old" (an 8-, an 11-, an 18-, an 80-something-year-old). */
export function agePhrase(age: number): string {
  if (!Number.isInteger(age) || age < 0) throw new RangeError(`An age is a whole number of years: ${age}.`);
  if (age === 0) return "a baby";
  const spokenWithVowel = age === 11 || age === 18 || String(age).startsWith("8");
  return `${spokenWithVowel ? "an" : "a"} ${age}-year-old`;
}

/** Fills a style's prompt template for one child. */
export function fillStylePrompt(template: string, subject: StylePromptSubject): string {
  const trigger = subject.trigger.trim();
  if (!trigger) throw new RangeError("A prompt needs the model's trigger word.");
  return template
    .replaceAll("{trigger}", trigger)
    .replaceAll("{age}", agePhrase(subject.age))
    .replaceAll("{gender}", subject.gender);
}
