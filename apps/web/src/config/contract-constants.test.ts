import * as contract from "@wonderkin/contract";
import { describe, expect, it } from "vitest";
import {
  NOT_A_FAMILY_MEMBER_CODE,
  parseChildIdSegment,
  SOCIAL_SIGN_IN_POPUP_PATH,
  USER_NOT_FOUND_CODE,
  USER_NOT_FOUND_IN_DB_MESSAGE,
} from "./contract-constants";

describe("the contract values the app shell keeps copies of", () => {
  it("equal the contract's", () => {
    expect(USER_NOT_FOUND_CODE).toBe(contract.authErrorCodes.userNotFound);
    expect(USER_NOT_FOUND_IN_DB_MESSAGE).toBe(contract.authMessages.userNotFoundInDb);
    expect(NOT_A_FAMILY_MEMBER_CODE).toBe(contract.familyErrorCodes.notAFamilyMember);
    expect(SOCIAL_SIGN_IN_POPUP_PATH).toBe(contract.SOCIAL_SIGN_IN_POPUP_PATH);
  });

  it("parse child id segments as the contract does", () => {
    const segments = [
      undefined,
      "",
      "0",
      "1",
      "7",
      "01",
      "42",
      "-3",
      "1.5",
      "1e3",
      " 5",
      "abc",
      "9".repeat(20),
    ];
    for (const segment of segments) {
      expect(parseChildIdSegment(segment)).toBe(contract.parseChildIdSegment(segment));
    }
  });
});
