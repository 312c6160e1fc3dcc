/*
 * Where everything of a family and of a child lives in storage, deletable by prefix. It sits below
 * every module that writes or deletes those files (photos, studio, safety, privacy), so none of them
 * has to import another for the layout.
 */
export const familyStoragePrefix = (familyId: string) => `families/${familyId}/`;
export const childStoragePrefix = (familyId: string, childId: number) =>
  `${familyStoragePrefix(familyId)}children/${childId}/`;
