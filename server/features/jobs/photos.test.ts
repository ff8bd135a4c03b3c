// The customer's photos on their job page (docs/decisions/050-photos.md): one at a time until
// the job is booked (409 after, and at 6), each removable at once, their own shown in full under
// their token; the market's card follows (lead.updated), blurred.
import { eq } from "drizzle-orm";
import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { PHOTO_MESSAGES } from "../../../shared/photos";
import { photoBlobs } from "../../../shared/schema";
import { createUser } from "../../setup/factories";
import { useTestApp } from "../../test/app";
import { marketLead, soldLead } from "../../test/job-links";
import { createPhoto, fixture, metadataBlocks } from "../../test/photos";
import { signIn } from "../../test/sign-in";

const ctx = useTestApp();
let provider: request.Agent;
let buyerId = 0;

beforeAll(async () => {
  const user = await createUser(ctx.db);
  buyerId = user.id;
  provider = await signIn(ctx.server, user.username);
});

const addPhoto = (token: string, name = "switchboard.png") => request(ctx.server).post(`/api/jobs/${token}/photos`).attach("file", fixture(name), name);
const view = async (token: string) => (await request(ctx.server).get(`/api/jobs/${token}`)).body;

describe("the customer's photos", () => {
  it("when the customer adds a photo while the request is on sale, then the page lists it in full, they open it, and the market card shows it blurred", async () => {
    const { lead, token } = await marketLead(ctx.db, { createdAt: new Date() });
    expect((await view(token)).actions).toContain("add_photos");
    const res = await addPhoto(token, "switchboard.jpg");
    expect(res.status).toBe(201);
    const { id } = res.body;
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
      width: 480,
      height: 640,
      thumbnailUrl: `/api/jobs/${token}/photos/${id}/thumbnail`,
      url: `/api/jobs/${token}/photos/${id}/full`,
    });
    const page = await view(token);
    expect(page).toMatchObject({ photoCount: 1, photos: [{ id, thumbnailUrl: res.body.thumbnailUrl, url: res.body.url }] });

    const full = await request(ctx.server).get(res.body.url).buffer(true);
    expect(full.status).toBe(200);
    expect(full.headers).toMatchObject({ "content-type": "image/jpeg", "cache-control": "private, no-store", "x-content-type-options": "nosniff" });
    expect((await metadataBlocks(full.body)).exif).toBeUndefined();

    const card = ((await provider.get("/api/leads?scope=all")).body.leads as Array<{ id: number; photos: unknown[] }>).find((l) => l.id === lead.id);
    expect(card?.photos).toEqual([{ thumbnailUrl: `/api/photos/${id}/blurred` }]);
  });

  it("when the job is booked or closed, then adding is 409 with the reason and the page offers no add; removing still works", async () => {
    const booked = await soldLead(
      ctx.db,
      buyerId,
      { createdAt: new Date(), purchasedAt: new Date() },
      { purchase: { salesStage: "booked_in", bookedInAt: new Date() } },
    );
    const kept = await createPhoto(ctx.db, { leadId: booked.lead.id });
    expect(await addPhoto(booked.token)).toMatchObject({ status: 409, body: { message: PHOTO_MESSAGES.jobBooked } });
    expect((await view(booked.token)).actions).not.toContain("add_photos");
    expect((await request(ctx.server).delete(`/api/jobs/${booked.token}/photos/${kept}`)).status).toBe(204);

    const declined = await soldLead(
      ctx.db,
      buyerId,
      { createdAt: new Date(), purchasedAt: new Date() },
      { purchase: { salesStage: "declined", declinedAt: new Date() } },
    );
    expect(await addPhoto(declined.token)).toMatchObject({ status: 409, body: { message: PHOTO_MESSAGES.jobClosed } });
  });

  it("when the request has 6 photos, then a seventh is 409 and the page offers no add until one is removed", async () => {
    const { lead, token } = await marketLead(ctx.db, { createdAt: new Date() });
    const ids = [];
    for (let i = 0; i < 6; i++) ids.push(await createPhoto(ctx.db, { leadId: lead.id }));
    expect(await addPhoto(token)).toMatchObject({ status: 409, body: { message: PHOTO_MESSAGES.jobFull } });
    expect((await view(token)).actions).not.toContain("add_photos");
    expect((await request(ctx.server).delete(`/api/jobs/${token}/photos/${ids[0]}`)).status).toBe(204);
    expect((await view(token)).actions).toContain("add_photos");
    expect((await addPhoto(token)).status).toBe(201);
  });

  it("when the customer removes a photo, then its bytes are gone at once, its URL is 404, and removing it again is 404", async () => {
    const { token } = await marketLead(ctx.db, { createdAt: new Date() });
    const { id, url } = (await addPhoto(token)).body;
    expect((await request(ctx.server).delete(`/api/jobs/${token}/photos/${id}`)).status).toBe(204);
    expect(await ctx.db.select().from(photoBlobs).where(eq(photoBlobs.photoId, id))).toEqual([]);
    expect((await request(ctx.server).get(url)).status).toBe(404);
    expect(await view(token)).toMatchObject({ photoCount: 0, photos: [] });
    expect((await request(ctx.server).delete(`/api/jobs/${token}/photos/${id}`)).status).toBe(404);
  });

  it("when a token is unknown, or names another request's photo, then every photo route is 404", async () => {
    const mine = await marketLead(ctx.db, { createdAt: new Date() });
    const theirs = await marketLead(ctx.db, { createdAt: new Date() });
    const theirPhoto = await createPhoto(ctx.db, { leadId: theirs.lead.id });
    const unknown = "Z".repeat(32);
    expect((await addPhoto(unknown)).status).toBe(404);
    expect((await request(ctx.server).get(`/api/jobs/${unknown}/photos/${theirPhoto}/full`)).status).toBe(404);
    expect((await request(ctx.server).get(`/api/jobs/${mine.token}/photos/${theirPhoto}/full`)).status).toBe(404);
    expect((await request(ctx.server).delete(`/api/jobs/${mine.token}/photos/${theirPhoto}`)).status).toBe(404);
    expect((await request(ctx.server).get(`/api/jobs/${theirs.token}/photos/${theirPhoto}/full`)).status).toBe(200);
  });
});
