// Meter photos on a job's test record over HTTP, on either database (docs/decisions/106-meter-photos.md):
// the buyer's side only, a real upload attached and served back re-encoded, kept by the 24-hour
// sweep that removes unused uploads, at most 12 per purchase, captions of at most 80 characters,
// and removal only until the record is first marked tested.
import { eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import type supertest from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { photoBlobs, photos, testRecordPhotos, leadPurchases, type LeadPurchase } from "../../../shared/schema";
import { TEST_RECORD_MESSAGES, type CircuitResults, type TestRecordView, type TestResults } from "../../../shared/test-records";
import { attachUploads } from "../../core/photos";
import { createLead, createPurchase } from "../../setup/factories";
import { useTestApp } from "../../test/app";
import { fakeClock } from "../../test/fakes";
import { createPhoto, fixture } from "../../test/photos";
import { createCast, type CastRole } from "../../test/sign-in";

const HOUR = 3600_000;
// 10:00 on Thu 26 Nov 2026 in Sydney.
const clock = fakeClock(new Date("2026-11-25T23:00:00Z"));
const ctx = useTestApp({ now: clock.now, startAlertWorker: false });
let agents: Record<CastRole, supertest.Agent>;
let ownerId: number;

beforeAll(async () => {
  const cast = await createCast(ctx);
  agents = cast.agents;
  ownerId = cast.people.owner.id;
});

const job = () => createPurchase(ctx.db, ownerId, { lead: { state: "NSW" }, purchase: { buyerName: "Dave Wilson" } });
const base = (p: LeadPurchase) => `/api/lead-purchases/${p.id}/test-record`;
/** A stored upload nobody has used, made now on the app's clock (no decoding: these tests are about the record). */
const freshUpload = () => createPhoto(ctx.db, { uploadedAt: clock.now() });
const add = (p: LeadPurchase, body: object, agent = agents.owner) => agent.post(`${base(p)}/photos`).send(body);
const read = async (p: LeadPurchase, agent = agents.owner) => (await agent.get(base(p))).body as TestRecordView;
const listed = async (p: LeadPurchase) =>
  (await ctx.db.select().from(testRecordPhotos).where(eq(testRecordPhotos.purchaseId, p.id))).map((r) => r.photoId).sort();
const remaining = async (ids: string[]) => (await ctx.db.select({ id: photos.id }).from(photos).where(inArray(photos.id, ids))).map((r) => r.id).sort();

/** The bytes of a served image, read whole (supertest leaves image bodies to a parser). */
const bytesOf = (req: supertest.Test) =>
  req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on("data", (c: Buffer) => chunks.push(c));
    res.on("end", () => done(null, Buffer.concat(chunks)));
  });

const circuit: CircuitResults = {
  name: "Kitchen power",
  device: { curve: "C", ratingA: 20 },
  earthOhms: 0.18,
  insulationMegohms: 250,
  polarityCorrect: true,
  connectionsCorrect: true,
  faultLoopOhms: 0.62,
  faultLoopByConductor: false,
};
const PASSING: TestResults = { installation: { mainEarthOhms: 0.12 }, circuits: [circuit], rcds: [] };

describe("who may add and see a job's meter photos", () => {
  it("when a rival provider adds, opens or removes a photo on Dave's job, then each is 404, and the customer account is refused (403); nothing is written", async () => {
    const p = await job();
    const upload = await freshUpload();
    expect((await add(p, { uploadId: upload }, agents.rival)).status).toBe(404);
    expect((await add(p, { uploadId: upload }, agents.customer)).status).toBe(403);
    expect(await listed(p)).toEqual([]);

    expect((await add(p, { uploadId: upload })).status).toBe(201);
    for (const [agent, status] of [
      [agents.rival, 404],
      [agents.customer, 403],
    ] as const) {
      expect((await agent.get(base(p))).status).toBe(status);
      expect((await agent.get(`${base(p)}/photos/${upload}/full`)).status).toBe(status);
      expect((await agent.get(`${base(p)}/photos/${upload}/thumbnail`)).status).toBe(status);
      expect((await agent.delete(`${base(p)}/photos/${upload}`)).status).toBe(status);
    }
    expect(await listed(p)).toEqual([upload]);
    // Dave's team member and the super admin see it.
    expect((await agents.member.get(`${base(p)}/photos/${upload}/thumbnail`)).status).toBe(200);
    expect((await read(p, agents.admin)).photos.map((ph) => ph.id)).toEqual([upload]);
  });

  it("when a photo of one of Dave's jobs is asked for under another of his jobs, or as a lead photo, then it is 404", async () => {
    const [p, other] = [await job(), await job()];
    const upload = await freshUpload();
    expect((await add(p, { uploadId: upload })).status).toBe(201);
    expect((await agents.owner.get(`${base(other)}/photos/${upload}/full`)).status).toBe(404);
    expect((await agents.owner.get(`/api/photos/${upload}/full`)).status).toBe(404);
    expect((await agents.owner.get(`${base(p)}/photos/${upload}/blurred`)).status).toBe(400);
  });
});

describe("a real photo of the meter, uploaded, attached and served back", () => {
  it("when Dave uploads a JPEG through /api/uploads and attaches it with a caption, then the record lists it and serves it re-encoded, privately, at its size", async () => {
    const p = await job();
    const up = await agents.owner.post("/api/uploads").attach("file", fixture("switchboard.jpg"), "meter.jpg");
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const res = await add(p, { uploadId: up.body.id, caption: "  Kitchen power insulation  " });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [photo] = (res.body as TestRecordView).photos;
    expect(photo).toEqual({
      id: up.body.id,
      caption: "Kitchen power insulation",
      url: `${base(p)}/photos/${up.body.id}/full`,
      thumbUrl: `${base(p)}/photos/${up.body.id}/thumbnail`,
      addedAt: clock.now().toISOString(),
      addedBy: expect.any(String),
    });

    const full = await bytesOf(agents.owner.get(photo!.url));
    expect(full.status).toBe(200);
    expect(full.headers).toMatchObject({ "content-type": "image/jpeg", "cache-control": "private, no-cache", "x-content-type-options": "nosniff" });
    const fullMeta = await sharp(full.body as Buffer).metadata();
    expect([fullMeta.format, fullMeta.width, fullMeta.height]).toEqual(["jpeg", up.body.width, up.body.height]);
    const thumb = await bytesOf(agents.owner.get(photo!.thumbUrl));
    const thumbMeta = await sharp(thumb.body as Buffer).metadata();
    expect(thumbMeta.format).toBe("webp");
    expect(Math.max(thumbMeta.width, thumbMeta.height)).toBe(400);

    // Claimed: no longer the uploader's open preview, and no quote can take it for a lead.
    expect((await agents.owner.get(up.body.thumbnailUrl)).status).toBe(404);
    const lead = await createLead(ctx.db);
    await expect(attachUploads(ctx.db, lead.id, [up.body.id], clock.now())).rejects.toMatchObject({ status: 400 });
  });

  it("when the upload id is unknown, malformed, older than 24 hours or used already, then each is a 400 on uploadId and nothing is listed", async () => {
    const p = await job();
    const old = await createPhoto(ctx.db, { uploadedAt: new Date(clock.now().getTime() - 25 * HOUR) });
    const onALead = await createPhoto(ctx.db, { leadId: (await createLead(ctx.db)).id, uploadedAt: clock.now() });
    const used = await freshUpload();
    expect((await add(p, { uploadId: used })).status).toBe(201);
    for (const uploadId of [old, onALead, used, "A".repeat(32), "not-an-id", undefined]) {
      const res = await add(p, { uploadId });
      expect([res.status, res.body.errors], String(uploadId)).toEqual([400, { uploadId: TEST_RECORD_MESSAGES.uploadId }]);
    }
    expect(await listed(p)).toEqual([used]);
  });

  it("when a caption is 81 characters, then a 400 names the caption; 80 are kept, and none is no caption", async () => {
    const p = await job();
    const long = await add(p, { uploadId: await freshUpload(), caption: "x".repeat(81) });
    expect([long.status, long.body.errors]).toEqual([400, { caption: TEST_RECORD_MESSAGES.caption }]);
    expect(await listed(p)).toEqual([]);
    expect((await add(p, { uploadId: await freshUpload(), caption: "y".repeat(80) })).status).toBe(201);
    clock.advance(1000); // listed in the order added
    expect((await add(p, { uploadId: await freshUpload(), caption: "   " })).status).toBe(201);
    expect((await read(p)).photos.map((ph) => ph.caption)).toEqual(["y".repeat(80), null]);
  });

  it("when the record has its 12 photos, then a 13th is a 409 and is not listed", async () => {
    const p = await job();
    for (let i = 0; i < 12; i++) expect((await add(p, { uploadId: await freshUpload(), caption: `Reading ${i + 1}` })).status).toBe(201);
    const thirteenth = await freshUpload();
    const res = await add(p, { uploadId: thirteenth });
    expect([res.status, res.body.message]).toEqual([409, TEST_RECORD_MESSAGES.photosFull]);
    expect((await listed(p)).length).toBe(12);
    expect((await listed(p)).includes(thirteenth)).toBe(false);
  });
});

describe("kept as long as the record", () => {
  it("when the 24-hour sweep passes, then an unused upload goes and a meter photo uploaded as long ago stays, still served", async () => {
    const p = await job();
    const meter = await freshUpload();
    const unused = await freshUpload();
    expect((await add(p, { uploadId: meter })).status).toBe(201);
    clock.advance(25 * HOUR);
    await ctx.app.alerts.runOnce();
    expect(await remaining([meter, unused])).toEqual([meter]);
    expect(await ctx.db.select().from(photoBlobs).where(eq(photoBlobs.photoId, unused))).toEqual([]);
    expect((await agents.owner.get(`${base(p)}/photos/${meter}/full`)).status).toBe(200);
  });

  it("when a photo is removed from a draft record, then it and its bytes are gone; once a version is marked tested, removal is a 409 and the photo stays, through a correction too", async () => {
    const p = await job();
    const [mistake, kept] = [await freshUpload(), await freshUpload()];
    await add(p, { uploadId: mistake });
    await add(p, { uploadId: kept });
    expect((await agents.owner.put(base(p)).send({ results: PASSING, version: 0 })).status).toBe(200);
    const removed = await agents.member.delete(`${base(p)}/photos/${mistake}`);
    expect(removed.status).toBe(200);
    expect((removed.body as TestRecordView).photos.map((ph) => ph.id)).toEqual([kept]);
    expect(await remaining([mistake])).toEqual([]);
    expect(await ctx.db.select().from(photoBlobs).where(eq(photoBlobs.photoId, mistake))).toEqual([]);
    expect((await agents.owner.delete(`${base(p)}/photos/${mistake}`)).status).toBe(404);

    expect((await agents.owner.post(`${base(p)}/complete`).send({ version: 1, date: "2026-11-26", time: "08:30" })).status).toBe(200);
    const refused = await agents.admin.delete(`${base(p)}/photos/${kept}`);
    expect([refused.status, refused.body.message]).toEqual([409, TEST_RECORD_MESSAGES.photoKept]);
    // A photo added to the tested record stays too, and so do both once a correction is a draft again.
    const added = await freshUpload();
    expect((await add(p, { uploadId: added })).status).toBe(201);
    expect((await agents.owner.put(base(p)).send({ results: PASSING, version: 2, reason: "Retyped" })).status).toBe(200);
    for (const id of [kept, added]) expect((await agents.owner.delete(`${base(p)}/photos/${id}`)).status).toBe(409);
    expect(await listed(p)).toEqual([kept, added].sort());
    // And the database itself refuses to delete a listed photo's row.
    await expect(ctx.db.delete(photos).where(eq(photos.id, kept))).rejects.toThrow();
  });

  it("when the job is given back, then its photos are still served but none is added or removed", async () => {
    const p = await job();
    const upload = await freshUpload();
    await add(p, { uploadId: upload });
    await ctx.db.update(leadPurchases).set({ releasedAt: clock.now() }).where(eq(leadPurchases.id, p.id));
    expect((await agents.owner.get(`${base(p)}/photos/${upload}/thumbnail`)).status).toBe(200);
    expect((await add(p, { uploadId: await freshUpload() })).status).toBe(404);
    expect((await agents.owner.delete(`${base(p)}/photos/${upload}`)).status).toBe(404);
    expect(await listed(p)).toEqual([upload]);
  });
});
