// The region the peers' medians are taken in (docs/decisions/067-insights.md), from the suburbs
// table's SA4 columns as imported from the data set.
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app";
import { regionOfLocation } from "./region";

const ctx = useTestApp({ suburbs: true, startAlertWorker: false, startAutoBuy: false });

describe("an electrician's region (ABS SA4)", () => {
  it("when two suburbs share a postcode's area, then they share a region; another state's namesake does not", async () => {
    await expect(regionOfLocation(ctx.db, "Parramatta NSW 2150")).resolves.toEqual({ code: "125", name: "Sydney - Parramatta" });
    expect((await regionOfLocation(ctx.db, "Harris Park NSW 2150"))?.code).toBe("125");
    expect((await regionOfLocation(ctx.db, "Richmond VIC 3121"))?.name).toBe("Melbourne - Inner");
    expect((await regionOfLocation(ctx.db, "Richmond NSW 2753"))?.name).not.toBe("Melbourne - Inner");
  });

  it("when a postcode spans two areas, then the locality decides", async () => {
    expect((await regionOfLocation(ctx.db, "Wattamolla NSW 2232"))?.name).toBe("Southern Highlands and Shoalhaven");
    expect((await regionOfLocation(ctx.db, "Sutherland NSW 2232"))?.name).toBe("Sydney - Sutherland");
  });

  it("when the place is not an Australian one, then there is no region", async () => {
    await expect(regionOfLocation(ctx.db, "Nowhere 0000")).resolves.toBeNull();
    await expect(regionOfLocation(ctx.db, null)).resolves.toBeNull();
  });
});
