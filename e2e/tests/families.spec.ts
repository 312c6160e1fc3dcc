import type { Browser, Page } from "@playwright/test";
import { addChildEndpoint, FAMILY_HEADER, familyErrorCodes } from "@wonderkin/contract";
import { buyPlanThroughApi } from "../support/billing";
import { addChildThroughApi } from "../support/children";
import {
  accessibilityViolations,
  expect,
  test,
  waitingForTheApp,
  watchConsoleErrors,
} from "../support/fixtures";
import { newParent, type Parent, signUpVerified } from "../support/flows";
import { waitForMailLink } from "../support/mailbox";

/** A second person in their own browser (same device settings as the project), with its console watched. */
async function secondBrowser(browser: Browser) {
  const context = await browser.newContext();
  const page = waitingForTheApp(await context.newPage());
  const errors = watchConsoleErrors(page);
  return { page, errors, close: () => context.close() };
}

async function openFamilyPage(page: Page, familyName: string) {
  await page.goto("/account/family");
  await expect(page.getByRole("heading", { name: "Your family", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: familyName, level: 2, exact: true })).toBeVisible();
}

function memberRow(page: Page, parent: Parent) {
  return page.getByRole("list", { name: "Members" }).getByRole("listitem").filter({ hasText: parent.email });
}

test.describe("families", () => {
  // Two or three parents sign up, verify and act in turn: on a loaded CI machine that takes longer
  // than one parent's flow, without anything being wrong.
  test.describe.configure({ timeout: 120_000 });

  test("an invitation brings a new parent into the family as a member, whom the owner can promote", async ({
    page,
    browser,
  }) => {
    const ada = await signUpVerified(page, newParent("Ada"));
    const bea = newParent("Bea");

    await openFamilyPage(page, "Ada's family");
    await page.getByLabel("E-mail").fill(bea.email);
    await page.getByLabel("Role", { exact: true }).selectOption("member");
    await page.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.getByText(`Invitation sent to ${bea.email}.`)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Waiting to join" })).toBeVisible();
    const invitation = page.getByRole("list", { name: "Pending invitations" }).getByRole("listitem");
    await expect(invitation.filter({ hasText: bea.email })).toContainText("Member · invited by Ada");
    expect(await accessibilityViolations(page)).toEqual([]);
    const adaFamilyId = await page.evaluate(() => localStorage.getItem("wonderkin.organization-id"));
    expect(adaFamilyId).toBeTruthy();

    // Ada's family has a child; as an owner she may add more.
    await addChildThroughApi(page, { firstName: "Mia", age: 5, gender: "girl" });
    await page.reload();
    const adaChildren = page.getByRole("list", { name: "Children" }).getByRole("listitem");
    await expect(adaChildren).toContainText("Mia");
    await expect(page.getByRole("link", { name: "Add a child" })).toBeVisible();

    // Bea opens the invitation in her own browser, signed out.
    const other = await secondBrowser(browser);
    const beaPage = other.page;
    await beaPage.goto(await waitForMailLink(page.request, bea.email, "family-invitation"));
    await expect(beaPage.getByRole("heading", { name: "Join Ada's family" })).toBeVisible();
    await expect(beaPage.getByText("invited you to join")).toContainText(
      "Ada invited you to join Ada's family as a member.",
    );
    expect(await accessibilityViolations(beaPage)).toEqual([]);

    // She creates her account from it, for the invited address.
    await beaPage.getByRole("link", { name: "Create your account" }).click();
    await expect(beaPage.getByRole("heading", { name: "Create your account" })).toBeVisible();
    await expect(beaPage.getByLabel("E-mail")).toHaveValue(bea.email);
    await beaPage.getByLabel("First name").fill(bea.firstName);
    await beaPage.getByLabel("Password", { exact: true }).fill(bea.password);
    await beaPage.getByRole("button", { name: "Create account" }).click();
    await expect(beaPage).toHaveURL(/\/verify$/);

    // Verifying brings her back to the invitation, where she can now join.
    await beaPage.goto(await waitForMailLink(beaPage.request, bea.email, "email-verification"));
    await expect(beaPage.getByRole("heading", { name: /confirmed/i })).toBeVisible();
    await expect(beaPage).toHaveURL(/\/invitation\//, { timeout: 15_000 });
    await beaPage.getByRole("button", { name: "Join Ada's family" }).click();
    await expect(beaPage).toHaveURL(/\/account\/family$/);
    await expect(beaPage.getByText("Welcome to Ada's family!")).toBeVisible();
    await expect(beaPage.getByRole("heading", { name: "Ada's family", level: 2, exact: true })).toBeVisible();
    await expect(memberRow(beaPage, ada)).toContainText("Owner");
    await expect(memberRow(beaPage, bea)).toContainText("(you)");
    await expect(memberRow(beaPage, bea)).toContainText("Member");

    // A member sees the family but manages nothing.
    await expect(beaPage.getByRole("heading", { name: "What each role can do" })).toBeVisible();
    await expect(beaPage.getByRole("button", { name: "Leave family" })).toBeVisible();
    await expect(beaPage.getByRole("button", { name: "Send invitation" })).toHaveCount(0);
    await expect(beaPage.getByLabel("E-mail")).toHaveCount(0);
    await expect(beaPage.getByRole("button", { name: /^Remove/ })).toHaveCount(0);
    await expect(beaPage.getByRole("combobox")).toHaveCount(0);
    await expect(beaPage.getByRole("button", { name: "Delete family" })).toHaveCount(0);
    await expect(beaPage.getByLabel("Family name")).toHaveCount(0);
    // She sees the family's child, but adding children and their photos is for owners and admins.
    const beaChildren = beaPage.getByRole("list", { name: "Children" }).getByRole("listitem");
    await expect(beaChildren).toHaveCount(1);
    await expect(beaChildren).toContainText("Mia");
    await expect(beaChildren).toContainText("5 years old · girl · 0 photos");
    await expect(beaChildren.getByRole("link", { name: "Progress of Mia" })).toBeVisible();
    await expect(beaChildren.getByRole("link", { name: "Photos of Mia" })).toHaveCount(0);
    await expect(beaPage.getByRole("link", { name: "Add a child" })).toHaveCount(0);
    expect(await accessibilityViolations(beaPage)).toEqual([]);
    // The /kids pages need a plan of her own (plans are per parent, spec §2).
    await buyPlanThroughApi(beaPage);
    await beaPage.goto("/kids/upload-images");
    await expect(beaPage.getByRole("heading", { name: "Owners and admins do this" })).toBeVisible();
    await expect(beaPage.getByRole("button", { name: "Choose photos" })).toHaveCount(0);
    await beaPage.goto("/account/family");
    await expect(beaPage.getByRole("heading", { name: "Ada's family", level: 2, exact: true })).toBeVisible();

    // The server refuses what the page does not offer.
    const token = await beaPage.evaluate(() => localStorage.getItem("wonderkin.session-token"));
    const refused = await beaPage.request.post("/api/organization/member/add", {
      headers: { authorization: `Bearer ${token}`, [FAMILY_HEADER]: adaFamilyId ?? "" },
      data: { email: "someone-else@example.com", role: "member" },
    });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).code).toBe(familyErrorCodes.roleNotAllowed);
    const childRefused = await beaPage.request.post(addChildEndpoint.path, {
      headers: { authorization: `Bearer ${token}`, [FAMILY_HEADER]: adaFamilyId ?? "" },
      data: { firstName: "Noah", age: 3, gender: "boy" },
    });
    expect(childRefused.status()).toBe(403);

    // Ada sees Bea join and makes her an admin.
    await openFamilyPage(page, "Ada's family");
    await expect(memberRow(page, bea)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Waiting to join" })).toHaveCount(0);
    await page.getByLabel("Role of Bea").selectOption("admin");
    await expect(page.getByText("Bea is now an admin.")).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Role of Bea")).toHaveValue("admin");

    await beaPage.reload();
    await expect(memberRow(beaPage, bea)).toContainText("Admin");
    expect(other.errors, "errors in Bea's browser console").toEqual([]);
    await other.close();
  });

  test("a parent in two families sees the switcher and moves between them", async ({ page, browser }) => {
    const ada = await signUpVerified(page, newParent("Ada"));
    const other = await secondBrowser(browser);
    const beaPage = other.page;
    const bea = await signUpVerified(beaPage, newParent("Bea"));

    // With one family there is nothing to switch.
    await openFamilyPage(beaPage, "Bea's family");
    await expect(beaPage.getByRole("button", { name: /^Family:/ })).toHaveCount(0);

    // Bea already has an account, yet she is invited like anyone else: she joins only by accepting,
    // and Ada's page does not reveal that the address has an account.
    await openFamilyPage(page, "Ada's family");
    await page.getByLabel("E-mail").fill(bea.email);
    await page.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.getByText(`Invitation sent to ${bea.email}.`)).toBeVisible();
    await expect(memberRow(page, bea)).toHaveCount(0);

    // She accepts from the e-mail, signed in already, and lands in Ada's family.
    await beaPage.goto(await waitForMailLink(beaPage.request, bea.email, "family-invitation"));
    await beaPage.getByRole("button", { name: "Join Ada's family" }).click();
    await expect(beaPage).toHaveURL(/\/account\/family$/);
    await expect(beaPage.getByText("Welcome to Ada's family!")).toBeVisible();
    await expect(beaPage.getByRole("heading", { name: "Ada's family", level: 2, exact: true })).toBeVisible();
    await expect(memberRow(beaPage, ada)).toContainText("Owner");
    const switcher = beaPage.getByRole("button", { name: "Family: Ada's family" });
    await expect(switcher).toBeVisible();

    // The chosen family is kept across a reload, although her default is her own.
    await beaPage.reload();
    await expect(beaPage.getByRole("heading", { name: "Ada's family", level: 2, exact: true })).toBeVisible();
    await expect(switcher).toBeVisible();
    expect(await accessibilityViolations(beaPage)).toEqual([]);

    await switcher.click();
    await expect(beaPage.getByRole("button", { name: /^Ada's family.*\(current family\)/ })).toBeVisible();
    await beaPage.getByRole("button", { name: /^Bea's family/ }).click();
    await expect(beaPage.getByRole("heading", { name: "Bea's family", level: 2, exact: true })).toBeVisible();
    await expect(beaPage.getByRole("button", { name: "Family: Bea's family" })).toBeVisible();
    await expect(memberRow(beaPage, bea)).toContainText("Owner");
    await expect(beaPage.getByRole("button", { name: "Send invitation" })).toBeVisible();

    await beaPage.getByRole("button", { name: "Family: Bea's family" }).click();
    await beaPage.getByRole("button", { name: /^Ada's family/ }).click();
    await expect(beaPage.getByRole("heading", { name: "Ada's family", level: 2, exact: true })).toBeVisible();
    await expect(beaPage.getByRole("button", { name: "Send invitation" })).toHaveCount(0);
    expect(other.errors, "errors in Bea's browser console").toEqual([]);
    await other.close();
  });

  test("an invitation link that does not exist says so", async ({ page }) => {
    await page.goto("/invitation/not-a-real-invitation");
    await expect(page.getByRole("heading", { name: "This invitation no longer works" })).toBeVisible();
    await expect(page).toHaveURL(/\/invitation\/not-a-real-invitation$/);
    await expect(page.getByRole("link", { name: "Create an account" })).toBeVisible();
  });
});
