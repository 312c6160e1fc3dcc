import type { Page } from "@playwright/test";
import { addOnsEndpoint } from "@wonderkin/contract";
import { requestHeaders, skipStudioIntroThroughApi } from "../support/children";
import { accessibilityViolations, expect, test } from "../support/fixtures";
import { newParent, signUpVerified } from "../support/flows";
import { trainedChildWithPortrait } from "../support/studio";

// Spending asks first and buying comes back (decision 0056). Hang detectors, not speed limits: each
// test trains a child and renders a portrait on the server.
test.setTimeout(300_000);

/** What the parent has left, as the server counts it. */
async function addOnsLeft(page: Page) {
  const answer = await page.request.post(addOnsEndpoint.path, {
    headers: await requestHeaders(page),
    data: {},
  });
  const state = (await answer.json()) as {
    balances: { video: number; print: number };
    planPrints: { leftThisMonth: number };
  };
  return { monthPrints: state.planPrints.leftThisMonth, video: state.balances.video };
}

/** The studio with its one portrait open in the viewer. */
async function openPortrait(page: Page, childId: number) {
  await skipStudioIntroThroughApi(page, childId);
  await page.goto(`/kids/children/${childId}/magic-studio`);
  const card = page.getByRole("list", { name: "Mia's portraits" }).locator('li[data-status="succeeded"]');
  await card.getByRole("button", { name: "Ice Princess portrait 1", exact: true }).click();
  const viewer = page.getByRole("dialog", { name: "Mia as Ice Princess" });
  await expect(viewer).toBeVisible();
  return viewer;
}

test("Print says what it uses and what is left: Cancel spends nothing, confirming spends one", async ({
  page,
}) => {
  await signUpVerified(page, newParent("Olga"));
  // Oracle: 10 ready-to-print files a month.
  const { childId } = await trainedChildWithPortrait(page, {
    planId: 3,
    firstName: "Mia",
    styleId: "ice-queen",
  });
  const viewer = await openPortrait(page, childId);

  await viewer.getByRole("button", { name: "Print" }).click();
  const confirm = page.getByRole("dialog", { name: "Print this portrait?" });
  await expect(confirm.getByTestId("print-charge")).toContainText(
    "1 of this month's 10 ready-to-print files",
  );
  await expect(confirm.getByTestId("print-charge")).toContainText("9 ready-to-print files left this month.");
  expect(await accessibilityViolations(page)).toEqual([]);
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  expect(await addOnsLeft(page)).toMatchObject({ monthPrints: 10 });

  await viewer.getByRole("button", { name: "Print" }).click();
  const popup = page.waitForEvent("popup");
  await confirm.getByRole("button", { name: "Make the print file" }).click();
  await (await popup).close();
  await expect(page.getByText("9 ready-to-print files left this month.").first()).toBeVisible();
  await expect(confirm).toBeHidden();
  expect(await addOnsLeft(page)).toMatchObject({ monthPrints: 9 });

  // Printed once: its file opens again without asking, and nothing more is spent.
  const again = page.waitForEvent("popup");
  await viewer.getByRole("button", { name: "Print" }).click();
  await (await again).close();
  await expect(confirm).toBeHidden();
  expect(await addOnsLeft(page)).toMatchObject({ monthPrints: 9 });
});

test("video clips bought from the viewer bring the parent back to the portrait, viewer open", async ({
  page,
}) => {
  await signUpVerified(page, newParent("Vera"));
  const { childId } = await trainedChildWithPortrait(page, {
    planId: 1,
    firstName: "Mia",
    styleId: "ice-queen",
  });
  const viewer = await openPortrait(page, childId);
  const studio = new RegExp(`/kids/children/${childId}/magic-studio$`);

  await viewer.getByRole("button", { name: "Video" }).click();
  const video = page.getByRole("dialog", { name: "Create video" });
  await expect(video.getByTestId("video-unavailable")).toContainText("Video clips are an add-on");
  expect(await accessibilityViolations(page)).toEqual([]);

  // Leaving the checkout unpaid comes back too.
  await video.getByRole("button", { name: "Buy video clips" }).click();
  await expect(page).toHaveURL(/\/checkout\/cs_[\w-]+$/);
  await expect(
    page.getByText("Check your order, then pay to add 5 video clips to your account."),
  ).toBeVisible();
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(studio);
  await expect(viewer).toBeVisible();
  expect(await addOnsLeft(page)).toMatchObject({ video: 0 });

  await viewer.getByRole("button", { name: "Video" }).click();
  await video.getByRole("button", { name: "Buy video clips" }).click();
  await page.getByRole("button", { name: "Pay $2.00" }).click();
  await expect(page).toHaveURL(studio);
  await expect(viewer).toBeVisible();
  expect(await addOnsLeft(page)).toMatchObject({ video: 5 });
  await viewer.getByRole("button", { name: "Video" }).click();
  await expect(video.getByTestId("videos-left")).toContainText("1 of your 5 video clips");
  await expect(video.getByTestId("videos-left")).toContainText("4 video clips");
});
