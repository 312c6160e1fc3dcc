import { buyPlanThroughApi } from "../support/billing";
import {
  addChildThroughApi,
  keepAdultLookingPhotosThroughApi,
  uploadPhotoThroughApi,
} from "../support/children";
import { accessibilityViolations, expect, test } from "../support/fixtures";
import { newParent, signUpVerified } from "../support/flows";
import {
  childPhotoFiles,
  GROUP_WITH_CHILD_SHOT,
  groupWithChildPhotoFile,
  PHOTO_CHECKS,
} from "../support/photos";

test("a group photo: the parent taps their child, only the child is kept, and the set trains", async ({
  page,
}) => {
  // A hang detector, not a speed limit: ten photos checked and a training started on the server.
  test.setTimeout(300_000);
  await signUpVerified(page, newParent("Ada"));
  await buyPlanThroughApi(page);
  const mia = await addChildThroughApi(page, { firstName: "Mia", age: 6, gender: "girl" });
  await page.goto(`/kids/upload-images?child=${mia.id}`);
  await expect(
    page.getByText("Group photos are fine: we keep only Mia and blur everyone else."),
  ).toBeVisible();

  // Four people at a birthday table and no photo of Mia yet: the page asks which one she is.
  await page.getByLabel("Photos to upload").setInputFiles(groupWithChildPhotoFile());
  const row = page
    .getByRole("list", { name: "Photos in this upload" })
    .getByRole("listitem")
    .filter({ hasText: "birthday-table.jpg" });
  await expect(row).toContainText(
    "We see 4 people in this photo. Tap Mia so we know whose face to keep.",
    PHOTO_CHECKS,
  );
  await expect(row.getByRole("img", { name: "birthday-table.jpg: 4 people" })).toBeVisible();
  await expect(row.getByTestId("face-choice")).toHaveCount(4);
  await expect(page.getByText("Tap Mia in 1 group photo below.")).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  await row.getByRole("button", { name: "Mia is face 1 of 4, from the left" }).click();

  // What is kept is a square around Mia's face, outlined on its card; being an adult's face (the
  // test faces are), it asks the usual question.
  const count = page.getByTestId("photo-count");
  await expect(count).toHaveText("1/10", PHOTO_CHECKS);
  const card = page.getByRole("list", { name: "Mia's photos" }).getByRole("listitem");
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId("face-outline")).toBeVisible();
  await expect(card.getByTestId("photo-looks-adult")).toHaveText("This looks like an adult — is it Mia?");
  const thumbnail = card.getByRole("img");
  await expect(thumbnail).toHaveJSProperty("complete", true);
  const [width, height] = await thumbnail.evaluate((image: HTMLImageElement) => [
    image.naturalWidth,
    image.naturalHeight,
  ]);
  expect(width).toBe(height);
  expect(await accessibilityViolations(page)).toEqual([]);

  // Nine more photos of Mia, and the set trains.
  const others = (await childPhotoFiles(10)).filter((_, index) => index !== GROUP_WITH_CHILD_SHOT);
  for (const file of others) await uploadPhotoThroughApi(page, mia.id, file);
  await keepAdultLookingPhotosThroughApi(page, mia.id);
  await page.reload();
  await expect(count).toHaveText("10/10");
  await page
    .getByRole("link", { name: /^Continue/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/kids\/add-children\/in-progress\?child=\d+$/);
  await expect(
    page
      .getByText(/^Training (has )?started\b.*\. We'll e-mail you when the studio is ready/)
      .or(page.getByText("Mia's portrait model is trained.")),
  ).toBeVisible();
});
