/**
 * Which family the app acts for after the user record loads: the one this browser was using, as
 * long as the parent still belongs to it (they may have been removed, or it deleted, meanwhile);
 * otherwise the server's default. `families` is undefined when the list could not be read: the
 * stored family is then kept, and a NOT_A_FAMILY_MEMBER answer later falls back to the default.
 */
export function chooseFamilyId(options: {
  stored: string | null;
  defaultId: string | null;
  families: readonly { id: string }[] | undefined;
}): string | null {
  const { stored, defaultId, families } = options;
  if (!stored) return defaultId;
  if (!families) return stored;
  return families.some((family) => family.id === stored) ? stored : defaultId;
}
