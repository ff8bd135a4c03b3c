// A buyer's own customer is kept off their market (docs/decisions/131-own-customers-kept-off-the-
// market.md), on either database: a quote whose mobile or e-mail is the owner's or their team's,
// however either was typed, is not in the owner's list, its count, its listing by id or their live
// stream, where the purchase would be refused; every other electrician sees and buys it. (Team
// members do not see the market: shared/policy.ts, viewMarket.)
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LeadPage, MarketLead } from "../../../shared/marketplace";
import { leadExclusions } from "../../../shared/schema";
import { createLead, createUser } from "../../setup/factories";
import { createTestApp } from "../../test/app";
import { listenOn, openMarketStream, sessionCookie, type MarketStream, type StreamEvent } from "../../test/market-stream";

const QUOTE = {
  serviceLocation: "Parramatta NSW 2150",
  customerAddress: "12 Church St, Parramatta NSW 2150",
  electricalWork: "Switchboard upgrade and two new power points in the garage",
  customerName: "Jane Citizen",
};

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let server: Awaited<ReturnType<typeof listenOn>>;
const cookies = {} as Record<"owner" | "stranger", string>;
const open: MarketStream[] = [];
let ownerId: number;

beforeAll(async () => {
  ctx = await createTestApp({ suburbs: true, env: { RATE_LIMIT_PUBLIC_FORMS_PER_IP: "1000" } });
  server = await listenOn(ctx.app);
  // The owner's mobile as a person types it into a profile; the member's in international form.
  const owner = await createUser(ctx.db, { phone: "0412 555 111", email: "Owner.Sparky@Example.com" });
  ownerId = owner.id;
  await createUser(ctx.db, { userType: "team_member", teamOwnerId: owner.id, phone: "+61 412 555 222" });
  const stranger = await createUser(ctx.db);
  for (const [who, user] of Object.entries({ owner, stranger })) cookies[who as keyof typeof cookies] = await sessionCookie(server.url, user.username);
});
afterAll(async () => {
  open.forEach((s) => s.close());
  await server.close();
  await ctx.destroy();
});

const get = async <T>(who: keyof typeof cookies, path: string) => (await (await fetch(server.url + path, { headers: { Cookie: cookies[who] } })).json()) as T;
const market = (who: keyof typeof cookies) => get<LeadPage>(who, "/api/leads?limit=100&scope=all");
const ids = (page: LeadPage) => page.leads.map((lead) => lead.id);
const listingStatus = async (who: keyof typeof cookies, id: number) => (await get<{ status: string }>(who, `/api/leads/${id}/listing`)).status;

async function quote(customerPhone: string) {
  const res = await request(ctx.server)
    .post("/api/leads")
    .send({ ...QUOTE, customerPhone });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const page = await market("stranger");
  const lead = page.leads.find((l) => l.jobReference === res.body.jobReference);
  expect(lead, "every other electrician sees the quote").toBeDefined();
  return lead!;
}

async function stream(who: keyof typeof cookies) {
  const s = await openMarketStream(server.url, cookies[who], { scope: "all" });
  open.push(s);
  await s.ready();
  return s;
}
const added = (id: number) => (e: StreamEvent) => e.event === "lead.added" && (e.data as { lead: MarketLead }).lead.id === id;

describe("a buyer's own customer", () => {
  it("when a quote's mobile is the owner's or their team member's, however typed, then the owner does not see it in the market, its count, by id or live; another electrician sees it and buys it", async () => {
    const [ownerStream, strangerStream] = [await stream("owner"), await stream("stranger")];
    const ownersOwn = await quote("+61412555111");
    const membersOwn = await quote("(04) 1255 5222");
    const someoneElses = await quote("0499 888 777");

    const page = await market("owner");
    expect(ids(page)).toContain(someoneElses.id);
    expect(ids(page)).not.toContain(ownersOwn.id);
    expect(ids(page)).not.toContain(membersOwn.id);
    expect(page.total).toBe((await market("stranger")).total - 2);
    expect(await listingStatus("owner", ownersOwn.id)).toBe("gone");
    expect(await listingStatus("owner", membersOwn.id)).toBe("gone");
    expect(await listingStatus("owner", someoneElses.id)).toBe("available");

    // Live: the stranger hears all three; the owner only the lead that is not theirs, and nothing
    // of their own (those events came before it).
    for (const lead of [ownersOwn, membersOwn, someoneElses]) await strangerStream.waitFor(added(lead.id));
    await ownerStream.waitFor(added(someoneElses.id));
    expect(ownerStream.events.filter((e) => added(ownersOwn.id)(e) || added(membersOwn.id)(e))).toEqual([]);

    const bought = await fetch(`${server.url}/api/leads/${ownersOwn.id}/purchase`, {
      method: "POST",
      headers: { Cookie: cookies.stranger, "Content-Type": "application/json" },
      body: "{}",
    });
    expect(bought.status).toBe(201);
  });

  it("when a lead's e-mail is the owner's in another case and the owner also missed another lead's promise, then both are kept from the owner's market and neither from anyone else's", async () => {
    const lead = await createLead(ctx.db, { customerEmail: "OWNER.Sparky@example.com", customerPhone: "0499888666" });
    const other = await createLead(ctx.db, { customerEmail: "someone@example.com", customerPhone: "0499888555" });
    const missed = await createLead(ctx.db, { customerEmail: "another@example.com", customerPhone: "0499888444" });
    await ctx.db.insert(leadExclusions).values({ leadId: missed.id, userId: ownerId, reason: "missed_promise" });
    const page = await market("owner");
    expect(ids(page)).not.toContain(lead.id);
    expect(ids(page)).not.toContain(missed.id);
    expect(ids(page)).toContain(other.id);
    expect(await listingStatus("owner", lead.id)).toBe("gone");
    expect(ids(await market("stranger"))).toEqual(expect.arrayContaining([lead.id, missed.id]));
  });
});
