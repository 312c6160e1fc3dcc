import { randomUUID } from "node:crypto";
import * as contract from "@wonderkin/contract";
import {
  addOnErrorCodes,
  can,
  childErrorCodes,
  FAMILY_HEADER,
  type FamilyRole,
  type FamilyScope,
  familyErrorCodes,
  familyRoles,
  familyScopedUploads,
  isFamilyScopedEndpoint,
  photoErrorCodes,
  portraitSeriesErrorCodes,
  storybookErrorCodes,
  studioErrorCodes,
  yearlyUpdateErrorCodes,
} from "@wonderkin/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { child, generatedImage, organization } from "../../src/db/schema";
import { createTestApp, type TestApp } from "../create-test-app";
import { acceptConsent } from "../support/children";
import {
  createFamilyFixture,
  createInvitationFixture,
  postAs,
  type TestParent,
  verifiedParent,
} from "../support/families";
import { uniqueEmail } from "../support/identity";
import { testPhoto, upload, uploadForm } from "../support/photos";

/**
 * Every role × every family-scoped endpoint (docs/families.md): every endpoint the contract declares
 * with `family`, found among its exports, so a new one cannot be left out. Each cell runs against a fresh family
 * with one owner, one admin, one member and one more member to act upon, plus a pending
 * invitation, and sends a request that would succeed if the role allows it. The expected table is
 * written out by hand: it is the specification, not a copy of the code under test.
 */
type Expected = 200 | 400 | 402 | 403 | 404 | 409;
const FAMILY_NAME = "The Matrix family";

const matrix: Record<
  string,
  {
    body: (fixture: Fixture) => unknown;
    expected: Record<FamilyRole, Expected>;
    conflictCode?: string;
    /** When the role may call the endpoint but the thing asked about is not there (404). */
    notFoundCode?: string;
    /** When the role may call the endpoint but this request is refused for another reason. */
    forbiddenCode?: string;
    /** When the role may call the endpoint but has nothing to pay with (402). */
    paymentCode?: string;
    /** When the role may call the endpoint but the request itself is refused (400). */
    badRequestCode?: string;
  }
> = {
  "/api/organization/getMembers": {
    body: () => ({}),
    expected: { owner: 200, admin: 200, member: 200 },
  },
  "/api/organization/update": {
    body: () => ({ name: "Renamed" }),
    expected: { owner: 200, admin: 200, member: 403 },
  },
  "/api/organization/member/add": {
    body: () => ({ email: uniqueEmail("invitee"), role: "member" }),
    expected: { owner: 200, admin: 200, member: 403 },
  },
  "/api/organization/member/role": {
    body: (fixture) => ({ memberId: fixture.targetMemberId, role: "admin" }),
    expected: { owner: 200, admin: 200, member: 403 },
  },
  "/api/organization/member/delete": {
    body: (fixture) => ({ memberId: fixture.targetMemberId }),
    expected: { owner: 200, admin: 200, member: 403 },
  },
  "/api/organization/delete": {
    body: () => ({ confirmName: FAMILY_NAME }),
    expected: { owner: 200, admin: 403, member: 403 },
  },
  // The only owner may not leave (409); everyone else may.
  "/api/organization/leave": {
    body: () => ({}),
    expected: { owner: 409, admin: 200, member: 200 },
  },
  // Who pays when one creates here: every member may ask; only owners share the family's credits.
  "/api/organization/spending": {
    body: () => ({}),
    expected: { owner: 200, admin: 200, member: 200 },
  },
  "/api/organization/spending/update": {
    body: () => ({ membersMaySpend: true }),
    expected: { owner: 200, admin: 403, member: 403 },
  },
  "/api/organization/invitation/resend": {
    body: (fixture) => ({ invitationId: fixture.invitationId }),
    expected: { owner: 200, admin: 200, member: 403 },
  },
  "/api/organization/invitation/revoke": {
    body: (fixture) => ({ invitationId: fixture.invitationId }),
    expected: { owner: 200, admin: 200, member: 403 },
  },
  "/api/children/get": {
    body: () => ({}),
    expected: { owner: 200, admin: 200, member: 200 },
  },
  "/api/children/limit": {
    body: () => ({}),
    expected: { owner: 200, admin: 200, member: 403 },
  },
  "/api/children/add": {
    body: () => ({ firstName: "Luna", age: 5, gender: "girl" }),
    // The fixture family already has its one child: adding another is refused for the plan, not the role.
    expected: { owner: 409, admin: 409, member: 403 },
    conflictCode: childErrorCodes.childLimitReached,
  },
  // Owners only; the fixture child is named "Luna", typed in another case to show it is not case-sensitive.
  "/api/children/delete": {
    body: (fixture) => ({ childId: fixture.childId, confirmName: " luna " }),
    expected: { owner: 200, admin: 403, member: 403 },
  },
  "/api/image/getUploadedImages": {
    body: (fixture) => ({ childId: fixture.childId }),
    expected: { owner: 200, admin: 200, member: 200 },
  },
  "/api/image/deleteUploadedImages": {
    body: (fixture) => ({ childId: fixture.childId, photoIds: ["not-there"] }),
    expected: { owner: 200, admin: 200, member: 403 },
  },
  // The fixture child has no photos: the roles that may keep one are told it is not there.
  "/api/image/keep": {
    body: (fixture) => ({ childId: fixture.childId, photoId: "not-there" }),
    expected: { owner: 404, admin: 404, member: 403 },
    notFoundCode: photoErrorCodes.photoNotFound,
  },
  // Every member sees the child's previews (none yet); only those who start training choose the e-mail.
  "/api/children/previews": {
    body: (fixture) => ({ childId: fixture.childId }),
    expected: { owner: 200, admin: 200, member: 200 },
  },
  // Every role that may generate may swap a preview's style; the fixture's image is a portrait.
  "/api/children/previews/swap": {
    body: (fixture) => ({ imageId: fixture.imageId, styleId: "astronaut" }),
    expected: { owner: 404, admin: 404, member: 404 },
    notFoundCode: studioErrorCodes.imageNotFound,
  },
  "/api/children/previews/email": {
    body: (fixture) => ({ childId: fixture.childId, byEmail: false }),
    expected: { owner: 200, admin: 200, member: 403 },
  },
  // The fixture child has no photos and no trained model: the roles that may act get the studio's
  // own refusal, the others ROLE_NOT_ALLOWED.
  "/api/children/training/start": {
    body: (fixture) => ({ childId: fixture.childId }),
    expected: { owner: 409, admin: 409, member: 403 },
    conflictCode: studioErrorCodes.notEnoughPhotos,
  },
  // The yearly update (decision 0069): everyone reads its state; starting it is training.
  "/api/children/yearly-update": {
    body: (fixture) => ({ childId: fixture.childId }),
    expected: { owner: 200, admin: 200, member: 200 },
  },
  "/api/children/yearly-update/start": {
    body: (fixture) => ({ childId: fixture.childId }),
    expected: { owner: 409, admin: 409, member: 403 },
    conflictCode: yearlyUpdateErrorCodes.notTrained,
  },
  "/api/children/training/completed": {
    body: (fixture) => ({ childId: fixture.childId }),
    expected: { owner: 200, admin: 200, member: 200 },
  },
  "/api/generation/training/status": {
    body: (fixture) => ({ childId: fixture.childId }),
    expected: { owner: 200, admin: 200, member: 200 },
  },
  "/api/generation/manual-training-completion": {
    body: (fixture) => ({ childId: fixture.childId }),
    expected: { owner: 200, admin: 200, member: 200 },
  },
  "/api/generation/generate": {
    body: (fixture) => ({ childId: fixture.childId, styleId: "astronaut", count: 1 }),
    expected: { owner: 409, admin: 409, member: 409 },
    conflictCode: studioErrorCodes.trainingNotCompleted,
  },
  "/api/generation/regenerate": {
    body: (fixture) => ({ imageId: fixture.imageId }),
    expected: { owner: 409, admin: 409, member: 409 },
    conflictCode: studioErrorCodes.trainingNotCompleted,
  },
  "/api/generation/prediction/status": {
    body: (fixture) => ({ imageIds: [fixture.imageId] }),
    expected: { owner: 200, admin: 200, member: 200 },
  },
  "/api/generation/regenerate-error": {
    body: (fixture) => ({ imageId: fixture.imageId }),
    expected: { owner: 200, admin: 200, member: 200 },
  },
  "/api/email/regeneration-error": {
    body: (fixture) => ({ imageId: fixture.imageId }),
    expected: { owner: 200, admin: 200, member: 200 },
  },
  "/api/children/generated-images": {
    body: (fixture) => ({ childId: fixture.childId }),
    expected: { owner: 200, admin: 200, member: 200 },
  },
  "/api/children/generated-images/filters": {
    body: (fixture) => ({ childId: fixture.childId }),
    expected: { owner: 200, admin: 200, member: 200 },
  },
  // Favourites are the family's: every member who sees the gallery may mark one.
  "/api/children/generated-images/favourite": {
    body: (fixture) => ({ imageId: fixture.imageId, favourite: true }),
    expected: { owner: 200, admin: 200, member: 200 },
  },
  // Each parent sees a child's studio introduction once.
  "/api/children/studio-intro/seen": {
    body: (fixture) => ({ childId: fixture.childId }),
    expected: { owner: 200, admin: 200, member: 200 },
  },
  // The portrait was made by another member: only roles that may delete any portrait may.
  "/api/children/delete-generated-image": {
    body: (fixture) => ({ imageId: fixture.imageId }),
    expected: { owner: 200, admin: 200, member: 403 },
    forbiddenCode: studioErrorCodes.imageNotYours,
  },
  // Nobody in the matrix holds a plan that includes ready-to-print files.
  "/api/generation/print": {
    body: (fixture) => ({ imageId: fixture.imageId }),
    expected: { owner: 403, admin: 403, member: 403 },
    forbiddenCode: studioErrorCodes.printNotIncluded,
  },
  // Whoever may create portraits may turn one into a video; nobody in the matrix holds a video clip.
  "/api/generation/video": {
    body: (fixture) => ({ imageId: fixture.imageId }),
    expected: { owner: 402, admin: 402, member: 402 },
    paymentCode: addOnErrorCodes.videoCreditsNeeded,
  },
  "/api/generation/video/status": {
    body: (fixture) => ({ imageIds: [fixture.imageId] }),
    expected: { owner: 200, admin: 200, member: 200 },
  },
  // Whoever may create portraits may order a storybook: a book of one page is refused for its size.
  "/api/storybooks": {
    body: (fixture) => ({
      childId: fixture.childId,
      title: "Our year",
      format: "a4",
      pages: [{ imageId: fixture.imageId }],
    }),
    expected: { owner: 400, admin: 400, member: 400 },
    badRequestCode: storybookErrorCodes.tooFewPages,
  },
  "/api/storybooks/list": {
    body: (fixture) => ({ childId: fixture.childId }),
    expected: { owner: 200, admin: 200, member: 200 },
  },
  // Whoever may create portraits may make a style a yearly series and end one (decision 0068).
  "/api/series": {
    body: (fixture) => ({ childId: fixture.childId, styleId: "astronaut", remindOn: { month: 5, day: 1 } }),
    expected: { owner: 200, admin: 200, member: 200 },
  },
  "/api/series/list": {
    body: (fixture) => ({ childId: fixture.childId }),
    expected: { owner: 200, admin: 200, member: 200 },
  },
  "/api/series/delete": {
    body: () => ({ seriesId: "not-there" }),
    expected: { owner: 404, admin: 404, member: 404 },
    notFoundCode: portraitSeriesErrorCodes.notFound,
  },
  // Everyone who sees the gallery may share a finished portrait by link, see the links and stop them.
  "/api/children/share-links": {
    body: (fixture) => ({ childId: fixture.childId }),
    expected: { owner: 200, admin: 200, member: 200 },
  },
  "/api/generation/share-link": {
    body: (fixture) => ({ imageId: fixture.imageId }),
    expected: { owner: 200, admin: 200, member: 200 },
  },
  "/api/generation/share-link/revoke": {
    body: (fixture) => ({ imageId: fixture.imageId }),
    expected: { owner: 200, admin: 200, member: 200 },
  },
};

/** The multipart uploads: sent with a real photo, which admins and owners may add. */
const uploadMatrix: Record<string, Record<FamilyRole, Expected>> = {
  "/api/image/upload": { owner: 200, admin: 200, member: 403 },
  "/api/image/single-image-upload": { owner: 200, admin: 200, member: 403 },
};

type Fixture = {
  familyId: string;
  targetMemberId: string;
  invitationId: string;
  childId: number;
  imageId: string;
};

let t: TestApp;
let parents: Record<FamilyRole | "target" | "outsider", TestParent>;

async function freshFamily(): Promise<Fixture> {
  const { familyId, memberIds } = await createFamilyFixture(t.database.db, {
    name: FAMILY_NAME,
    members: [
      { userId: parents.owner.userId, role: "owner" },
      { userId: parents.admin.userId, role: "admin" },
      { userId: parents.member.userId, role: "member" },
      { userId: parents.target.userId, role: "member" },
    ],
  });
  const invitationId = await createInvitationFixture(t.database.db, {
    familyId,
    inviterId: parents.owner.userId,
    email: uniqueEmail("pending"),
  });
  const [added] = await t.database.db
    .insert(child)
    .values({
      organizationId: familyId,
      firstName: "Luna",
      gender: "girl",
      age: 5,
      triggerWord: `zk${invitationId}`,
    })
    .returning({ id: child.id });
  const imageId = randomUUID();
  await t.database.db.insert(generatedImage).values({
    id: imageId,
    childId: added?.id ?? 0,
    organizationId: familyId,
    requestedByUserId: parents.target.userId,
    styleId: "astronaut",
    prompt: "a portrait",
    seed: 1,
    status: "succeeded",
    creditReference: `fixture:${imageId}`,
    creditCost: 1,
    watermarked: false,
    storageKey: `families/${familyId}/children/${added?.id}/portraits/${imageId}.jpg`,
  });
  return {
    familyId,
    targetMemberId: memberIds.get(parents.target.userId) ?? "",
    invitationId,
    childId: added?.id ?? 0,
    imageId,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  parents = {
    owner: await verifiedParent(t.app, db, { firstName: "Olive" }),
    admin: await verifiedParent(t.app, db, { firstName: "Adam" }),
    member: await verifiedParent(t.app, db, { firstName: "Mia" }),
    target: await verifiedParent(t.app, db, { firstName: "Theo" }),
    outsider: await verifiedParent(t.app, db, { firstName: "Otto" }),
  };
  // Everyone has consented, so the matrix measures roles only.
  for (const parent of Object.values(parents)) {
    await acceptConsent(t.app, parent);
  }
});
afterAll(() => t.close());

const familyScopedEndpoints = (Object.values(contract) as unknown[]).filter(isFamilyScopedEndpoint);

/** Whether a role passes the declared check (the endpoint may still refuse for another reason). */
function allows(scope: FamilyScope, role: FamilyRole): boolean {
  return scope.permission === null || can(role, scope.permission);
}

describe("the permission matrix", () => {
  it("covers every family-scoped endpoint of the contract", () => {
    expect(familyScopedEndpoints.length).toBeGreaterThan(0);
    expect(Object.keys(matrix).sort()).toEqual(familyScopedEndpoints.map((endpoint) => endpoint.path).sort());
    expect(Object.keys(uploadMatrix).sort()).toEqual(familyScopedUploads.map((upload) => upload.path).sort());
  });

  // The hand-written table is the specification; the contract's declarations must say the same.
  it("agrees with the permission each endpoint declares in the contract", () => {
    for (const { path, family } of [...familyScopedEndpoints, ...familyScopedUploads]) {
      const cell = matrix[path];
      const expected = cell?.expected ?? uploadMatrix[path];
      for (const role of familyRoles) {
        const refusedForRole = expected?.[role] === 403 && !cell?.forbiddenCode;
        if (expected?.[role] === 403 && cell?.forbiddenCode) continue;
        expect(allows(family, role), `${role} → ${path}`).toBe(!refusedForRole);
      }
    }
  });

  for (const [path, expectedByRole] of Object.entries(uploadMatrix)) {
    for (const role of familyRoles) {
      const expected = expectedByRole[role];
      it(`${role} → ${path} answers ${expected}`, async () => {
        const fixture = await freshFamily();
        const form = uploadForm(fixture.childId, [{ name: "p.jpg", bytes: await testPhoto({ seed: 900 }) }]);
        const response = await upload(
          t.app,
          path as "/api/image/upload",
          parents[role],
          fixture.familyId,
          form,
        );
        expect(response.statusCode, response.body).toBe(expected);
        if (expected === 403) expect(response.json().code).toBe(familyErrorCodes.roleNotAllowed);
      });
    }
    it(`a parent outside the family → ${path} answers 403`, async () => {
      const fixture = await freshFamily();
      const form = uploadForm(fixture.childId, [{ name: "p.jpg", bytes: await testPhoto({ seed: 901 }) }]);
      const response = await upload(
        t.app,
        path as "/api/image/upload",
        parents.outsider,
        fixture.familyId,
        form,
      );
      expect(response.json().code).toBe(familyErrorCodes.notAFamilyMember);
    });
  }

  for (const [path, cell] of Object.entries(matrix)) {
    for (const role of familyRoles) {
      const expected = cell.expected[role];
      it(`${role} → ${path} answers ${expected}`, async () => {
        const fixture = await freshFamily();
        const response = await postAs(t.app, path, parents[role], fixture.familyId, cell.body(fixture));
        expect(response.statusCode, response.body).toBe(expected);
        if (expected === 403)
          expect(response.json().code).toBe(cell.forbiddenCode ?? familyErrorCodes.roleNotAllowed);
        if (expected === 409)
          expect(response.json().code).toBe(cell.conflictCode ?? familyErrorCodes.lastOwner);
        if (expected === 404) expect(response.json().code).toBe(cell.notFoundCode);
        if (expected === 402) expect(response.json().code).toBe(cell.paymentCode);
        if (expected === 400) expect(response.json().code).toBe(cell.badRequestCode);
      });
    }

    it(`a parent outside the family → ${path} answers 403 and learns nothing`, async () => {
      const fixture = await freshFamily();
      const response = await postAs(t.app, path, parents.outsider, fixture.familyId, cell.body(fixture));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        code: familyErrorCodes.notAFamilyMember,
        message: expect.any(String),
      });
    });

    it(`${path} without an organization-id header answers 400 ORGANIZATION_REQUIRED`, async () => {
      const fixture = await freshFamily();
      const response = await postAs(t.app, path, parents.owner, null, cell.body(fixture));
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe(familyErrorCodes.organizationRequired);
    });
  }
});

/**
 * Better Auth's own family endpoints (decision 0039): closed over HTTP to every role, so a family
 * changes only through the endpoints above. Walked from `auth.api`, so a new one is covered too.
 */
describe("Better Auth's organization endpoints", () => {
  const organizationEndpoints = () =>
    Object.values(t.auth.api as Record<string, { path?: string; options?: { method?: unknown } }>)
      .filter((endpoint) => endpoint?.path?.startsWith("/organization/"))
      .flatMap((endpoint) => {
        const method = endpoint.options?.method;
        return (Array.isArray(method) ? method : [method])
          .filter((each): each is "GET" | "POST" => each === "GET" || each === "POST")
          .map((each) => ({ method: each, path: `/api/auth${endpoint.path}` }));
      });

  for (const role of familyRoles) {
    it(`answer 404 to the ${role}, and the family is unchanged`, async () => {
      const fixture = await freshFamily();
      const endpoints = organizationEndpoints();
      expect(endpoints.length).toBeGreaterThan(15);
      const payload = {
        organizationId: fixture.familyId,
        memberIdOrEmail: fixture.targetMemberId,
        memberId: fixture.targetMemberId,
        invitationId: fixture.invitationId,
        role: "owner",
        email: uniqueEmail("side-door"),
        data: { name: "Taken over" },
      };
      for (const { method, path } of endpoints) {
        const response = await t.app.inject({
          method,
          url: method === "GET" ? `${path}?organizationId=${fixture.familyId}` : path,
          headers: { authorization: `Bearer ${parents[role].token}`, [FAMILY_HEADER]: fixture.familyId },
          ...(method === "POST" ? { payload } : {}),
        });
        expect(response.statusCode, `${role} → ${method} ${path}`).toBe(404);
      }
      const members = await postAs(t.app, "/api/organization/getMembers", parents.owner, fixture.familyId);
      expect(members.statusCode).toBe(200);
      expect(JSON.stringify(members.json())).toContain(parents.target.userId);
      const [family] = await t.database.db
        .select({ name: organization.name })
        .from(organization)
        .where(eq(organization.id, fixture.familyId));
      expect(family?.name).toBe(FAMILY_NAME);
    });
  }
});
