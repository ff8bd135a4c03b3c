// The photo store behind its one interface (docs/decisions/050-photos.md): the same contract on
// PostgreSQL and on an S3-compatible server started here (s3rver on 127.0.0.1), the bytes read
// back compared with the bytes put; then the app over the bucket: an upload's three objects, a
// customer's removal and a lead's deletion taking them out of the bucket on the worker's pass.
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PHOTO_VARIANTS } from "../../../shared/photos";
import { leads, photoDeletions, photos } from "../../../shared/schema";
import { createLead } from "../../setup/factories";
import { createJobLink } from "../job-links";
import { createTestApp, type TestApp } from "../../test/app";
import { createTestDatabase, type TestDatabase } from "../../test/database";
import { tokenOf } from "../../test/job-links";
import { fixture, metadataBlocks } from "../../test/photos";
import { startLocalS3, type LocalS3 } from "../../test/s3";
import { s3PhotoStore } from "./s3-store";
import { postgresPhotoStore, type PhotoStore } from "./store";

let s3: LocalS3;
let database: TestDatabase;

beforeAll(async () => {
  s3 = await startLocalS3();
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.destroy();
  await s3?.close();
});

/** A photos row for the PostgreSQL store's foreign key (the bucket needs none). */
async function photoRow(id: string) {
  await database.db.insert(photos).values({ id, uploadedAt: new Date(), width: 1, height: 1, contentType: "image/jpeg", store: "postgres" });
}

const stores: Array<[string, () => PhotoStore, (id: string) => Promise<void>]> = [
  ["PostgreSQL", () => postgresPhotoStore(database.db), photoRow],
  ["the S3-compatible bucket", () => s3PhotoStore(s3.settings), async () => {}],
];

describe.each(stores)("the store on %s", (_name, storeOf, prepare) => {
  // Bytes of every value, a NUL and high bytes included: nothing may be framed, escaped or cut.
  const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 7919) % 256));

  it("when each variant is put, then get gives back exactly the bytes and the content type, and a missing one is null", async () => {
    const store = storeOf();
    const id = `contract-${store.kind}-a`;
    await prepare(id);
    for (const variant of PHOTO_VARIANTS)
      await store.put(id, variant, { bytes: Buffer.concat([Buffer.from(variant), bytes]), contentType: `image/${variant}` });
    for (const variant of PHOTO_VARIANTS) {
      const got = await store.get(id, variant);
      expect(got?.contentType).toBe(`image/${variant}`);
      expect(got?.bytes.equals(Buffer.concat([Buffer.from(variant), bytes]))).toBe(true);
    }
    expect(await store.get(`contract-${store.kind}-nothing`, "full")).toBeNull();
  });

  it("when a photo is removed, then none of its variants is there, and removing it again is no error", async () => {
    const store = storeOf();
    const id = `contract-${store.kind}-b`;
    await prepare(id);
    for (const variant of PHOTO_VARIANTS) await store.put(id, variant, { bytes, contentType: "image/webp" });
    await store.remove([id]);
    for (const variant of PHOTO_VARIANTS) expect(await store.get(id, variant)).toBeNull();
    await store.remove([id]);
  });
});

describe("the app with S3_BUCKET set", () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp({ env: s3.env, startAlertWorker: false });
  });
  afterAll(() => ctx?.destroy());

  const objectsOf = (id: string) => s3.keys().filter((key) => key.startsWith(`photos/${id}/`));

  it("when a photo is uploaded, then its three variants are objects in the bucket, served through the app, with no metadata", async () => {
    const res = await request(ctx.server).post("/api/uploads").attach("file", fixture("switchboard.webp"), "switchboard.webp");
    expect(res.status).toBe(201);
    expect(objectsOf(res.body.id)).toEqual(PHOTO_VARIANTS.map((v) => `photos/${res.body.id}/${v}`).sort());
    const [row] = await ctx.db.select().from(photos).where(eq(photos.id, res.body.id));
    expect(row?.store).toBe("s3");
    const served = await request(ctx.server).get(res.body.thumbnailUrl).buffer(true);
    expect(served.status).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    expect((await s3PhotoStore(s3.settings).get(res.body.id, "thumbnail"))?.bytes.equals(served.body)).toBe(true);
    expect((await metadataBlocks(served.body)).exif).toBeUndefined();
  });

  it("when the customer removes a photo, then its row goes at once and its objects leave the bucket on the worker's pass", async () => {
    const lead = await createLead(ctx.db);
    const token = tokenOf(await createJobLink(ctx.db, lead.id, new Date()));
    const added = await request(ctx.server).post(`/api/jobs/${token}/photos`).attach("file", fixture("switchboard.png"), "switchboard.png");
    expect(added.status).toBe(201);
    expect(objectsOf(added.body.id)).toHaveLength(3);

    expect((await request(ctx.server).delete(`/api/jobs/${token}/photos/${added.body.id}`)).status).toBe(204);
    expect(await ctx.db.select().from(photos).where(eq(photos.id, added.body.id))).toEqual([]);
    expect((await request(ctx.server).get(added.body.url)).status).toBe(404);
    expect(await ctx.db.select().from(photoDeletions).where(eq(photoDeletions.photoId, added.body.id))).toHaveLength(1);

    await ctx.app.alerts.runOnce();
    expect(objectsOf(added.body.id)).toEqual([]);
    expect(await ctx.db.select().from(photoDeletions)).toEqual([]);
  });

  it("when a lead is deleted, then its photos go by the foreign key and their objects on the next pass", async () => {
    const upload = await request(ctx.server).post("/api/uploads").attach("file", fixture("switchboard.jpg"), "switchboard.jpg");
    const lead = await createLead(ctx.db);
    await ctx.db.update(photos).set({ leadId: lead.id, attachedAt: new Date() }).where(eq(photos.id, upload.body.id));
    expect(objectsOf(upload.body.id)).toHaveLength(3);

    await ctx.db.delete(leads).where(eq(leads.id, lead.id));
    expect(await ctx.db.select().from(photos).where(eq(photos.id, upload.body.id))).toEqual([]);
    await ctx.app.alerts.runOnce();
    expect(objectsOf(upload.body.id)).toEqual([]);
  });
});
