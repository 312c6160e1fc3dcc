import { photoMessages } from "@wonderkin/contract";
import { buyPlanThroughApi } from "../support/billing";
import { addChildThroughApi, uploadPhotoThroughApi } from "../support/children";
import { accessibilityViolations, expect, test } from "../support/fixtures";
import { newParent, signUpVerified } from "../support/flows";
import { childPhotoFiles, nearCopyPhotoFile } from "../support/photos";

test("a near-copy of a photo already added is refused with a kind word about why", async ({ page }) => {
  // Two photos checked in the server's image threads (the first loads the face networks).
  test.setTimeout(240_000);
  await signUpVerified(page, newParent("Ada"));
  await buyPlanThroughApi(page);
  const mia = await addChildThroughApi(page, { firstName: "Mia", age: 6, gender: "girl" });
  const [first] = await childPhotoFiles(1);
  if (!first) throw new Error("No child photo");
  await uploadPhotoThroughApi(page, mia.id, first);

  await page.goto(`/kids/upload-images?child=${mia.id}`);
  await expect(page.getByTestId("photo-count")).toHaveText("1/10");
  // The same photo mirrored and turned a little: a different file, but not a different moment.
  await page.getByLabel("Photos to upload").setInputFiles(nearCopyPhotoFile());
  const queue = page.getByRole("list", { name: "Photos in this upload" });
  await expect(queue.getByRole("listitem").filter({ hasText: "near-copy.jpg" })).toContainText(
    photoMessages.nearDuplicate,
    { timeout: 60_000 },
  );
  await expect(page.getByTestId("photo-count")).toHaveText("1/10");
  expect(await accessibilityViolations(page)).toEqual([]);
});
