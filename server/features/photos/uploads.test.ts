// Uploads over HTTP and a quote's photoIds (docs/decisions/050-photos.md): what an upload answers
// and serves, each refusal with its status and a message naming the problem (never a 500), and
// the rules of photoIds: at most 6, each an unused upload of the last 24 hours, used once.
import { eq } from "drizzle-orm";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { PHOTO_MESSAGES } from "../../../shared/photos";
import { leads, photos } from "../../../shared/schema";
import { useTestApp } from "../../test/app";
import { fakeClock } from "../../test/fakes";
import { createPhoto, fixture, hasGps, metadataBlocks } from "../../test/photos";
import { itOnPostgres } from "../../test/postgres-only";

const clock = fakeClock();
const ctx = useTestApp({ suburbs: true, now: clock.now });

const QUOTE = {
  serviceLocation: "Parramatta NSW 2150",
  electricalWork: "Two new power points in the garage please",
  customerName: "Jane Citizen",
  customerPhone: "0412 345 678",
};

const upload = (bytes: Buffer, name: string) => request(ctx.server).post("/api/uploads").attach("file", bytes, name);
const quote = (photoIds: unknown) =>
  request(ctx.server)
    .post("/api/leads")
    .send({ ...QUOTE, photoIds });
const leadCount = async () => (await ctx.db.select({ id: leads.id }).from(leads)).length;

describe("POST /api/uploads", () => {
  it("when a HEIC with EXIF GPS is uploaded, then 201 gives an unguessable id and its size, and its preview is a re-encoded WebP without the GPS", async () => {
    const sent = fixture("switchboard.heic");
    expect(hasGps((await metadataBlocks(sent)).exif)).toBe(true);
    const res = await upload(sent, "IMG_0042.HEIC");
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
      width: 640,
      height: 480,
      thumbnailUrl: `/api/uploads/${res.body.id}/thumbnail`,
    });
    const preview = await request(ctx.server).get(res.body.thumbnailUrl).buffer(true);
    expect(preview.status).toBe(200);
    expect(preview.headers).toMatchObject({ "content-type": "image/webp", "cache-control": "private, no-store", "x-content-type-options": "nosniff" });
    expect(await metadataBlocks(preview.body)).toEqual({ exif: undefined, xmp: undefined, iptc: undefined, icc: undefined, orientation: undefined });
    const [row] = await ctx.db.select().from(photos).where(eq(photos.id, res.body.id));
    expect(row).toMatchObject({ leadId: null, width: 640, height: 480, contentType: "image/jpeg", store: "postgres", ip: expect.any(String) });
  });

  it.each([
    ["a PDF renamed .jpg", () => Buffer.from("%PDF-1.4\n%âãÏÓ\n1 0 obj << >> endobj\n%%EOF\n"), "plans.jpg", 400, PHOTO_MESSAGES.notAnImage],
    ["a cut-short JPEG", () => fixture("switchboard.jpg").subarray(0, 6000), "cut.jpg", 400, PHOTO_MESSAGES.unreadable],
    ["a body of 16 MB", () => Buffer.concat([fixture("switchboard.jpg"), Buffer.alloc(16 * 1024 * 1024)]), "huge.jpg", 413, PHOTO_MESSAGES.tooLarge],
  ])("when %s is sent, then %i names the problem and nothing is kept", async (_what, bytes, name, status, message) => {
    const before = (await ctx.db.select().from(photos)).length;
    const res = await upload(bytes(), name);
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ message, errors: { file: message } });
    expect((await ctx.db.select().from(photos)).length).toBe(before);
  });

  it("when the request is JSON, has no file, or has two, then 415 or 400 says how to send a photo", async () => {
    expect(await request(ctx.server).post("/api/uploads").send({ file: "x" })).toMatchObject({ status: 415, body: { message: PHOTO_MESSAGES.notMultipart } });
    expect(await request(ctx.server).post("/api/uploads").field("note", "hi")).toMatchObject({ status: 400, body: { message: PHOTO_MESSAGES.noFile } });
    const two = await request(ctx.server)
      .post("/api/uploads")
      .attach("file", fixture("switchboard.png"), "a.png")
      .attach("other", fixture("switchboard.png"), "b.png");
    expect(two).toMatchObject({ status: 400, body: { message: PHOTO_MESSAGES.tooManyFiles } });
  });

  it("when the upload comes from another site, or a form is posted to a JSON route, then the CSRF check refuses it as before", async () => {
    expect((await upload(fixture("switchboard.png"), "a.png").set("Origin", "https://evil.example")).status).toBe(403);
    expect((await request(ctx.server).post("/api/leads").attach("file", fixture("switchboard.png"), "a.png")).status).toBe(415);
  });
});

describe("a quote's photoIds", () => {
  it("when a quote sends its uploads, then they are its lead's, and the same ids again are refused on photoIds with no second lead", async () => {
    const a = (await upload(fixture("switchboard.jpg"), "a.jpg")).body.id as string;
    const b = (await upload(fixture("switchboard.webp"), "b.webp")).body.id as string;
    expect((await quote([a, b])).status).toBe(201);
    const attached = await ctx.db
      .select()
      .from(photos)
      .where(eq(photos.leadId, (await ctx.db.select().from(leads))[0]!.id));
    expect(attached.map((p) => p.id).sort()).toEqual([a, b].sort());
    expect(attached.every((p) => p.attachedAt !== null)).toBe(true);

    const leadsBefore = await leadCount();
    const again = await quote([b]);
    expect(again.status).toBe(400);
    expect(again.body.errors).toEqual({ photoIds: PHOTO_MESSAGES.photoIds });
    expect(await leadCount()).toBe(leadsBefore);
  });

  itOnPostgres("when two quotes send the same upload at once, then one gets it and the other is 400 with no lead", async () => {
    const id = await createPhoto(ctx.db);
    const leadsBefore = await leadCount();
    const answers = await Promise.all([quote([id]), quote([id])]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 400]);
    expect(await leadCount()).toBe(leadsBefore + 1);
  });

  it("when an upload is over 24 hours old, then a quote cannot use it and its preview is gone; under 24 hours it can", async () => {
    const old = await createPhoto(ctx.db, { uploadedAt: new Date(clock.now().getTime() - 24 * 3600_000 - 1000) });
    const fresh = await createPhoto(ctx.db, { uploadedAt: new Date(clock.now().getTime() - 23 * 3600_000) });
    expect((await request(ctx.server).get(`/api/uploads/${old}/thumbnail`)).status).toBe(404);
    expect((await request(ctx.server).get(`/api/uploads/${fresh}/thumbnail`)).status).toBe(200);
    const leadsBefore = await leadCount();
    expect((await quote([fresh, old])).body.errors).toEqual({ photoIds: PHOTO_MESSAGES.photoIds });
    expect(await leadCount()).toBe(leadsBefore);
    // The refused quote attached nothing: the fresh one is still free.
    expect((await quote([fresh])).status).toBe(201);
  });

  it("when photoIds holds 7 ids, an unknown id or not a list, then 400 on photoIds and no lead", async () => {
    const leadsBefore = await leadCount();
    const seven = await Promise.all(Array.from({ length: 7 }, () => createPhoto(ctx.db)));
    expect((await quote(seven)).body.errors).toEqual({ photoIds: PHOTO_MESSAGES.tooManyPhotos });
    expect((await quote(["A".repeat(32)])).body.errors).toEqual({ photoIds: PHOTO_MESSAGES.photoIds });
    expect((await quote("nope")).body.errors).toEqual({ photoIds: PHOTO_MESSAGES.photoIds });
    expect((await quote([42, "x".repeat(500)])).body.errors).toEqual({ photoIds: PHOTO_MESSAGES.photoIds });
    expect(await leadCount()).toBe(leadsBefore);
    // An empty list, or none, is a quote without photos.
    expect((await quote([])).status).toBe(201);
  });
});
