// The header's links by role: none leads a signed-in user to a login that refuses them.
import { describe, expect, it } from "vitest";
import { navItemsFor } from "./nav-items";

describe("navItemsFor", () => {
  it("when the super admin's header is built, then it links the CRM dashboard and not the operator's /admin login", () => {
    const hrefs = navItemsFor("super_admin").map((item) => item.href);
    expect(hrefs).toContain("/dashboard");
    expect(hrefs).not.toContain("/admin");
  });
});
