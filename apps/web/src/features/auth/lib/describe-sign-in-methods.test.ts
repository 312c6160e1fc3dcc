import { describe, expect, it } from "vitest";
import { describeSignInMethods } from "./describe-sign-in-methods";

describe("describeSignInMethods", () => {
  it("names one method on its own", () => {
    expect(describeSignInMethods(["password"])).toBe("your password");
    expect(describeSignInMethods(["email-link"])).toBe("an e-mail link");
    expect(describeSignInMethods(["google"])).toBe("Google");
    expect(describeSignInMethods(["facebook"])).toBe("Facebook");
  });

  it("joins two with 'or'", () => {
    expect(describeSignInMethods(["google", "password"])).toBe("your password or Google");
  });

  it("joins more with commas and a final 'or', in a fixed order", () => {
    expect(describeSignInMethods(["facebook", "google", "password"])).toBe(
      "your password, Google or Facebook",
    );
    expect(describeSignInMethods(["facebook", "email-link", "google", "password"])).toBe(
      "your password, an e-mail link, Google or Facebook",
    );
  });

  it("names each method once", () => {
    expect(describeSignInMethods(["google", "google"])).toBe("Google");
  });

  it("is empty without methods", () => {
    expect(describeSignInMethods([])).toBe("");
  });
});
