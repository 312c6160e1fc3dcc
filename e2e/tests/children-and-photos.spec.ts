import { readFileSync } from "node:fs";
import path from "node:path";
import {
  addChildEndpoint,
  CONSENT_AGREEMENT_VERSION,
  consentErrorCodes,
  photoMessages,
  publicConfigEndpoint,
} from "@wonderkin/contract";
import { buyPlanThroughApi } from "../support/billing";
import { addChildThroughApi, requestHeaders } from "../support/children";
import { accessibilityViolations, expect, test } from "../support/fixtures";
import { newParent, signUpVerified } from "../support/flows";
import {
  childPhotoFiles,
  groupPhotoFile,
  PHOTO_CHECKS,
  someoneElsePhotoFile,
  textNamedAsPhotoFile,
} from "../support/photos";

/** A file as the picker hands it over, with the type the browser would give its name. */
function asUpload(file: string, mimeType: string) {
  return { name: path.basename(file), mimeType, buffer: readFileSync(file) };
}

/** A birth date `years` years ago today, as a date input takes it. */
function birthDateYearsAgo(years: number): string {
  const date = new Date();
  date.setFullYear(date.getFullYear() - years);
  date.setDate(date.getDate() - 10);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
}

test.describe("children and photos", () => {
  test("a parent consents, adds a child, reads the tips, uploads photos and sees where the child is", async ({
    page,
    consoleGuard,
  }) => {
    // A hang detector: ten photos uploaded and checked (faces, safety) in the server's image threads.
    test.setTimeout(420_000);
    // Playwright's trace recorder reads the previews (blob: addresses) from inside the page to keep
    // them in the trace; the page's CSP refuses such reads (connect-src 'self') and Chromium logs it.
    // The page itself only shows them as images, which img-src allows.
    consoleGuard.allow(
      /^Connecting to 'blob:http:\/\/127\.0\.0\.1:\d+\/[\w-]+' violates .*"connect-src 'self'"/,
    );
    await signUpVerified(page, newParent("Ada"));
    // The /kids pages are for parents with a plan (spec §2); buying one is billing.spec's subject.
    await buyPlanThroughApi(page);
    const config = (await (await page.request.get(publicConfigEndpoint.path)).json()) as {
      retention: { trainingPhotosDays: number };
      photos: { min: number; max: number };
    };
    expect(config.photos.min).toBe(10);

    // A family without a child is invited to add one.
    await page.goto("/kids/choose-theme");
    await expect(page).toHaveURL(/\/kids\/choose-theme$/);
    await page.getByRole("link", { name: "Add your child" }).click();

    // The agreement comes first, with this deployment's retention period.
    await expect(page).toHaveURL(/\/kids\/consent-agreement\?returnUrl=/);
    await expect(page.getByRole("heading", { name: "Parental consent agreement" })).toBeVisible();
    await expect(
      page.getByText(
        `Training photos: deleted ${config.retention.trainingPhotosDays} days after your child's model has been trained.`,
      ),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: "How to delete everything, and withdraw" })).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "I agree, continue" }).click();
    await expect(page.getByText("Confirm that you are the child's parent or legal guardian.")).toBeVisible();
    await expect(page.getByText("Agree to the processing of the photos to continue.")).toBeVisible();
    await page.getByLabel("I am the parent or legal guardian of the child I add.").check();
    await page.getByLabel(/^I agree that .* processes my child's details and photos/).check();
    await page.getByRole("button", { name: "I agree, continue" }).click();
    await expect(page.getByText("Thank you. Your consent is recorded.")).toBeVisible();

    // The child: first name, age from a birth date, boy or girl.
    await expect(page).toHaveURL(/\/kids\/add-children$/);
    await page.getByRole("button", { name: "Add child" }).click();
    await expect(page.getByText("Enter your child's first name.")).toBeVisible();
    await expect(page.getByText("Choose your child's age.")).toBeVisible();
    await expect(page.getByText("Choose boy or girl.")).toBeVisible();
    await page.getByLabel("Your child's first name").fill("Mia");
    await page.getByRole("radio", { name: "Birth date" }).check();
    await page.getByLabel("Date of birth").fill(birthDateYearsAgo(6));
    await expect(page.getByText("That's 6 years old today.")).toBeVisible();
    await page.getByRole("radio", { name: "Girl" }).check();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Add Mia" }).click();

    // Tips, with drawn examples of good and poor photos.
    await expect(page).toHaveURL(/\/kids\/upload-tips\?child=\d+$/);
    await expect(page.getByText("Mia is in Ada's family.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Photos that work" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Photos to leave out" })).toBeVisible();
    await expect(page.getByRole("figure").filter({ hasText: "Sunglasses" })).toBeVisible();
    await expect(
      page
        .getByRole("figure")
        .filter({ hasText: "Group photos welcome" })
        .locator("svg[viewBox='0 0 200 160']"),
    ).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole("link", { name: "Choose photos" }).click();

    // Ten photos at once: each shows its progress, the count climbs to the minimum.
    await expect(page).toHaveURL(/\/kids\/upload-images\?child=\d+$/);
    await expect(page.getByRole("heading", { name: "Photos of Mia" })).toBeVisible();
    const count = page.getByTestId("photo-count");
    await expect(count).toHaveText("0/10");
    await expect(page.getByRole("link", { name: /^Continue/ })).toHaveCount(0);
    await page.getByLabel("Photos to upload").setInputFiles(await childPhotoFiles(10));
    await expect(page.getByRole("progressbar", { name: "All photos in this upload" })).toBeVisible();
    await expect(page.getByRole("progressbar", { name: /^Uploading face-\d+\.jpg$/ }).first()).toBeVisible();
    await expect(count).toHaveText("10/10", PHOTO_CHECKS);
    await expect(page.getByText("All done: 10 photos added.")).toBeVisible();
    const grid = page.getByRole("list", { name: "Mia's photos" });
    await expect(grid.getByRole("listitem")).toHaveCount(10);
    await expect(grid.getByRole("img").first()).toHaveJSProperty("complete", true);

    // Refused files stay in the list with the reason: the server's, or one found on this device.
    await page
      .getByLabel("Photos to upload")
      .setInputFiles([
        asUpload(textNamedAsPhotoFile(), "image/jpeg"),
        asUpload(groupPhotoFile(), "image/jpeg"),
        asUpload(someoneElsePhotoFile(), "image/jpeg"),
        { name: "IMG_0042.HEIC", mimeType: "image/heic", buffer: Buffer.from("not really a heic") },
      ]);
    const queue = page.getByRole("list", { name: "Photos in this upload" });
    const checked = PHOTO_CHECKS;
    await expect(queue.getByRole("listitem").filter({ hasText: "photo.jpg" }).first()).toContainText(
      "This isn't a photo we can use.",
      checked,
    );
    // A group photo is welcome, but Mia is not in this one.
    await expect(queue.getByRole("listitem").filter({ hasText: "group-photo.jpg" })).toContainText(
      "none of them looks like Mia",
      checked,
    );
    // Someone other than the child: the face check compares it with Mia's photos.
    await expect(queue.getByRole("listitem").filter({ hasText: "someone-else.jpg" })).toContainText(
      "This looks like someone other than Mia. Use photos of Mia only.",
      checked,
    );
    const heic = queue.getByRole("listitem").filter({ hasText: "IMG_0042.HEIC" });
    await expect(heic).toContainText(photoMessages.heic);
    await expect(heic).toContainText("nothing was sent");
    await expect(page.getByText("Done: 0 photos added, 4 weren't. See why below.")).toBeVisible();
    await expect(count).toHaveText("10/10");
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Dismiss all 4" }).click();
    await expect(queue).toHaveCount(0);

    // A photo removed after upload leaves the count short again.
    await page.getByRole("button", { name: "Remove photo 10" }).click();
    await expect(page.getByText("Photo removed.")).toBeVisible();
    await expect(count).toHaveText("9/10");
    await expect(grid.getByRole("listitem")).toHaveCount(9);
    await expect(page.getByText("Add at least 1 more photo to continue.")).toBeVisible();
    await page.getByLabel("Photos to upload").setInputFiles((await childPhotoFiles(11)).slice(10));
    await expect(count).toHaveText("10/10", PHOTO_CHECKS);

    // The test faces are adults': each asks "is it Mia?", and training waits for the answers.
    const adultQuestions = page.getByTestId("looks-adult-summary");
    await expect(adultQuestions).toContainText("Training waits for your answers.");
    const continueLink = page.getByRole("link", { name: /^Continue/ }).first();
    await continueLink.click();
    await expect(page.getByTestId("training-refused-problem")).toContainText(
      "Some photos look like an adult. Tell us whether each one is Mia (keep it) or remove it",
    );
    await expect(page).toHaveURL(/\/kids\/upload-images\?child=\d+$/);
    await page.getByRole("button", { name: "Yes, they're all Mia" }).click();
    await expect(adultQuestions).toHaveCount(0);
    await expect(page.getByTestId("training-refused-problem")).toHaveCount(0);

    await continueLink.click();
    await expect(page).toHaveURL(/\/kids\/add-children\/in-progress\?child=\d+$/);
    await expect(page.getByRole("heading", { name: "Mia's studio is getting ready" })).toBeVisible();
    await expect(page.getByTestId("progress-photo-count")).toHaveText("10 photos uploaded");
    // Continue started the training by itself.
    await expect(
      page
        .getByText(/^Training (has )?started\b.*\. We'll e-mail you when the studio is ready/)
        .or(page.getByText("Mia's portrait model is trained.")),
    ).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);

    // The family page lists the child with where they are.
    await page.goto("/account/family");
    const child = page.getByRole("list", { name: "Children" }).getByRole("listitem");
    await expect(child).toHaveCount(1);
    await expect(child).toContainText("Mia");
    await expect(child).toContainText("6 years old · girl · 10 photos");
    await expect(child).toContainText(/Training|Ready/);
    await expect(page.getByRole("link", { name: "Add a child" })).toBeVisible();
  });

  test("a family at its plan's limit is told before the form, with the way to the plans", async ({
    page,
  }) => {
    await signUpVerified(page, newParent("Ada"));
    await buyPlanThroughApi(page);
    await addChildThroughApi(page, { firstName: "Mia", age: 6, gender: "girl" });

    await page.goto("/kids/add-children");
    await expect(page.getByRole("heading", { name: "Your plan allows one child per family" })).toBeVisible();
    await expect(
      page.getByText(/Mia is already in .*, so there's no room for another child on your plan\./),
    ).toBeVisible();
    // No form to fill in for nothing.
    await expect(page.getByLabel("Your child's first name")).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Add / })).toHaveCount(0);
    expect(await accessibilityViolations(page)).toEqual([]);

    // Magician sells no Extra child: the way to more children is Oracle (decision 0051).
    await expect(
      page.getByText("On Oracle you can buy an Extra child to make room for one more."),
    ).toBeVisible();
    await page.getByRole("link", { name: "Move to Oracle" }).click();
    await expect(page).toHaveURL(/\/kids\/select-plan\?changePlan=1$/);
    await page.goBack();
    await page.getByRole("link", { name: "Go on with Mia" }).click();
    await expect(page).toHaveURL(/\/kids\/add-children\/in-progress\?child=\d+$/);
  });

  test("without consent the pages send the parent to the agreement, and the server refuses a child", async ({
    page,
  }) => {
    await signUpVerified(page, newParent("Cy"));
    await buyPlanThroughApi(page);
    const refused = await page.request.post(addChildEndpoint.path, {
      headers: await requestHeaders(page),
      data: { firstName: "Leo", age: 4, gender: "boy" },
    });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).code).toBe(consentErrorCodes.consentRequired);

    await page.goto("/kids/add-children");
    await expect(page).toHaveURL(/\/kids\/consent-agreement\?returnUrl=%2Fkids%2Fadd-children$/);
    await expect(page.getByText(/^Version of \d+ \w+ \d{4}$/)).toBeVisible();
    // A date, with a revision number when the text changed twice in one day ("2026-11-25.2").
    expect(CONSENT_AGREEMENT_VERSION).toMatch(/^\d{4}-\d{2}-\d{2}(\.\d+)?$/);

    // Pages about a child say what to do first when there is none.
    await page.goto("/kids/upload-images");
    await expect(page.getByRole("heading", { name: "Add your child first" })).toBeVisible();
    await page.goto("/kids/add-children/in-progress");
    await expect(page.getByRole("heading", { name: "Add your child first" })).toBeVisible();
    await page.getByRole("link", { name: "Add your child" }).click();
    await expect(page).toHaveURL(/\/kids\/consent-agreement\?returnUrl=/);
  });
});
