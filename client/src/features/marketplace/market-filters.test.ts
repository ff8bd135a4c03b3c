import { describe, expect, it } from "vitest";
import { filtersFromSearch, searchWithFilters } from "./market-filters";

describe("market filters in the URL", () => {
  it("when the query holds scope, service types and sort, then they are read in a stable order", () => {
    expect(filtersFromSearch("scope=all&serviceType=upgrade,repair&sort=cheapest")).toEqual({
      scope: "all",
      serviceType: ["repair", "upgrade"],
      withPhotos: undefined,
      sort: "cheapest",
    });
    expect(filtersFromSearch("serviceType=upgrade&serviceType=repair")).toMatchObject({ serviceType: ["repair", "upgrade"] });
  });

  it("when the query is empty or holds values the server would refuse, then each bad value falls back on its own", () => {
    expect(filtersFromSearch("")).toEqual({ scope: undefined, serviceType: undefined, withPhotos: undefined, sort: "newest" });
    expect(filtersFromSearch("scope=mars&serviceType=repair&sort=random&withPhotos=yes")).toEqual({
      scope: undefined,
      serviceType: ["repair"],
      withPhotos: undefined,
      sort: "newest",
    });
    expect(filtersFromSearch("serviceType=plumbing&scope=area").scope).toBe("area");
  });

  it("when filters are written back, then defaults are left out and other parameters kept", () => {
    expect(searchWithFilters("tab=x&sort=nearest", { scope: undefined, serviceType: undefined, sort: "newest" })).toBe("tab=x");
    const written = searchWithFilters("", { scope: "all", serviceType: ["repair", "upgrade"], sort: "nearest" });
    expect(written).toBe("scope=all&serviceType=repair,upgrade&sort=nearest");
    expect(filtersFromSearch(written)).toEqual({ scope: "all", serviceType: ["repair", "upgrade"], withPhotos: undefined, sort: "nearest" });
  });

  it("when only leads with photos are asked for, then the URL says withPhotos=true, and false is the default left out", () => {
    const written = searchWithFilters("", { serviceType: undefined, withPhotos: "true", sort: "newest" });
    expect(written).toBe("withPhotos=true");
    expect(filtersFromSearch(written).withPhotos).toBe("true");
    expect(filtersFromSearch("withPhotos=false").withPhotos).toBeUndefined();
    expect(searchWithFilters("withPhotos=true", { withPhotos: "false", sort: "newest" })).toBe("");
  });
});
