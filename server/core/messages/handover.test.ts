// The handover SMS (docs/decisions/046-one-outbox.md) on either database: one per sale, in the
// sale's own transaction, naming the site, SITE_PHONE, the buyer and the contact promise on the
// state's clock, with a job link that works; held through the customer's quiet hours in their
// own state, except for an emergency; never for a provider's own job.
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { jobLinks, leadPurchases, leads, outboxMessages, type Lead, type NewLead, type User } from "../../../shared/schema";
import { createLead, createUser } from "../../setup/factories";
import { AppError } from "../../platform/http/errors";
import type { PaymentGateway } from "../../platform/payments";
import { useTestApp, withTestApp } from "../../test/app";
import { signIn } from "../../test/sign-in";
import { handoverWithSale } from "./handover";
import { enqueueMessage } from "./outbox-repo";
import { movableClock, perth, recordingSms, sydney } from "./test/messages";

const ORIGIN = "https://sparks.example.com.au";
const SITE_PHONE = "1300 555 123";
const ENV = { PUBLIC_URL: ORIGIN, SITE_PHONE, CONTACT_PROMISE_MINUTES: "120" };
const clock = movableClock(sydney("2026-11-24 10:00"));
const sms = recordingSms();
const ctx = useTestApp({ suburbs: true, env: ENV, sms, now: clock.now, startAlertWorker: false });
let buyer: User;

beforeAll(async () => {
  buyer = await createUser(ctx.db, { firstName: "Dave", companyName: "Sparky Bros Electrical", licenseNumber: "123456C", licenceState: "NSW" });
});

let phoneSeq = 0;
const freshMobile = () => `0413${String(++phoneSeq).padStart(6, "0")}`;

/** A market lead put on sale now, with its own mobile unless told otherwise. */
const lead = (values: Partial<NewLead> = {}) =>
  createLead(ctx.db, { customerPhone: freshMobile(), auctionStartedAt: clock.now(), createdAt: clock.now(), ...values });

async function buy(target: Lead, app = ctx.app, who = buyer) {
  const res = await (await signIn(app, who.username)).post(`/api/leads/${target.id}/purchase`).send({});
  return res;
}

async function sold(target: Lead) {
  const res = await buy(target);
  expect(res.status).toBe(201);
  return res.body.purchase.id as number;
}

const rowsOf = (leadId: number) => ctx.db.select().from(outboxMessages).where(eq(outboxMessages.leadId, leadId));
const send = () => ctx.app.alerts.runOnce();
const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/** GSM 7-bit's basic set: an SMS of only these is 160 characters, or 153 a segment when longer. */
const GSM = /^[A-Za-z0-9 @£$¥èéùìòÇØøÅå_ÆæßÉ!"#¤%&'()*+,\-./:;<=>?¡ÄÖÑÜ§¿äöñüà\n\r]*$/;
const segments = (text: string) => (text.length <= 160 ? 1 : Math.ceil(text.length / 153));

describe("the handover SMS", () => {
  it("when a NSW lead with a mobile is sold at 10:00 in Sydney, then one SMS names the site, SITE_PHONE, the buyer and the promise, with a working job link", async () => {
    clock.set(sydney("2026-11-24 10:00"));
    const target = await lead({ state: "NSW" });
    const purchaseId = await sold(target);
    const [row] = await rowsOf(target.id);
    expect(row).toMatchObject({ event: `lead.sold:${purchaseId}`, recipient: `sms:${target.customerPhone}`, channel: "sms", status: "pending" });
    expect(row!.dueAt).toEqual(clock.now());

    await send();
    const [text, ...more] = sms.to(target.customerPhone).map((s) => s.text);
    expect(more).toEqual([]);
    const token =
      /^Dave from Sparky Bros Electrical \(NSW licence 123456C\) has your job request and will call you by 12:00 pm Tue 24 Nov\. Your job: https:\/\/sparks\.example\.com\.au\/job\/([A-Za-z0-9_-]{32}) - Aussie Electricians, 1300 555 123$/.exec(
        text!,
      )?.[1];
    expect(token, text).toBeDefined();
    // The link works: its token's hash is a live link of this very lead (the token itself is stored nowhere).
    const [link] = await ctx.db
      .select()
      .from(jobLinks)
      .where(eq(jobLinks.tokenHash, tokenHash(token!)));
    expect(link).toMatchObject({ leadId: target.id, revokedAt: null });
    expect(JSON.stringify(await ctx.db.select().from(jobLinks))).not.toContain(token);
    expect(text).toMatch(GSM);
    expect(segments(text!)).toBeLessThanOrEqual(2);
    const [after] = await rowsOf(target.id);
    expect(after).toMatchObject({ status: "sent", attempts: 1, sentAt: clock.now() });
  });

  it("when the buyer's business has a long name with curly quotes, then the SMS stays in GSM characters and at most 3 segments", async () => {
    const long = await createUser(ctx.db, {
      firstName: "Bartholomew-Alexander",
      companyName: "O’Sullivan & Daughters Commercial and Residential Electrical Contracting Services",
      licenseNumber: "ABCDEF-123456",
      licenceState: "QLD",
    });
    const target = await lead({ state: "QLD" });
    expect((await buy(target, ctx.app, long)).status).toBe(201);
    await send();
    const [text] = sms.to(target.customerPhone).map((s) => s.text);
    expect(text).toMatch(GSM);
    expect(text).toContain("O'Sullivan");
    expect(segments(text!)).toBeLessThanOrEqual(3);
  });

  it("when the same (event, recipient) is queued twice, then there is one row and one SMS", async () => {
    const target = await lead();
    const purchaseId = await sold(target);
    const again = await enqueueMessage(ctx.db, {
      event: `lead.sold:${purchaseId}`,
      recipient: `sms:${target.customerPhone}`,
      channel: "sms",
      leadId: target.id,
      payload: { to: target.customerPhone, text: "a second copy" },
      dueAt: clock.now(),
    });
    expect(again).toBe(false);
    await send();
    await send();
    expect(await rowsOf(target.id)).toHaveLength(1);
    expect(sms.to(target.customerPhone)).toHaveLength(1);
    expect(sms.to(target.customerPhone)[0]!.text).not.toBe("a second copy");
  });

  it("when the customer's number is a landline, then no SMS and no extra link", async () => {
    const target = await lead({ customerPhone: "0298765432" });
    await sold(target);
    await send();
    expect(await rowsOf(target.id)).toEqual([]);
    expect(await ctx.db.select().from(jobLinks).where(eq(jobLinks.leadId, target.id))).toEqual([]);
    expect(sms.to("0298765432")).toEqual([]);
  });
});

describe("quiet hours in the customer's own state", () => {
  it("when NSW and WA leads are sold at the same instant, 07:30 in Sydney and 04:30 in Perth, then Sydney's SMS goes now and Perth's at 07:00 Perth time", async () => {
    const instant = sydney("2026-11-24 07:30");
    expect(instant).toEqual(perth("2026-11-24 04:30"));
    clock.set(instant);
    const nsw = await lead({ state: "NSW", suburb: "Parramatta" });
    const wa = await lead({ state: "WA", suburb: "Subiaco", postcode: "6008" });
    await sold(nsw);
    await sold(wa);
    expect((await rowsOf(nsw.id))[0]!.dueAt).toEqual(instant);
    expect((await rowsOf(wa.id))[0]!.dueAt).toEqual(perth("2026-11-24 07:00"));

    await send();
    expect(sms.to(nsw.customerPhone)).toHaveLength(1);
    expect(sms.to(wa.customerPhone)).toHaveLength(0);
    // The promise is on each state's own clock: 07:30 + 120 business minutes, and 07:00 + 120 in Perth.
    expect(sms.to(nsw.customerPhone)[0]!.text).toContain("will call you by 9:30 am Tue 24 Nov.");

    clock.set(new Date(perth("2026-11-24 07:00").getTime() - 1000));
    await send();
    expect(sms.to(wa.customerPhone)).toHaveLength(0);
    clock.set(perth("2026-11-24 07:00"));
    await send();
    expect(sms.to(wa.customerPhone).map((s) => s.text)).toEqual([expect.stringContaining("will call you by 9:00 am Tue 24 Nov.")]);
  });

  it("when the same instant is 22:30 in Sydney and 19:30 in Perth, then the WA SMS goes now and the NSW one waits for 07:00 Sydney", async () => {
    const instant = sydney("2026-11-24 22:30");
    clock.set(instant);
    const nsw = await lead({ state: "NSW" });
    const wa = await lead({ state: "WA" });
    await sold(nsw);
    await sold(wa);
    expect((await rowsOf(nsw.id))[0]!.dueAt).toEqual(sydney("2026-11-25 07:00"));
    expect((await rowsOf(wa.id))[0]!.dueAt).toEqual(instant);
  });

  it("when an emergency lead is sold at 04:30 in Perth, then its SMS goes at once with the 30-minute promise", async () => {
    clock.set(perth("2026-11-24 04:30"));
    const wa = await lead({ state: "WA", urgency: "emergency", serviceType: "emergency" });
    await sold(wa);
    expect((await rowsOf(wa.id))[0]!.dueAt).toEqual(clock.now());
    await send();
    expect(sms.to(wa.customerPhone).map((s) => s.text)).toEqual([expect.stringContaining("will call you by 5:00 am Tue 24 Nov.")]);
  });

  it("when an NSW lead is sold on the stroke of 21:00, then it waits; at 20:59 it goes", async () => {
    clock.set(sydney("2026-11-24 21:00"));
    const late = await lead({ state: "NSW" });
    await sold(late);
    expect((await rowsOf(late.id))[0]!.dueAt).toEqual(sydney("2026-11-25 07:00"));
    clock.set(sydney("2026-11-24 20:59"));
    const early = await lead({ state: "NSW" });
    await sold(early);
    expect((await rowsOf(early.id))[0]!.dueAt).toEqual(sydney("2026-11-24 20:59"));
  });
});

describe("when there must be no message", () => {
  it("when the sale's transaction fails (the card capture is refused), then nothing is queued, no link is made and nothing is sent", async () => {
    const refusing: PaymentGateway = {
      mode: "stripe",
      authorise: async () => ({ clientSecret: "cs", amountCents: 4000, authorisationId: "pi_1" }) as never,
      verify: async () => undefined,
      capture: async () => {
        throw new AppError(402, "Your card was declined");
      },
      cancel: async () => undefined,
      release: async () => "untouched",
      chargeSavedCard: async () => ({ intentId: "pi_unused" }),
      refund: async () => undefined,
      startCardSetup: async () => null,
      confirmCardSetup: async () => undefined as never,
    };
    const refused = recordingSms();
    await withTestApp({ suburbs: true, env: ENV, sms: refused, now: clock.now, payments: refusing, startAlertWorker: false }, async (app) => {
      const who = await createUser(app.db);
      const target = await createLead(app.db, { customerPhone: "0414000001", auctionStartedAt: clock.now(), createdAt: clock.now() });
      const res = await (await signIn(app.app, who.username)).post(`/api/leads/${target.id}/purchase`).send({ paymentIntentId: "pi_1" });
      expect(res.status).toBe(402);
      expect((await app.db.select().from(leads).where(eq(leads.id, target.id)))[0]!.status).toBe("available");
      expect(await app.db.select().from(leadPurchases).where(eq(leadPurchases.leadId, target.id))).toEqual([]);
      expect(await app.db.select().from(outboxMessages)).toEqual([]);
      expect(await app.db.select().from(jobLinks).where(eq(jobLinks.leadId, target.id))).toEqual([]);
      await app.app.alerts.runOnce();
      expect(refused.sent).toEqual([]);
    });
  });

  it("when a provider adds their own job with a mobile, then its customer gets no message", async () => {
    const agent = await signIn(ctx.server, buyer.username);
    const res = await agent.post("/api/leads/manual").send({
      serviceLocation: "Parramatta NSW 2150",
      electricalWork: "Replace two downlights",
      customerName: "Own Customer",
      customerPhone: "0415 000 002",
    });
    expect(res.status).toBe(201);
    await send();
    expect(await rowsOf(res.body.id)).toEqual([]);
    expect(sms.to("0415000002")).toEqual([]);
    // Asked directly, the handover refuses a provider's own job too.
    const [own] = await ctx.db
      .select()
      .from(leads)
      .where(and(eq(leads.id, res.body.id), eq(leads.source, "provider_manual")));
    const minted: string[] = [];
    const queued = await handoverWithSale(
      ctx.db,
      { origin: ORIGIN, sitePhone: SITE_PHONE, promiseMinutes: 120 },
      { buyerId: buyer.id, lead: own!, now: clock.now(), jobLink: () => (minted.push("link"), "/job/x") },
    );
    expect(queued).toBeNull();
    expect(minted).toEqual([]);
  });
});

describe("woken by the sale", () => {
  it("when the worker runs on its own, then the sale's market event wakes it and the SMS is out within seconds", async () => {
    const live = recordingSms();
    await withTestApp({ suburbs: true, env: { ...ENV, ALERT_POLL_MS: "300000" }, sms: live, now: clock.now }, async (app) => {
      clock.set(sydney("2026-11-24 11:00"));
      const who = await createUser(app.db);
      const target = await createLead(app.db, { customerPhone: "0414000003", auctionStartedAt: clock.now(), createdAt: clock.now() });
      const started = Date.now();
      expect((await (await signIn(app.app, who.username)).post(`/api/leads/${target.id}/purchase`).send({})).status).toBe(201);
      while (live.sent.length === 0 && Date.now() - started < 10_000) await new Promise((r) => setTimeout(r, 20));
      expect(live.to("0414000003")).toHaveLength(1);
      expect(Date.now() - started).toBeLessThan(5_000);
    });
  });
});
