// The customer's contact as a property (docs/decisions/073-the-customers-own-contact.md), on either
// database: whatever sequence of buyers' edits, missed-promise relists and unpurchases a lead goes
// through, its customer's name, mobile and e-mail stay as typed, every text about it goes to the
// customer's own mobile, and "lost the link" finds it by that mobile and by no number a buyer typed.
import fc from "fast-check";
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, expect, it } from "vitest";
import { leadPurchases, leads, outboxMessages, users, type Lead } from "../../../shared/schema";
import { createLead, createUser } from "../../setup/factories";
import { createTestApp, type TestApp } from "../../test/app";
import { customerName } from "../../test/customer-text-arbitraries";
import { tokenOf } from "../../test/job-links";
import { editJobAs } from "../../test/job-save";
import { signIn } from "../../test/sign-in";
import { createJobLink } from "../../core/job-links";
import { marketLeadsOfPhone } from "./lookup-repo";

const clock = { now: new Date("2026-11-23T01:00:00.000Z") };
const later = (minutes: number) => (clock.now = new Date(clock.now.getTime() + minutes * 60_000));
const LOOKUP_SINCE = new Date("2025-01-01T00:00:00.000Z");

let ctx: TestApp;
/** Three providers, each with a mobile of their own a buyer might type. */
let buyers: Array<{ agent: request.Agent; phone: string }>;
let admin: request.Agent;

beforeAll(async () => {
  ctx = await createTestApp({ now: () => clock.now, startAlertWorker: false, env: { RATE_LIMIT_JOB_PAGE_PER_IP: "100000" } });
  buyers = [];
  for (const phone of ["0488000001", "0488000002", "0488000003"]) {
    const user = await createUser(ctx.db, { phone });
    buyers.push({ agent: await signIn(ctx.server, user.username), phone });
  }
  const superAdmin = await createUser(ctx.db, { userType: "super_admin" });
  admin = await signIn(ctx.server, superAdmin.username);
});
afterAll(() => ctx.destroy());

type Step = { kind: "edit"; phone: string; name: string; email: string | null; address: string } | { kind: "relist" } | { kind: "unpurchase" };

const typedPhone = fc.oneof(fc.constantFrom("0488000001", "0488000002", "0488000003", "0400000001"), fc.stringMatching(/^04\d{8}$/));
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("edit" as const),
      phone: typedPhone,
      name: customerName.map((n) => n.fullName),
      email: fc.option(fc.constantFrom("mallory@example.com", "ops@sparky.com.au")),
      address: fc.constantFrom("1 Fake St, Penrith NSW 2750", "Lot 7 DP 1234 Wallaby Way"),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: "relist" as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: "unpurchase" as const }) },
);

let mobiles = 0;

/** A customer's emergency request (promised within 30 minutes), their link, and its first sale. */
async function customersRequest() {
  const mobile = `0412${String(++mobiles).padStart(6, "0")}`;
  const lead = await createLead(ctx.db, {
    customerName: "Jane Citizen",
    customerPhone: mobile,
    customerEmail: "jane@example.com",
    urgency: "emergency",
    serviceType: "emergency",
    phoneVerifiedAt: clock.now,
    createdAt: clock.now,
    auctionStartedAt: clock.now,
  });
  const token = tokenOf(await createJobLink(ctx.db, lead.id, clock.now));
  return { lead, token };
}

const liveSale = async (leadId: number) => {
  const rows = await ctx.db.select().from(leadPurchases).where(eq(leadPurchases.leadId, leadId));
  return rows.find((p) => p.releasedAt === null);
};

/** The first provider who may buy it (not one excluded for missing its promise) takes it. */
async function resell(leadId: number) {
  for (const [index, buyer] of buyers.entries()) {
    const res = await buyer.agent.post(`/api/leads/${leadId}/purchase`).send({});
    if (res.status === 201) return index;
    expect([403, 404]).toContain(res.status);
  }
  return null;
}

async function run(steps: Step[], lead: Lead, token: string, owner: number | null, typed: Set<string>) {
  for (const s of steps) {
    const sale = await liveSale(lead.id);
    if (s.kind === "edit" && sale && owner !== null) {
      const res = await editJobAs(ctx.db, buyers[owner]!.agent, lead.id, {
        customerName: s.name,
        customerPhone: s.phone,
        customerEmail: s.email ?? "",
        customerAddress: s.address,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      typed.add(s.phone);
    } else if (s.kind === "relist" && sale) {
      later(31);
      const res = await request(ctx.server).post(`/api/jobs/${token}/not-contacted`).send({});
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      owner = await resell(lead.id);
    } else if (s.kind === "unpurchase" && sale) {
      expect((await admin.post(`/api/lead-purchases/${sale.id}/unpurchase`).send({})).status).toBe(200);
      owner = await resell(lead.id);
    }
    await expectCustomersOwn(lead, typed);
  }
}

async function expectCustomersOwn(intake: Lead, typed: Set<string>) {
  const [now] = await ctx.db.select().from(leads).where(eq(leads.id, intake.id));
  expect(now).toMatchObject({
    customerName: intake.customerName,
    customerPhone: intake.customerPhone,
    customerEmail: intake.customerEmail,
    customerAddress: intake.customerAddress,
    phoneVerifiedAt: intake.phoneVerifiedAt,
  });
  const texts = await ctx.db.select().from(outboxMessages).where(eq(outboxMessages.leadId, intake.id));
  // Texts to the customer go to their own mobile. The one other text, a lost job's notice to its
  // buyer, goes to the mobile on the buyer's account (docs/decisions/081-notices-on-the-dashboard.md).
  const accountMobiles = new Set((await ctx.db.select({ phone: users.phone }).from(users)).map((u) => `sms:${(u.phone ?? "").replace(/\D/g, "")}`));
  for (const text of texts.filter((m) => m.channel === "sms")) {
    const buyersNotice = String(text.payload.text).startsWith("Lost: missed promise") && accountMobiles.has(text.recipient);
    if (!buyersNotice) expect(text.recipient, text.event).toBe(`sms:${intake.customerPhone}`);
  }
  const found = async (phone: string) => (await marketLeadsOfPhone(ctx.db, phone, LOOKUP_SINCE)).some((l) => l.id === intake.id);
  expect(await found(intake.customerPhone)).toBe(true);
  for (const phone of typed) if (phone !== intake.customerPhone) expect(await found(phone), phone).toBe(false);
}

it("when buyers edit, relist and unpurchase in any order, then the customer's contact, their texts and their lookup stay theirs", async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 6 }), async (steps) => {
      const { lead, token } = await customersRequest();
      const owner = await resell(lead.id);
      expect(owner).toBe(0);
      await run(steps, lead, token, owner, new Set());
    }),
    { numRuns: 15 },
  );
});
