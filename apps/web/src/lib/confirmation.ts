/**
 * Whether a typed confirmation (a child's first name, an e-mail address) matches what it confirms,
 * the way the server compares them: spaces around and letter case do not matter.
 */
export function sameConfirmation(typed: string, expected: string): boolean {
  const normalize = (value: string) => value.normalize("NFC").trim().toLowerCase();
  return typed.trim() !== "" && normalize(typed) === normalize(expected);
}
