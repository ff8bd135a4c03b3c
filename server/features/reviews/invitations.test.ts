// The review invitation's clock, through the app's own worker pass (docs/decisions/059-review-
// invitations.md): once when the job becomes reviewable (2 hours after Paid at the earliest), one
// reminder 3 days later, never more; none after a review or an opt-out; quiet hours kept.
import { and, eq, like, sql } from "drizzle-orm";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { REVIEW_MESSAGES } from "../../../shared/reviews";
import { leadPurchases, outboxMessages, reviewInvitations, reviews } from "../../../shared/schema";
import { createLead, createUser } from "../../setup/factories";
import { useTestApp } from "../../test/app";
import { soldLead } from "../../test/job-links";
import { optOutPath, optOutToken } from "./invitations";

// Monday 23 November 2026, 12:00 in Sydney (AEDT).
const start = new Date("2026-11-23T01:00:00.000Z");
let clock = start;
const HOUR = 3600_000;
const DAY = 24 * HOUR;
const ctx = useTestApp({ now: () => clock, startAlertWorker: false });

let phones = 0;
const mobile = () => `04${String(30_000_000 + ++phones * 7919).slice(-8)}`;
const at = (ms: number) => new Date(start.getTime() + ms);

/** Runs one worker pass at `when`: the sweeps, then the outbox. */
async function passAt(when: Date) {
  clock = when;
  await ctx.app.alerts.runOnce();
}
const messagesOf = (purchaseId: number) =>
  ctx.db
    .select()
    .from(outboxMessages)
    .where(like(outboxMessages.event, `review.%:${purchaseId}`))
    .orderBy(outboxMessages.id);

async function job(purchase: Partial<typeof leadPurchases.$inferInsert>, purchasedAt = at(-2 * DAY), lead: Record<string, unknown> = {}) {
  const buyer = await createUser(ctx.db, { companyName: "Sparkright Electrical" });
  return soldLead(
    ctx.db,
    buyer.id,
    { createdAt: new Date(purchasedAt.getTime() - HOUR), purchasedAt },
    { purchase, lead: { customerPhone: mobile(), ...lead } },
  );
}

describe("the invitation and its one reminder", () => {
  it("when the job reached Paid, then nothing goes for 2 hours, then one invitation with the job and opt-out links, one reminder 3 days later, and never more", async () => {
    const { sale, lead } = await job({ salesStage: "invoice_paid", invoicePaidAt: start });
    await passAt(at(HOUR + 59 * 60_000));
    expect(await messagesOf(sale.id)).toHaveLength(0);

    await passAt(at(2 * HOUR));
    await passAt(at(2 * HOUR + 5000));
    const invited = await messagesOf(sale.id);
    expect(invited).toHaveLength(1);
    expect(invited[0]).toMatchObject({ event: `review.invite:${sale.id}`, recipient: `sms:${lead.customerPhone}`, status: "sent" });
    const text = String(invited[0]!.payload.text);
    expect(text).toContain("How did Sparkright Electrical go with your job?");
    expect(text).toMatch(/\/job\/[A-Za-z0-9_-]{32}/);
    expect(text).toContain(optOutPath(optOutToken(ctx.config.sessionSecret, sale.id)));

    await passAt(at(2 * HOUR + 3 * DAY - 60_000));
    expect(await messagesOf(sale.id)).toHaveLength(1);
    await passAt(at(2 * HOUR + 3 * DAY));
    const reminded = await messagesOf(sale.id);
    expect(reminded.map((m) => m.event)).toEqual([`review.invite:${sale.id}`, `review.reminder:${sale.id}`]);
    expect(String(reminded[1]!.payload.text)).toContain("A reminder: how did Sparkright Electrical go?");

    for (const later of [6 * DAY, 9 * DAY, 13 * DAY]) await passAt(at(later));
    expect(await messagesOf(sale.id)).toHaveLength(2);
  });

  it("when more than a pass's batch of newer purchases are not yet reviewable, then an older one that is still gets its invitation", async () => {
    const { sale } = await job({}, at(-8 * DAY));
    const buyer = await createUser(ctx.db);
    const yesterday = at(-DAY).toISOString();
    await ctx.db.execute(sql`
      with l as (
        insert into leads (job_reference, customer_name, customer_phone, service_location, electrical_work, starting_price, status, created_at)
        select 'RV-' || g, 'Jane', '0412345678', 'Sydney NSW 2000', 'A new circuit', 40, 'sold', ${yesterday}::timestamptz from generate_series(1, 250) g
        returning id)
      insert into lead_purchases (lead_id, buyer_id, buyer_name, amount_paid, payment_status, purchased_at)
      select id, ${buyer.id}, 'Bench Buyer', 40, 'completed', ${yesterday}::timestamptz from l`);
    await passAt(at(0));
    expect((await messagesOf(sale.id)).map((m) => m.event)).toEqual([`review.invite:${sale.id}`]);
    // Out of the way of the next tests' clocks, which would make them reviewable.
    await ctx.db.execute(sql`delete from leads where job_reference like 'RV-%'`);
  });

  it("when the electrician never moves the job, then the invitation goes a week after the purchase", async () => {
    const { sale } = await job({}, at(-7 * DAY + HOUR));
    await passAt(at(0));
    expect(await messagesOf(sale.id)).toHaveLength(0);
    await passAt(at(HOUR));
    expect((await messagesOf(sale.id)).map((m) => m.event)).toEqual([`review.invite:${sale.id}`]);
  });

  it("when a booked job started a day ago, then the invitation goes then", async () => {
    const { sale } = await job({ salesStage: "booked_in", jobStartsAt: at(-DAY) });
    await passAt(at(0));
    expect((await messagesOf(sale.id)).map((m) => m.event)).toEqual([`review.invite:${sale.id}`]);
  });

  it("when the customer reviewed after the invitation, then no reminder goes", async () => {
    const { sale } = await job({ salesStage: "invoice_paid", invoicePaidAt: at(-3 * HOUR) });
    await passAt(at(0));
    expect(await messagesOf(sale.id)).toHaveLength(1);
    await ctx.db.insert(reviews).values({
      purchaseId: sale.id,
      leadId: sale.leadId,
      providerId: sale.buyerId,
      rating: 5,
      text: "Great work all round, thank you.",
      customerFirstName: "Karen",
      editableUntil: at(7 * DAY),
    });
    await passAt(at(4 * DAY));
    expect(await messagesOf(sale.id)).toHaveLength(1);
  });

  it("when the customer taps the opt-out link, then no reminder goes; the link works twice; a forged one is 404", async () => {
    const { sale } = await job({ salesStage: "invoice_paid", invoicePaidAt: at(-3 * HOUR) });
    await passAt(at(0));
    const link = optOutPath(optOutToken(ctx.config.sessionSecret, sale.id));
    const res = await request(ctx.server).get(link);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(REVIEW_MESSAGES.optedOut);
    expect((await request(ctx.server).get(link)).status).toBe(200);
    expect((await request(ctx.server).get(`${link.slice(0, -2)}xx`)).status).toBe(404);
    expect((await request(ctx.server).get(optOutPath(`${sale.id + 100000}.abc`))).status).toBe(404);
    // Tapped in a text message, the phone's browser gets a page, not JSON, and one no search engine keeps.
    const tapped = await request(ctx.server).get(link).set("Accept", "text/html,application/xhtml+xml,*/*;q=0.8");
    expect(tapped.status).toBe(200);
    expect(tapped.type).toBe("text/html");
    expect(tapped.text).toContain(REVIEW_MESSAGES.optedOut);
    expect(tapped.text).toContain('<meta name="robots" content="noindex">');
    const forged = await request(ctx.server)
      .get(`${link.slice(0, -2)}xx`)
      .set("Accept", "text/html");
    expect([forged.status, forged.type]).toEqual([404, "text/html"]);
    expect(forged.text).toContain(REVIEW_MESSAGES.optOutUnknown);
    const [row] = await ctx.db.select().from(reviewInvitations).where(eq(reviewInvitations.purchaseId, sale.id));
    expect(row!.optedOutAt).not.toBeNull();
    await passAt(at(4 * DAY));
    expect(await messagesOf(sale.id)).toHaveLength(1);
  });

  it("when the job becomes reviewable at night in Sydney, then the invitation waits for 07:00", async () => {
    // Paid at 20:00 AEDT (09:00 UTC): invited from 22:00, inside quiet hours.
    const { sale } = await job({ salesStage: "invoice_paid", invoicePaidAt: at(8 * HOUR) });
    await passAt(at(10 * HOUR));
    const [message] = await messagesOf(sale.id);
    expect(message!.status).toBe("pending");
    // 07:00 AEDT the next morning is 20:00 UTC.
    expect(message!.dueAt.toISOString()).toBe("2026-11-23T20:00:00.000Z");
  });

  it("when the job is a provider's own, or its number takes no SMS, then no invitation goes", async () => {
    const owner = await createUser(ctx.db);
    const manual = await createLead(ctx.db, { source: "provider_manual", status: "sold", customerPhone: mobile() });
    const [own] = await ctx.db
      .insert(leadPurchases)
      .values({ leadId: manual.id, buyerId: owner.id, buyerName: "Own", paymentStatus: "completed", purchasedAt: at(-8 * DAY) })
      .returning();
    const { sale: landline } = await job({ salesStage: "invoice_paid", invoicePaidAt: at(-3 * HOUR) }, at(-2 * DAY), { customerPhone: "0298765432" });
    await passAt(at(0));
    expect(await messagesOf(own!.id)).toHaveLength(0);
    const dropped = await messagesOf(landline.id);
    expect(dropped).toMatchObject([{ recipient: "sms:none", status: "dropped" }]);
    await passAt(at(4 * DAY));
    expect(
      await ctx.db
        .select()
        .from(outboxMessages)
        .where(and(like(outboxMessages.event, `review.%:${landline.id}`))),
    ).toHaveLength(1);
  });
});
