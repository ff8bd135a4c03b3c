// The job's test record over HTTP on either database (docs/decisions/103-test-records.md): scoped to
// the buyer's side, dead tests before live ones, completion refused while a value fails or is
// missing, the tested time on the lead's state's clock, corrections that supersede and never delete,
// and a stale version refused.
import { eq } from "drizzle-orm";
import type supertest from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { leadPurchases, testRecords, type LeadPurchase, type NewLead } from "../../../shared/schema";
import type { CircuitResults, TestRecordView, TestResults } from "../../../shared/test-records";
import { createPurchase } from "../../setup/factories";
import { useTestApp } from "../../test/app";
import { createCast, type CastRole } from "../../test/sign-in";

// 10:00 on Thu 26 Nov 2026 in Sydney (UTC+11); 07:00 in Perth.
const NOW = new Date("2026-11-25T23:00:00Z");
const ctx = useTestApp({ now: () => NOW, startAlertWorker: false });
let agents: Record<CastRole, supertest.Agent>;
let ownerId: number;

beforeAll(async () => {
  const cast = await createCast(ctx);
  agents = cast.agents;
  ownerId = cast.people.owner.id;
});

const job = (lead: Partial<NewLead> = {}, purchase: Partial<typeof leadPurchases.$inferInsert> = {}) =>
  createPurchase(ctx.db, ownerId, { lead: { state: "NSW", ...lead }, purchase: { buyerName: "Dave Wilson", ...purchase } });

const circuit = (overrides: Partial<CircuitResults> = {}): CircuitResults => ({
  name: "Kitchen power",
  device: { curve: "C", ratingA: 20 },
  earthOhms: 0.18,
  insulationMegohms: 250,
  polarityCorrect: true,
  connectionsCorrect: true,
  faultLoopOhms: 0.62,
  faultLoopByConductor: false,
  ...overrides,
});
const PASSING: TestResults = {
  installation: { mainEarthOhms: 0.12 },
  circuits: [circuit(), circuit({ name: "Lights", device: { curve: "C", ratingA: 10 }, faultLoopOhms: null, faultLoopByConductor: true })],
  rcds: [{ protects: ["Kitchen power", "Lights"], ratedMa: 30, tripMs: 24, tripMsFiveTimes: 11 }],
};

const path = (p: LeadPurchase) => `/api/lead-purchases/${p.id}/test-record`;
const save = (p: LeadPurchase, results: unknown, version: number, extra: object = {}, agent = agents.owner) =>
  agent.put(path(p)).send({ results, version, ...extra });
const complete = (p: LeadPurchase, version: number, when = { date: "2026-11-26", time: "08:30" }, agent = agents.owner) =>
  agent.post(`${path(p)}/complete`).send({ version, ...when });
const read = async (p: LeadPurchase, agent = agents.owner) => (await agent.get(path(p))).body as TestRecordView;
const rowsOf = (p: LeadPurchase) => ctx.db.select().from(testRecords).where(eq(testRecords.purchaseId, p.id)).orderBy(testRecords.version);

describe("who may read and write a job's test record", () => {
  it("when a rival provider asks for Dave's job's record, saves it or marks it tested, then each is 404 and nothing is written", async () => {
    const p = await job();
    expect((await agents.rival.get(path(p))).status).toBe(404);
    expect((await save(p, PASSING, 0, {}, agents.rival)).status).toBe(404);
    expect((await complete(p, 1, undefined, agents.rival)).status).toBe(404);
    expect(await rowsOf(p)).toEqual([]);
  });

  it("when Dave's team member saves and the super admin reads, then both see the same record; the customer account is refused", async () => {
    const p = await job();
    const saved = await save(p, PASSING, 0, {}, agents.member);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await read(p, agents.admin)).current).toMatchObject({ version: 1, status: "draft", results: PASSING });
    expect((await agents.customer.get(path(p))).status).toBe(403);
  });

  it("when the job is Dave's own (provider_manual), then its record is kept the same way", async () => {
    const p = await job({ source: "provider_manual" }, { amountPaid: "0.00", originalPrice: "0.00" });
    expect((await save(p, PASSING, 0)).status).toBe(200);
    expect((await complete(p, 1)).status).toBe(200);
  });
});

describe("dead tests before live ones", () => {
  it("when a fault loop is sent for a circuit whose insulation is missing, then a 400 names the field and the missing dead test, and nothing is saved", async () => {
    const p = await job();
    const res = await save(p, { ...PASSING, circuits: [circuit({ insulationMegohms: null })], rcds: [] }, 0);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual(["results.circuits.0.faultLoopOhms"]);
    expect(res.body.message).toContain("insulation resistance missing");
    expect((await read(p)).current).toBeNull();
  });

  it("when an RCD's trip times are sent before a protected circuit's polarity, then a 400 names the trip time", async () => {
    const p = await job();
    const res = await save(p, { ...PASSING, circuits: [circuit({ polarityCorrect: null, faultLoopOhms: null }), PASSING.circuits[1]] }, 0);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual(["results.rcds.0.tripMs"]);
  });

  it("when a reading is text, the version is missing or the body is no record at all, then a clear 400, never a 500", async () => {
    const p = await job();
    const text = await save(p, { ...PASSING, installation: { mainEarthOhms: "0.1" } }, 0);
    expect([text.status, text.body.errors]).toEqual([400, { "results.installation.mainEarthOhms": "Enter a number" }]);
    const noVersion = await agents.owner.put(path(p)).send({ results: PASSING });
    expect([noVersion.status, noVersion.body.message]).toEqual([400, "Send the record's version: reload the job and try again"]);
    expect((await agents.owner.put(path(p)).send([1, 2])).status).toBe(400);
    expect((await agents.owner.put(`/api/lead-purchases/abc/test-record`).send({ results: PASSING, version: 0 })).status).toBe(400);
  });
});

describe("marking the tests done", () => {
  it("when insulation fails, the main earth is blank and an RCD's 5× trip is missing, then completion is a 400 naming each, and the record stays a draft", async () => {
    const p = await job();
    const failing = {
      installation: { mainEarthOhms: null },
      circuits: [circuit({ insulationMegohms: 0.4 })],
      rcds: [{ protects: ["Kitchen power"], ratedMa: 30, tripMs: 350, tripMsFiveTimes: null }],
    };
    expect((await save(p, failing, 0)).status).toBe(200);
    const res = await complete(p, 1);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      "installation.mainEarthOhms": "Main earthing conductor: continuity is missing (at most 0.5 Ω)",
      "circuits.0.insulationMegohms": "Kitchen power: insulation resistance fails (at least 1 MΩ at 500 V d.c.)",
      "rcds.0.tripMs": "RCD 1 (Kitchen power): trip time fails (at most 300 ms at 30 mA)",
      "rcds.0.tripMsFiveTimes": "RCD 1 (Kitchen power): trip time at 5 × is missing (at most 40 ms at 5 × 30 mA)",
    });
    const view = await read(p);
    expect(view.current).toMatchObject({ status: "draft", version: 1, testedAt: null });
    expect(view.checks.filter((c) => c.result !== "pass").map((c) => c.field)).toEqual(Object.keys(res.body.errors));
  });

  it("when no circuit is recorded, then completion is refused: each circuit worked on is tested", async () => {
    const p = await job();
    await save(p, { installation: { mainEarthOhms: 0.1 }, circuits: [], rcds: [] }, 0);
    const res = await complete(p, 1);
    expect([res.status, Object.keys(res.body.errors)]).toEqual([400, ["circuits"]]);
  });

  it("when every value passes and the tests were at 08:30 on a Perth job, then it is tested at 00:30 UTC, shown on Perth's clock, with who tested it", async () => {
    const p = await job({ state: "WA" });
    await save(p, PASSING, 0);
    // 08:30 in Perth is after 07:00 there now: the future.
    expect((await complete(p, 1, { date: "2026-11-26", time: "08:30" })).body.errors).toEqual({ date: "The tests cannot be later than now" });
    const res = await complete(p, 1, { date: "2026-11-25", time: "08:30" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((res.body as TestRecordView).current).toMatchObject({
      status: "tested",
      version: 2,
      testedAt: "2026-11-25T00:30:00.000Z",
      testedText: "2026-11-25 08:30 (Australia/Perth)",
      testedBy: expect.any(String),
    });
    expect((await complete(p, 2)).status).toBe(409); // already tested: a correction, not a second completion
  });

  it("when the time typed is one the clocks skip (2:30 am on NSW's spring-forward night), then a 400 names the time", async () => {
    const p = await job();
    await save(p, PASSING, 0);
    const res = await complete(p, 1, { date: "2026-10-04", time: "02:30" });
    expect([res.status, Object.keys(res.body.errors)]).toEqual([400, ["time"]]);
  });
});

describe("kept 5 years: corrections supersede, nothing is deleted", () => {
  it("when a tested record is corrected, then a reason is needed, the correction is a new version and the tested one stays readable as superseded", async () => {
    const p = await job();
    await save(p, PASSING, 0);
    await complete(p, 1);
    const corrected = { ...PASSING, installation: { mainEarthOhms: 0.09 } };
    const noReason = await save(p, corrected, 2);
    expect([noReason.status, noReason.body.errors]).toEqual([400, { reason: "Say why the tested record is being corrected" }]);
    const res = await save(p, corrected, 2, { reason: "Main earth reading was typed wrong" });
    expect(res.status).toBe(200);
    const view = res.body as TestRecordView;
    expect(view.current).toMatchObject({ version: 3, status: "draft", correctionReason: "Main earth reading was typed wrong", results: corrected });
    expect(view.history).toEqual([
      expect.objectContaining({ version: 2, status: "superseded", results: PASSING, testedAt: expect.any(String), supersededAt: NOW.toISOString() }),
    ]);
    const rows = await rowsOf(p);
    expect(rows.map((r) => [r.version, r.status, r.supersededAt !== null, r.replacesId])).toEqual([
      [2, "tested", true, null],
      [3, "draft", false, rows[0]!.id],
    ]);
  });

  it("when anyone asks to DELETE a record, then there is no such route and every version remains", async () => {
    const p = await job();
    await save(p, PASSING, 0);
    const res = await agents.admin.delete(path(p));
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/^No API route for DELETE/);
    expect(await rowsOf(p)).toHaveLength(1);
  });

  it("when the purchase row itself is deleted in the database, then the record's foreign key refuses it", async () => {
    const p = await job();
    await save(p, PASSING, 0);
    await expect(ctx.db.delete(leadPurchases).where(eq(leadPurchases.id, p.id))).rejects.toThrow();
    expect(await rowsOf(p)).toHaveLength(1);
  });

  it("when the job is given back (released), then its record is still readable but no longer written", async () => {
    const p = await job();
    await save(p, PASSING, 0);
    await ctx.db.update(leadPurchases).set({ releasedAt: NOW }).where(eq(leadPurchases.id, p.id));
    expect((await read(p)).current).toMatchObject({ version: 1 });
    expect((await save(p, PASSING, 1)).status).toBe(404);
  });
});

describe("a write carries the record's version", () => {
  it("when Dave and Tom both save on version 1, then the second is a 409, and the first's values stay", async () => {
    const p = await job();
    await save(p, PASSING, 0);
    expect((await save(p, { ...PASSING, installation: { mainEarthOhms: 0.2 } }, 1)).status).toBe(200);
    const late = await save(p, { ...PASSING, installation: { mainEarthOhms: 0.3 } }, 1, {}, agents.member);
    expect([late.status, late.body]).toEqual([409, { message: "Someone saved a newer version of this test record. Reload it and enter your changes again." }]);
    expect((await read(p)).current!.results.installation.mainEarthOhms).toBe(0.2);
  });

  it("when a first save is sent again with version 0 after one exists, or completion is on an old version, then each is a 409", async () => {
    const p = await job();
    await save(p, PASSING, 0);
    expect((await save(p, PASSING, 0)).status).toBe(409);
    await save(p, PASSING, 1);
    expect((await complete(p, 1)).status).toBe(409);
    expect((await rowsOf(p)).map((r) => [r.version, r.status])).toEqual([[2, "draft"]]);
  });
});
