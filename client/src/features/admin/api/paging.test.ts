import { describe, expect, it } from "vitest";
import { adminListUrl } from "./paging";

describe("admin list paging", () => {
  it("when a filter is empty, then the URL leaves it out and always asks for one page at an offset", () => {
    expect(adminListUrl("/api/admin/leads", 40, { status: "sold" })).toBe("/api/admin/leads?limit=20&offset=40&status=sold");
    expect(adminListUrl("/api/admin/providers", 0, { q: undefined })).toBe("/api/admin/providers?limit=20&offset=0");
    expect(adminListUrl("/api/admin/providers", 0, { q: "spark & co" })).toBe("/api/admin/providers?limit=20&offset=0&q=spark+%26+co");
  });
});
