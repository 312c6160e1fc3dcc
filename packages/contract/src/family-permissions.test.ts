import { describe, expect, it } from "vitest";
import {
  assignableRoles,
  can,
  canManageRole,
  familyRoleGrants,
  familyStatements,
} from "./family-permissions";

describe("family permissions", () => {
  it("grants the owner every action of every resource", () => {
    for (const [resource, actions] of Object.entries(familyStatements)) {
      for (const action of actions) {
        expect(can("owner", { resource, action } as Parameters<typeof can>[1])).toBe(true);
      }
    }
  });

  it("only grants actions that exist", () => {
    for (const grants of Object.values(familyRoleGrants)) {
      for (const [resource, actions] of Object.entries(grants)) {
        const known: readonly string[] = familyStatements[resource as keyof typeof familyStatements];
        for (const action of actions) expect(known).toContain(action);
      }
    }
  });

  it("keeps deleting the family to owners and managing people to owners and admins", () => {
    expect(can("admin", { resource: "organization", action: "delete" })).toBe(false);
    expect(can("member", { resource: "member", action: "create" })).toBe(false);
    expect(can("member", { resource: "image", action: "generate" })).toBe(true);
    expect(can("member", { resource: "image", action: "delete-any" })).toBe(false);
    expect(can("admin", { resource: "training", action: "start" })).toBe(true);
    expect(can("stranger", { resource: "child", action: "read" })).toBe(false);
  });

  it("lets admins manage only the roles below owner", () => {
    expect(assignableRoles("owner")).toEqual(["owner", "admin", "member"]);
    expect(assignableRoles("admin")).toEqual(["admin", "member"]);
    expect(assignableRoles("member")).toEqual([]);
    expect(canManageRole("admin", "owner")).toBe(false);
  });
});
