// The paperwork's clocks counted at start-up for jobs tested before the clocks existed
// (docs/decisions/105-paperwork-on-the-card.md): once each, and only live jobs.
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { paperworkDocuments, testRecords } from "../../../shared/schema";
import { DEMO_TEST_RESULTS } from "../../setup/demo-test-record";
import { createPurchase, createUser } from "../../setup/factories";
import { useTestApp } from "../../test/app";
import { countMissingClocks } from "./clocks";

const ctx = useTestApp({ startAlertWorker: false });

it("when jobs were tested before their paperwork had clocks, then start-up counts each live one once and leaves a job given back alone", async () => {
  const owner = await createUser(ctx.db);
  const testedAt = new Date("2026-11-20T00:00:00Z");
  const [live, released] = await Promise.all([
    createPurchase(ctx.db, owner.id, { purchase: { buyerName: "Dave" } }),
    createPurchase(ctx.db, owner.id, { purchase: { buyerName: "Dave", releasedAt: testedAt } }),
  ]);
  for (const p of [live!, released!])
    await ctx.db.insert(testRecords).values({ purchaseId: p.id, version: 2, status: "tested", results: DEMO_TEST_RESULTS, testedAt });
  const now = new Date("2026-11-26T00:00:00Z");
  expect(await countMissingClocks(ctx.db, now)).toBe(1);
  const rows = await ctx.db.select().from(paperworkDocuments).where(eq(paperworkDocuments.purchaseId, live!.id));
  // Tested 11 am on 20 Nov in Sydney: the CCEW is due at the end of 27 Nov there.
  expect(rows.map((r) => [r.document, r.dueAt?.toISOString()])).toEqual([["nsw_ccew", "2026-11-27T12:59:59.999Z"]]);
  expect(await countMissingClocks(ctx.db, now)).toBe(0);
});
