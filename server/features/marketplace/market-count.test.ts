// The market count badge stays cheap: it counts up to a cap, then says "1000+".
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MARKET_COUNT_CAP, marketCountLabel } from "../../../shared/market-terms";
import { createTestDatabase, type TestDatabase } from "../../test/database";
import { createLead } from "../../setup/factories";
import { countMarketLeads } from "./market-repo";

const allOfAustralia = { origin: null, within: null };
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);
afterAll(() => database.destroy());

describe("market count", () => {
  it("when more leads than the cap are on sale, then the count stops at cap + 1 and reads '1000+'", async () => {
    for (let i = 0; i < MARKET_COUNT_CAP; i++) await createLead(database.db);
    expect(await countMarketLeads(database.db, allOfAustralia)).toBe(MARKET_COUNT_CAP);
    expect(marketCountLabel(MARKET_COUNT_CAP)).toBe("1000");

    await createLead(database.db);
    await createLead(database.db);
    expect(await countMarketLeads(database.db, allOfAustralia)).toBe(MARKET_COUNT_CAP + 1);
    expect(marketCountLabel(MARKET_COUNT_CAP + 1)).toBe("1000+");
  }, 60_000);
});
