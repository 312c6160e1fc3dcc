import { writeTestPhotos } from "./photos";

/** Playwright global setup: the test photos, made once for the whole run. */
export default async function globalSetup(): Promise<void> {
  await writeTestPhotos();
}
