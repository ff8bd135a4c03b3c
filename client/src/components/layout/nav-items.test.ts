// The header's links by role: none leads a signed-in user to a login that refuses them.
import { describe, expect, it } from "vitest";
import { footerLinksFor, navItemsFor } from "./nav-items";

describe("navItemsFor", () => {
  it("when the super admin's header is built, then it links the CRM dashboard and the operator's Admin Panel", () => {
    expect(navItemsFor("super_admin")).toEqual([
      { href: "/", label: "Home" },
      { href: "/get-quote", label: "Get Quote" },
      { href: "/dashboard", label: "CRM Dashboard" },
      { href: "/admin", label: "Admin Panel" },
    ]);
  });

  it("when anyone but the super admin is signed in or out, then no Admin Panel: the operator's login is not theirs", () => {
    for (const role of [null, "customer", "provider", "team_member"] as const)
      expect(
        navItemsFor(role).map((item) => item.href),
        String(role),
      ).not.toContain("/admin");
  });

  it("when a visitor or a customer sees the header, then it links Find my request", () => {
    for (const role of [null, "customer"] as const) expect(navItemsFor(role).map((item) => item.href)).toContain("/job");
  });
});

describe("footerLinksFor", () => {
  it("when an electrician or the super admin is signed in, then no footer link bounces them (quote form, sign-up, sign-in): the dashboard instead", () => {
    for (const role of ["provider", "team_member", "super_admin"] as const) {
      const hrefs = footerLinksFor(role).map((item) => item.href);
      expect(hrefs).toContain("/dashboard");
      for (const bounce of ["/get-quote", "/for-providers", "/signup", "/login"]) expect(hrefs, role).not.toContain(bounce);
    }
  });

  it("when a visitor is signed out, then the footer has the ways in and Find my request", () => {
    expect(footerLinksFor(null).map((item) => item.href)).toEqual([
      "/get-quote",
      "/job",
      "/for-providers",
      "/signup",
      "/login",
      "/privacy-policy",
      "/terms-and-conditions",
    ]);
  });
});
