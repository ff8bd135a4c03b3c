import { describe, expect, it } from "vitest";
import { marketFilters } from "@shared/marketplace";
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

describe("market filters read without Zod", () => {
  // The URL is read against the lists the server's schema is built from (docs/decisions/118): each
  // field must come out as the schema would take it, or as absent where the schema refuses it.
  const asTheSchemaReads = (search: string) => {
    const params = new URLSearchParams(search);
    const field = (key: keyof typeof marketFilters.shape, raw: unknown) => {
      const parsed = marketFilters.shape[key].safeParse(raw);
      return parsed.success ? parsed.data : undefined;
    };
    const types = field("serviceType", params.getAll("serviceType").length ? params.getAll("serviceType") : undefined) as string[] | undefined;
    return {
      scope: field("scope", params.get("scope") ?? undefined),
      serviceType: types ? [...types].sort() : undefined,
      withPhotos: field("withPhotos", params.get("withPhotos") ?? undefined) === "true" ? "true" : undefined,
      sort: field("sort", params.get("sort") ?? undefined) ?? "newest",
    };
  };

  it.each([
    "",
    "scope=area&sort=nearest&withPhotos=true",
    "scope=ALL&sort=Cheapest&withPhotos=TRUE",
    "scope=&sort=&withPhotos=",
    "serviceType=repair,,upgrade, repair ",
    "serviceType=repair&serviceType=upgrade,installation",
    "serviceType=repair,plumbing",
    "serviceType=,",
    "serviceType=%20",
    `serviceType=${Array(20).fill("repair").join(",")}`,
    `serviceType=${Array(21).fill("repair").join(",")}`,
    "scope=area&scope=all&sort=newest&sort=cheapest",
    "withPhotos=false&sort=price",
  ])("when the query is %j, then each field is what the server's schema makes of it", (search) => {
    expect(filtersFromSearch(search)).toEqual(asTheSchemaReads(search));
  });
});
