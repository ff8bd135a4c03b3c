import { describe, expect, it } from "vitest";
import { filtersFromSearch, searchWithFilters } from "./market-filters";

describe("market filters in the URL", () => {
  it("when the query holds scope, service types and sort, then they are read in a stable order", () => {
    expect(filtersFromSearch("scope=all&serviceType=upgrade,repair&sort=cheapest")).toEqual({
      scope: "all",
      serviceType: ["repair", "upgrade"],
      sort: "cheapest",
    });
    expect(filtersFromSearch("serviceType=upgrade&serviceType=repair")).toMatchObject({ serviceType: ["repair", "upgrade"] });
  });

  it("when the query is empty or holds values the server would refuse, then each bad value falls back on its own", () => {
    expect(filtersFromSearch("")).toEqual({ scope: undefined, serviceType: undefined, sort: "newest" });
    expect(filtersFromSearch("scope=mars&serviceType=repair&sort=random")).toEqual({ scope: undefined, serviceType: ["repair"], sort: "newest" });
    expect(filtersFromSearch("serviceType=plumbing&scope=area").scope).toBe("area");
  });

  it("when filters are written back, then defaults are left out and other parameters kept", () => {
    expect(searchWithFilters("tab=x&sort=nearest", { scope: undefined, serviceType: undefined, sort: "newest" })).toBe("tab=x");
    const written = searchWithFilters("", { scope: "all", serviceType: ["repair", "upgrade"], sort: "nearest" });
    expect(written).toBe("scope=all&serviceType=repair,upgrade&sort=nearest");
    expect(filtersFromSearch(written)).toEqual({ scope: "all", serviceType: ["repair", "upgrade"], sort: "nearest" });
  });
});
