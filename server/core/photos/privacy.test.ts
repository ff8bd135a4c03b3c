// Photos before and after purchase (docs/decisions/050-photos.md; docs/product.md section 10
// "Privacy before purchase"): before, no full-size or clear URL reaches anyone but the super
// admin in any answer, stream event, push or e-mail, and the blurred file is the only one that
// opens; after, the buyer and their team get the photo and another provider gets 404. Then
// the market's and the alerts' "with photos".
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_ALERT_PREFERENCES } from "../../../shared/alerts";
import type { User } from "../../../shared/schema";
import { parramatta, subscribedUser } from "../alerts/test/alerts";
import { createUser } from "../../setup/factories";
import { useTestApp } from "../../test/app";
import { fakeMailer } from "../../test/fakes";
import { listenOn, openMarketStream, sessionCookie, type MarketStream } from "../../test/market-stream";
import { fixture, metadataBlocks } from "../../test/photos";
import { startPushReceiver, type PushReceiver } from "../../test/push-receiver";
import { signIn } from "../../test/sign-in";

const mailer = fakeMailer();
const ctx = useTestApp({ suburbs: true, mailer, startAlertWorker: false });

const QUOTE = {
  serviceLocation: "Parramatta NSW 2150",
  electricalWork: "Switchboard is buzzing and the main switch feels warm",
  serviceType: "repair",
  customerName: "Jane Citizen",
  customerPhone: "0412 345 678",
  customerAddress: "12 Church St, Parramatta NSW 2150",
};

let receiver: PushReceiver;
let server: Awaited<ReturnType<typeof listenOn>>;
let stream: MarketStream;
const people = {} as Record<"owner" | "member" | "rival" | "admin", User>;
const agents = {} as Record<keyof typeof people, request.Agent>;
let photoIds: string[] = [];
let leadId = 0;

/** Uploads two photos and sends a quote with them; the lead's id. */
async function quoteWithPhotos(overrides: Partial<typeof QUOTE> = {}) {
  const ids: string[] = [];
  for (const name of ["switchboard.jpg", "switchboard.png"])
    ids.push((await request(ctx.server).post("/api/uploads").attach("file", fixture(name), name)).body.id);
  const res = await request(ctx.server)
    .post("/api/leads")
    .send({ ...QUOTE, ...overrides, photoIds: ids });
  expect(res.status).toBe(201);
  return { ids, jobReference: res.body.jobReference as string };
}

/** Every URL-ish mention of a photo that is not the blurred one. */
const clearPhotoUrls = (text: string) => text.match(/\/api\/(photos\/[\w-]+\/(full|thumbnail)|uploads\/[\w-]+)/g) ?? [];

beforeAll(async () => {
  receiver = await startPushReceiver();
  server = await listenOn(ctx.app);
  const area = await parramatta(ctx.db);
  const subscribed = await subscribedUser(ctx.app, ctx.db, receiver, { ...area, email: "owner@example.com.au" });
  people.owner = subscribed.user;
  agents.owner = subscribed.agent;
  expect((await agents.owner.put("/api/alerts/preferences").send({ ...DEFAULT_ALERT_PREFERENCES, emailEnabled: true })).status).toBe(200);
  people.member = await createUser(ctx.db, { userType: "team_member", teamOwnerId: people.owner.id });
  people.rival = await createUser(ctx.db, { ...area, email: "rival@example.com.au" });
  people.admin = await createUser(ctx.db, { userType: "super_admin" });
  for (const role of ["member", "rival", "admin"] as const) agents[role] = await signIn(ctx.server, people[role].username);
  stream = await openMarketStream(server.url, await sessionCookie(server.url, people.rival.username));
  await stream.ready();
});
afterAll(async () => {
  stream?.close();
  await server?.close();
  await receiver?.close();
});

describe("before purchase", () => {
  it("when a quote comes with photos, then the market, its stream, the alert push and the alert e-mail carry blurred thumbnails at most", async () => {
    const quote = await quoteWithPhotos();
    photoIds = quote.ids;
    const added = await stream.waitFor(
      (e) => e.event === "lead.added" && (e.data as { lead: { jobReference: string } }).lead.jobReference === quote.jobReference,
    );
    const streamed = (added.data as { lead: { id: number; photoCount: number; photos: unknown[] } }).lead;
    leadId = streamed.id;
    expect(streamed.photoCount).toBe(2);
    expect(streamed.photos).toEqual(photoIds.map((id) => ({ thumbnailUrl: `/api/photos/${id}/blurred` })));

    const market = await agents.rival.get("/api/leads?scope=all");
    expect(market.body.leads.find((l: { id: number }) => l.id === leadId)).toMatchObject({ photoCount: 2, photos: streamed.photos });
    const listing = await agents.rival.get(`/api/leads/${leadId}/listing`);
    expect(listing.body.lead.photos).toEqual(streamed.photos);
    expect(clearPhotoUrls(JSON.stringify([added.data, market.body, listing.body]))).toEqual([]);

    await ctx.app.alerts.runOnce();
    const push = await receiver.waitFor(1);
    const mail = mailer.lastTo("owner@example.com.au");
    expect(mail).toBeDefined();
    const told = JSON.stringify([push.map((p) => p.payload), mail]);
    expect(told).toContain(`lead=${leadId}`);
    expect(told).not.toContain("/api/photos");
    for (const id of photoIds) expect(told).not.toContain(id);
  });

  it("when the photos are fetched, then the blurred one opens for the market, the clear ones are 404 to all but the super admin", async () => {
    const [id] = photoIds;
    const blurred = await agents.rival.get(`/api/photos/${id}/blurred`).buffer(true);
    expect(blurred.status).toBe(200);
    expect(blurred.headers).toMatchObject({ "content-type": "image/webp", "cache-control": "private, no-cache", "x-content-type-options": "nosniff" });
    expect((await metadataBlocks(blurred.body)).exif).toBeUndefined();
    // Asked again: the same check, then 304 instead of the bytes.
    expect((await agents.rival.get(`/api/photos/${id}/blurred`).set("If-None-Match", blurred.headers.etag!)).status).toBe(304);
    for (const variant of ["full", "thumbnail"]) {
      expect((await agents.rival.get(`/api/photos/${id}/${variant}`)).status).toBe(404);
      expect((await agents.owner.get(`/api/photos/${id}/${variant}`)).status).toBe(404);
    }
    // A team member does not see the market, so not even the blurred one.
    expect((await agents.member.get(`/api/photos/${id}/blurred`)).status).toBe(404);
    expect((await request(ctx.server).get(`/api/photos/${id}/blurred`)).status).toBe(401);
    expect((await agents.admin.get(`/api/photos/${id}/full`)).status).toBe(200);
    // Attached: the upload's own preview is closed.
    expect((await request(ctx.server).get(`/api/uploads/${id}/thumbnail`)).status).toBe(404);
  });

  it("when the customer's mobile is a provider's own, typed another way, then the lead is gone for them and so is its blurred thumbnail", async () => {
    const area = await parramatta(ctx.db);
    const customerHimself = await createUser(ctx.db, { ...area, phone: "+61 412 345 678" });
    const agent = await signIn(ctx.server, customerHimself.username);
    expect((await agent.get(`/api/leads/${leadId}/listing`)).body).toMatchObject({ status: "gone", lead: null });
    for (const id of photoIds) {
      expect((await agent.get(`/api/photos/${id}/blurred`)).status).toBe(404);
      expect((await agents.rival.get(`/api/photos/${id}/blurred`)).status).toBe(200);
    }
  });
});

describe("after purchase", () => {
  it("when the owner buys the lead, then their pipeline row has the photos, they and their team open them, the rival gets 404", async () => {
    expect((await agents.owner.post(`/api/leads/${leadId}/purchase`).send({})).status).toBe(201);
    await stream.waitFor((e) => e.event === "lead.removed" && (e.data as { id: number }).id === leadId);
    expect(clearPhotoUrls(JSON.stringify(stream.events))).toEqual([]);

    for (const role of ["owner", "member"] as const) {
      const rows = (await agents[role].get("/api/my-purchased-leads")).body as Array<{ lead: { id: number; photoCount: number; photos: unknown[] } }>;
      const row = rows.find((r) => r.lead.id === leadId);
      expect(row?.lead.photoCount).toBe(2);
      expect(row?.lead.photos).toEqual(photoIds.map((id) => ({ thumbnailUrl: `/api/photos/${id}/thumbnail`, url: `/api/photos/${id}/full` })));
      const full = await agents[role].get(`/api/photos/${photoIds[0]}/full`).buffer(true);
      expect(full.status).toBe(200);
      expect(full.headers["content-type"]).toBe("image/jpeg");
      expect(await metadataBlocks(full.body)).toEqual({ exif: undefined, xmp: undefined, iptc: undefined, icc: undefined, orientation: undefined });
    }
    for (const variant of ["full", "thumbnail", "blurred"]) expect((await agents.rival.get(`/api/photos/${photoIds[0]}/${variant}`)).status).toBe(404);
  });
});

describe("with photos", () => {
  it("when the market is asked for leads with photos, then a lead without any is left out", async () => {
    const withPhotos = await quoteWithPhotos();
    const plain = await request(ctx.server).post("/api/leads").send(QUOTE);
    expect(plain.status).toBe(201);
    const refs = async (query: string) =>
      ((await agents.rival.get(`/api/leads?scope=all${query}`)).body.leads as Array<{ jobReference: string }>).map((l) => l.jobReference);
    expect(await refs("&withPhotos=true")).toContain(withPhotos.jobReference);
    expect(await refs("&withPhotos=true")).not.toContain(plain.body.jobReference);
    expect(await refs("")).toContain(plain.body.jobReference);
    expect((await agents.rival.get("/api/leads?withPhotos=maybe")).status).toBe(400);
  });

  it("when a provider's alerts ask for leads with photos, then a quote without photos e-mails them nothing and one with photos does", async () => {
    const saved = await agents.rival
      .put("/api/alerts/preferences")
      .send({ ...DEFAULT_ALERT_PREFERENCES, pushEnabled: false, emailEnabled: true, withPhotos: true });
    expect(saved.body.withPhotos).toBe(true);
    await ctx.app.alerts.runOnce();
    const before = mailer.sent.length;
    await request(ctx.server).post("/api/leads").send(QUOTE);
    await ctx.app.alerts.runOnce();
    expect(mailer.sent.slice(before).filter((m) => m.to === "rival@example.com.au")).toEqual([]);
    await quoteWithPhotos();
    await ctx.app.alerts.runOnce();
    expect(mailer.sent.slice(before).filter((m) => m.to === "rival@example.com.au")).toHaveLength(1);
  });
});
