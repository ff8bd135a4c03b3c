import request from "supertest";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { QUOTE_MESSAGES } from "../../../shared/leads";
import { analyticsEvents, leads, users } from "../../../shared/schema";
import { createLead, createPurchase, createUser } from "../../setup/factories";
import { useTestApp, withTestApp } from "../../test/app";
import { describeOnPostgres } from "../../test/postgres-only";
import { marketEventsFor } from "../../platform/events/for-database";
import { createLogger } from "../../platform/logger";
import { resolveSuburb } from "../../core/suburbs/resolve";
import { submitQuote } from "./intake-service";

const NOW = new Date("2025-09-01T02:00:00.000Z");
const ctx = useTestApp({ suburbs: true, now: () => NOW });

const valid = {
  serviceLocation: "12 Smith St, North Parramatta NSW 2151",
  electricalWork: "Replace the old switchboard with a new one with RCDs",
  serviceType: "upgrade",
  propertyType: "residential",
  urgency: "within_24h",
  budgetRange: "1000_2500",
  hasExistingElectrician: false,
  timeframe: "asap",
  customerName: "  Jane Citizen ",
  customerPhone: "+61 412 345 678",
  customerAddress: "12 Smith St, North Parramatta NSW 2151",
  specialRequests: "",
  preferredPickupDate: "",
  preferredDropoffDate: "",
  isFlexibleDates: true,
};

const post = (body: unknown) =>
  request(ctx.server)
    .post("/api/leads")
    .send(body as object);
const leadByReference = async (jobReference: string) => (await ctx.db.select().from(leads).where(eq(leads.jobReference, jobReference)))[0];

describe("POST /api/leads: a valid quote", () => {
  it("when valid, then 201 with the job reference and the mobile check's token (and, outside production, its code)", async () => {
    const res = await post(valid);
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(["devCode", "jobReference", "jobUrl", "verification"]);
    expect(res.body.jobReference).toMatch(/^AE-\d{6}E$/);
    expect(res.body.jobUrl).toMatch(/^\/job\/[\w-]{32}$/);
    expect(res.body.verification).toMatch(/^[\w-]{32}$/);
    expect(res.body.devCode).toMatch(/^\d{6}$/);
  });

  it("when stored, then the server sets score, suburb, price, status, clock and normalised fields", async () => {
    const res = await post(valid);
    const lead = await leadByReference(res.body.jobReference);
    expect(lead).toMatchObject({
      customerName: "Jane Citizen",
      customerPhone: "0412345678",
      specialRequests: null,
      preferredPickupDate: null,
      status: "available",
      source: "quote_form",
      suburb: "North Parramatta",
      state: "NSW",
      postcode: "2151",
      startingPrice: "40.00",
      currentPrice: "40.00",
      customerId: null,
      isArchived: false,
    });
    expect(lead!.suburbId).toEqual(expect.any(Number));
    expect(Number(lead!.latitude)).toBeCloseTo(-33.8, 1);
    expect(Number(lead!.longitude)).toBeCloseTo(151.0, 1);
    // urgency 2.5 + budget 2.5 + detail 1.5 + address 1 = 7.5 -> 8
    expect(lead!.leadScore).toBe(8);
    expect(lead!.createdAt.toISOString()).toBe(NOW.toISOString());
    expect(lead!.auctionStartedAt.toISOString()).toBe(NOW.toISOString());
  });

  it("when the client sends server-decided fields, then they are ignored and the stored lead has the server's values", async () => {
    const [owner] = await ctx.db.select({ id: users.id }).from(users).limit(1);
    const res = await post({
      ...valid,
      jobReference: "AE-000001E",
      leadScore: 10,
      startingPrice: "0.01",
      currentPrice: "0.01",
      status: "sold",
      customerId: owner?.id ?? 1,
    });
    expect(res.status).toBe(201);
    expect(res.body.jobReference).not.toBe("AE-000001E");
    const lead = await leadByReference(res.body.jobReference);
    expect(lead).toMatchObject({ status: "available", startingPrice: "40.00", currentPrice: "40.00", customerId: null, leadScore: 8 });
    expect(await leadByReference("AE-000001E")).toBeUndefined();
  });

  it("when only the required fields are sent, then the quote form's defaults apply", async () => {
    const res = await post({ serviceLocation: "Ryde", electricalWork: "Something sparky here", customerName: "Al", customerPhone: "0298765432" });
    expect(res.status).toBe(201);
    // A landline gets no SMS: nothing to verify.
    expect(res.body.verification).toBeNull();
    const lead = await leadByReference(res.body.jobReference);
    expect(lead).toMatchObject({
      serviceType: "repair",
      propertyType: "residential",
      urgency: "within_week",
      budgetRange: "unsure",
      hasExistingElectrician: false,
      timeframe: "this_week",
      isFlexibleDates: true,
      customerAddress: null,
      suburb: "Ryde",
      state: "NSW",
      postcode: "2112",
    });
  });

  it("when specific dates are chosen, then they are kept; when flexible, they are dropped", async () => {
    const fixed = await post({ ...valid, isFlexibleDates: false, preferredPickupDate: "2025-09-10", preferredDropoffDate: "2025-09-12" });
    expect(await leadByReference(fixed.body.jobReference)).toMatchObject({
      preferredPickupDate: "2025-09-10",
      preferredDropoffDate: "2025-09-12",
      isFlexibleDates: false,
    });
    const flexible = await post({ ...valid, isFlexibleDates: true, preferredPickupDate: "2025-09-10" });
    expect(await leadByReference(flexible.body.jobReference)).toMatchObject({ preferredPickupDate: null, isFlexibleDates: true });
  });
});

describeOnPostgres(
  "POST /api/leads on PostgreSQL: the lead's statement sent with the turn's others",
  () => {
    it("when quotes are taken, then their lead's statement runs on a pipelined connection (docs/decisions/128-a-quotes-lead-sent-together.md)", async () => {
      // Each backend's last statement: only quotes use the pipelined connections in this file.
      const ranOnPipelined = async () => {
        const result = await ctx.db.execute(sql`select query from pg_stat_activity where datname = current_database() and application_name = 'pipelined'`);
        return (result as unknown as { rows: { query: string }[] }).rows.some((row) => row.query.includes('insert into "leads"'));
      };
      // The connections open at their first use; until one is open, a turn's statements go to the pool.
      await vi.waitFor(
        async () => {
          const res = await post(valid);
          expect(res.status).toBe(201);
          expect(await leadByReference(res.body.jobReference)).toBeDefined();
          expect(await ranOnPipelined()).toBe(true);
        },
        { timeout: 10_000, interval: 100 },
      );
    });
  },
  "skipped on PGlite: one connection, no pipelined ones (TEST_DATABASE_URL runs it)",
);

describe("POST /api/leads: validation (docs/product.md section 5)", () => {
  it.each([
    ["serviceLocation", { serviceLocation: undefined }, QUOTE_MESSAGES.serviceLocation],
    ["serviceLocation", { serviceLocation: "   " }, QUOTE_MESSAGES.serviceLocation],
    ["electricalWork", { electricalWork: "too short" }, QUOTE_MESSAGES.electricalWork],
    ["electricalWork", { electricalWork: "   fix it     " }, QUOTE_MESSAGES.electricalWork],
    ["customerName", { customerName: "   " }, QUOTE_MESSAGES.customerName],
    ["customerName", { customerName: undefined }, QUOTE_MESSAGES.customerName],
    ["customerPhone", { customerPhone: "0412 345" }, "Phone number must be at least 10 digits"],
    ["customerPhone", { customerPhone: "0912 345 678" }, QUOTE_MESSAGES.customerPhoneImplausible],
    ["customerPhone", { customerPhone: "+44 20 7946 0958" }, QUOTE_MESSAGES.customerPhoneImplausible],
    ["serviceType", { serviceType: "inspection" }, QUOTE_MESSAGES.serviceType],
    ["propertyType", { propertyType: "apartment" }, QUOTE_MESSAGES.propertyType],
    ["budgetRange", { budgetRange: "over_5000" }, QUOTE_MESSAGES.budgetRange],
    ["urgency", { urgency: "urgent" }, QUOTE_MESSAGES.urgency],
    ["timeframe", { timeframe: "next_year" }, QUOTE_MESSAGES.timeframe],
    ["hasExistingElectrician", { hasExistingElectrician: "yes" }, QUOTE_MESSAGES.hasExistingElectrician],
    ["isFlexibleDates", { isFlexibleDates: "no" }, QUOTE_MESSAGES.isFlexibleDates],
    ["preferredPickupDate", { preferredPickupDate: "next tuesday" }, QUOTE_MESSAGES.date],
  ])("when %s is %j, then 400 with its message under the field", async (field, change, message) => {
    const res = await post({ ...valid, ...change });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.errors[field]).toBe(message);
  });

  it.each([
    ["serviceType", ["installation", "repair", "maintenance", "emergency", "upgrade"]],
    ["propertyType", ["residential", "commercial", "industrial"]],
    ["budgetRange", ["under_500", "500_1000", "1000_2500", "2500_plus", "unsure"]],
    ["urgency", ["emergency", "within_24h", "within_week", "flexible"]],
    ["timeframe", ["asap", "this_week", "this_month", "just_pricing"]],
  ])("when %s takes each quote-form value, then it is accepted", async (field, values) => {
    for (const value of values) {
      const res = await post({ ...valid, [field]: value });
      expect(res.status, `${field}=${value}`).toBe(201);
    }
  });

  it("when the location's postcode matches no suburb it could mean, then 400 on the location field and nothing is stored", async () => {
    const before = (await ctx.db.select().from(leads)).length;
    const res = await post({ ...valid, serviceLocation: "Quokka Crescent 0999", customerAddress: "" });
    expect(res.status).toBe(400);
    expect(res.body.errors.serviceLocation).toBe(QUOTE_MESSAGES.serviceLocationUnknown);
    expect((await ctx.db.select().from(leads)).length).toBe(before);
  });

  it("when the street is also a place elsewhere (7 Park Avenue 2150), then the lead goes to the postcode's suburb, not Park Avenue QLD", async () => {
    const res = await post({ ...valid, serviceLocation: "7 Park Avenue 2150" });
    expect(res.status).toBe(201);
    expect(await leadByReference(res.body.jobReference)).toMatchObject({ suburb: "Parramatta", state: "NSW", postcode: "2150" });
  });

  it("when everything is missing, then 400 names every required field", async () => {
    const res = await post({});
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual(["customerName", "customerPhone", "electricalWork", "serviceLocation"]);
  });

  it("when the body is not an object, then 400, not 500", async () => {
    const res = await request(ctx.server).post("/api/leads").set("Content-Type", "application/json").send("[1,2]");
    expect(res.status).toBe(400);
  });
});

describe("POST /api/leads: honeypot", () => {
  /**
   * Every row a submission could leave behind: its lead, or an account for its customer. The
   * decoy's reference is not looked up: drawn like a real one, it can name an earlier lead.
   */
  const storedRows = async () => ({ leads: await ctx.db.select().from(leads), users: await ctx.db.select().from(users) });

  it("when the hidden website field is filled, then 201 as usual and nothing is stored", async () => {
    const before = await storedRows();
    const res = await post({ ...valid, customerName: "Bot", website: "http://spam.example" });
    expect(res.status).toBe(201);
    expect(res.body.jobReference).toMatch(/^AE-\d{6}E$/);
    // Shaped like a real link, so the bot learns nothing from it.
    expect(res.body.jobUrl).toMatch(/^\/job\/[\w-]{32}$/);
    expect(await storedRows()).toEqual(before);
  });

  it("when the honeypot is filled with junk elsewhere too, then still 201 and nothing stored", async () => {
    const before = await storedRows();
    const res = await post({ website: "x", customerPhone: "nope" });
    expect(res.status).toBe(201);
    expect(await storedRows()).toEqual(before);
  });

  it("when the honeypot is empty, then the lead is stored", async () => {
    const res = await post({ ...valid, website: "" });
    expect(await leadByReference(res.body.jobReference)).toBeDefined();
  });
});

describe("starting price from the last 5 completed sales", () => {
  it("when 5 known sales are newer than older ones, then the new lead starts at their average + 10%", async () => {
    const buyer = await createUser(ctx.db);
    const old = await createLead(ctx.db, { status: "sold" });
    const sale = (amountPaid: string, minutesAgo: number, paymentStatus: "completed" | "pending" = "completed") =>
      createPurchase(ctx.db, buyer.id, {
        purchase: {
          leadId: old.id,
          amountPaid,
          paymentStatus,
          purchasedAt: new Date(NOW.getTime() - minutesAgo * 60_000),
          // Only one live sale per lead: mark older rows released.
          releasedAt: new Date(NOW.getTime() - minutesAgo * 60_000 + 1000),
        },
      });
    await sale("500.00", 600); // older than the 5 newest: ignored
    await sale("999.00", 1, "pending"); // not completed: ignored
    for (const [amountPaid, minutesAgo] of [
      ["50.00", 50],
      ["60.00", 40],
      ["70.00", 30],
      ["80.00", 20],
      ["90.00", 10],
    ] as const)
      await sale(amountPaid, minutesAgo);
    const res = await post(valid);
    const lead = await leadByReference(res.body.jobReference);
    // (50+60+70+80+90)/5 = 70, +10% = 77.00
    expect(lead).toMatchObject({ startingPrice: "77.00", currentPrice: "77.00" });
  });

  it("when recent sales ratcheted near numeric(10,2)'s limit, then the new quote is still taken, at MAX_STARTING_PRICE", () =>
    withTestApp({ suburbs: true, now: () => NOW, env: { MAX_STARTING_PRICE: "150" } }, async (capped) => {
      const buyer = await createUser(capped.db);
      const old = await createLead(capped.db, { status: "sold" });
      // The reported figure: + 10% of it no longer fits numeric(10,2).
      for (let minutesAgo = 5; minutesAgo >= 1; minutesAgo--) {
        const purchasedAt = new Date(NOW.getTime() - minutesAgo * 60_000);
        await createPurchase(capped.db, buyer.id, {
          purchase: { leadId: old.id, amountPaid: "99978751.00", paymentStatus: "completed", purchasedAt, releasedAt: new Date(purchasedAt.getTime() + 1000) },
        });
      }
      const res = await request(capped.app).post("/api/leads").send(valid);
      expect(res.status).toBe(201);
      const [lead] = await capped.db.select().from(leads).where(eq(leads.jobReference, res.body.jobReference));
      expect(lead).toMatchObject({ startingPrice: "150.00", currentPrice: "150.00" });
    }));
});

describe("job reference", () => {
  it("when a drawn reference already exists, then another is drawn", async () => {
    const events = marketEventsFor(ctx.database, createLogger(ctx.config));
    const first = await submitQuote(ctx.db, { ...valid, customerName: "A", customerPhone: "0412345678", website: null } as never, {
      now: NOW,
      events,
      maxStartingPrice: ctx.config.MAX_STARTING_PRICE,
      newReference: () => "AE-55555E",
    });
    expect(first.jobReference).toBe("AE-55555E");
    const refs = ["AE-55555E", "AE-55555E", "AE-66666E"];
    const second = await submitQuote(ctx.db, { ...valid, customerName: "B", customerPhone: "0412345678", website: null } as never, {
      now: NOW,
      events,
      maxStartingPrice: ctx.config.MAX_STARTING_PRICE,
      newReference: () => refs.shift()!,
    });
    expect(second.jobReference).toBe("AE-66666E");
  });
});

describe("POST /api/leads: rate limit", () => {
  it("when one IP sends more than the limit in 10 minutes, then 429 with a message", () =>
    withTestApp({ suburbs: true, env: { RATE_LIMIT_PUBLIC_FORMS_PER_IP: "2" } }, async (limited) => {
      const send = () =>
        request(limited.app)
          .post("/api/leads")
          .send({ ...valid, serviceLocation: "Sydney" });
      expect((await send()).status).toBe(201);
      expect((await send()).status).toBe(201);
      const third = await send();
      expect(third.status).toBe(429);
      expect(third.body.message).toMatch(/Too many/);
      // The callback form has its own counter.
      const callback = await request(limited.app)
        .post("/api/provider-callbacks")
        .send({ firstName: "Jo", lastName: "Lee", mobile: "0412345678", email: "jo@example.com", businessName: "JL Electrical", serviceArea: "Sydney" });
      expect(callback.status).toBe(201);
    }));
});

describe("GET /api/config/google-places-key", () => {
  it("when no key is configured, then the key is empty", async () => {
    const res = await request(ctx.server).get("/api/config/google-places-key");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ key: "" });
  });

  it("when a key is configured, then it is returned", () =>
    withTestApp({ env: { GOOGLE_MAPS_API_KEY: "browser-key" } }, async (keyed) => {
      expect((await request(keyed.app).get("/api/config/google-places-key")).body).toEqual({ key: "browser-key" });
    }));
});

describe("POST /api/analytics/track", () => {
  it("when an event arrives, then 204 and it is stored", async () => {
    const res = await request(ctx.server)
      .post("/api/analytics/track")
      .set("User-Agent", "test-agent")
      .send({
        eventType: "electrical_quote_form",
        eventData: { serviceType: "repair", electricalWorkLength: 42 },
        pagePath: "/get-quote",
        pageTitle: "Quote",
        referrer: "",
      });
    expect(res.status).toBe(204);
    const [row] = await ctx.db.select().from(analyticsEvents).where(eq(analyticsEvents.eventType, "electrical_quote_form"));
    expect(row).toMatchObject({
      eventData: { serviceType: "repair", electricalWorkLength: 42 },
      pagePath: "/get-quote",
      userAgent: "test-agent",
      referrer: null,
    });
  });

  it("when the event is malformed or oversized, then 400 and nothing breaks", async () => {
    expect((await request(ctx.server).post("/api/analytics/track").send({})).status).toBe(400);
    expect((await request(ctx.server).post("/api/analytics/track").send({ eventType: "<script>" })).status).toBe(400);
    const big = await request(ctx.server)
      .post("/api/analytics/track")
      .send({ eventType: "x", eventData: { blob: "x".repeat(5000) } });
    expect(big.status).toBe(400);
    expect(big.body.message).toBe("eventData is too large");
  });

  it("when long strings are sent, then they are clipped, not refused", async () => {
    const res = await request(ctx.server)
      .post("/api/analytics/track")
      .send({ eventType: "phone_click", pagePath: "/" + "a".repeat(900) });
    expect(res.status).toBe(204);
    const [row] = await ctx.db.select().from(analyticsEvents).where(eq(analyticsEvents.eventType, "phone_click"));
    expect(row!.pagePath).toHaveLength(500);
  });
});

describe("resolveSuburb edge cases (the location a lead is priced and shown by)", () => {
  it.each([
    ["12 Smith St, Parramatta NSW 2150, Australia", "Parramatta NSW 2150"], // Google's formatted address
    ["Unit 5/22 Marsden St, Blacktown NSW 2148", "Blacktown NSW 2148"],
    ["Richmond VIC", "Richmond VIC 3121"], // the state picks between same-named suburbs
    ["Richmond NSW", "Richmond NSW 2753"],
    ["Kensington WA", "Kensington WA 6151"],
    ["SYDNEY nsw 2000", "Sydney NSW 2000"],
    ["Mt Druitt NSW", "Mount Druitt NSW 2770"], // abbreviations people type
    ["Saint Kilda", "St Kilda VIC 3182"],
    ["4000", "Brisbane QLD 4000"],
  ])("when given %j, then it resolves to %s", async (text, expected) => {
    const s = await resolveSuburb(ctx.db, text);
    expect(s && `${s.name} ${s.state} ${s.postcode}`).toBe(expected);
  });

  it.each(["", "   ", "Parramatta VIC", "Atlantis"])("when given %j, then it is unresolved (null)", async (text) => {
    expect(await resolveSuburb(ctx.db, text)).toBeNull();
  });
});
