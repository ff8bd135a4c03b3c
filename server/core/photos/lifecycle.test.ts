// When photos are deleted (docs/decisions/050-photos.md): with their lead (the foreign key), 12
// months after the job closes, and uploads no quote used after 24 hours, these two by the
// background worker's pass (server/core/alerts/worker.ts), read from the tables on the app's clock. A
// test record's meter photo (docs/decisions/106-meter-photos.md) is deleted by neither sweep.
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { leads, photoBlobs, photos, testRecordPhotos } from "../../../shared/schema";
import { createLead, createPurchase, createUser } from "../../setup/factories";
import { useTestApp } from "../../test/app";
import { fakeClock } from "../../test/fakes";
import { createPhoto } from "../../test/photos";

const clock = fakeClock(new Date("2026-06-01T02:00:00Z"));
const ctx = useTestApp({ now: clock.now, startAlertWorker: false });

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(clock.now().getTime() - ms);
const remaining = async (ids: string[]) => (await ctx.db.select({ id: photos.id }).from(photos).where(inArray(photos.id, ids))).map((r) => r.id).sort();
const blobsOf = async (id: string) => ctx.db.select().from(photoBlobs).where(eq(photoBlobs.photoId, id));

describe("deleting photos", () => {
  it("when the worker passes, then uploads no quote used within 24 hours are gone; newer ones and attached ones stay", async () => {
    const stale = await createPhoto(ctx.db, { uploadedAt: ago(25 * HOUR) });
    const fresh = await createPhoto(ctx.db, { uploadedAt: ago(23 * HOUR) });
    const attached = await createPhoto(ctx.db, { leadId: (await createLead(ctx.db)).id, uploadedAt: ago(30 * DAY) });
    await ctx.app.alerts.runOnce();
    expect(await remaining([stale, fresh, attached])).toEqual([fresh, attached].sort());
    expect(await blobsOf(stale)).toEqual([]);
  });

  it("when a lead is deleted, then its photos and their stored bytes go with it", async () => {
    const lead = await createLead(ctx.db);
    const id = await createPhoto(ctx.db, { leadId: lead.id });
    expect(await blobsOf(id)).toHaveLength(3);
    await ctx.db.delete(leads).where(eq(leads.id, lead.id));
    expect(await remaining([id])).toEqual([]);
    expect(await blobsOf(id)).toEqual([]);
  });

  it("when a job closed over 12 months ago, then its photos go; closed 11 months ago, or never closed, they stay", async () => {
    const buyer = await createUser(ctx.db);
    const photoOfSale = async (purchase: Parameters<typeof createPurchase>[2]) =>
      createPhoto(ctx.db, { leadId: (await createPurchase(ctx.db, buyer.id, purchase)).leadId });
    const paidLongAgo = await photoOfSale({ purchase: { salesStage: "invoice_paid", invoicePaidAt: ago(395 * DAY) } });
    const declinedLongAgo = await photoOfSale({ purchase: { salesStage: "declined", declinedAt: ago(400 * DAY) } });
    const refundedLongAgo = await photoOfSale({ purchase: { refundedAt: ago(370 * DAY) } });
    const closedByCustomer = await createPhoto(ctx.db, { leadId: (await createLead(ctx.db, { closedByCustomerAt: ago(380 * DAY) })).id });
    const paidRecently = await photoOfSale({ purchase: { salesStage: "invoice_paid", invoicePaidAt: ago(330 * DAY) } });
    const stillOpen = await photoOfSale({ lead: { createdAt: ago(700 * DAY) }, purchase: { salesStage: "booked_in", purchasedAt: ago(700 * DAY) } });
    // Moved back from Paid: the old payment time no longer closes it.
    const reopened = await photoOfSale({ purchase: { salesStage: "quote_sent", invoicePaidAt: ago(500 * DAY) } });

    // The retention sweep runs at most every 10 minutes of the app's clock.
    clock.advance(11 * 60_000);
    await ctx.app.alerts.runOnce();
    const all = [paidLongAgo, declinedLongAgo, refundedLongAgo, closedByCustomer, paidRecently, stillOpen, reopened];
    expect(await remaining(all)).toEqual([paidRecently, stillOpen, reopened].sort());
  });

  it("when a paid job's photos are swept 13 months on, then its customer's photo goes and the meter photo on its test record, uploaded as long ago, stays", async () => {
    const buyer = await createUser(ctx.db);
    const purchase = await createPurchase(ctx.db, buyer.id, { purchase: { salesStage: "invoice_paid", invoicePaidAt: ago(395 * DAY) } });
    const customers = await createPhoto(ctx.db, { leadId: purchase.leadId, uploadedAt: ago(400 * DAY) });
    const meter = await createPhoto(ctx.db, { uploadedAt: ago(400 * DAY) });
    await ctx.db.insert(testRecordPhotos).values({ photoId: meter, purchaseId: purchase.id, caption: null, addedBy: buyer.id, addedAt: ago(400 * DAY) });
    clock.advance(11 * 60_000);
    await ctx.app.alerts.runOnce();
    expect(await remaining([customers, meter])).toEqual([meter]);
    expect(await blobsOf(meter)).toHaveLength(3);
  });
});
