// Public electrician profiles and suburb listings (docs/decisions/060-public-profiles.md,
// 061-suburb-listing-rank.md), over HTTP against a real database: slugs and the rename 301,
// the opt-out, the crawlers' HTML and JSON-LD, escaping, and the published listing order.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bayesianRating, compareByRank, parseServiceLocation, slugBase, slugify, type ElectricianProfile, type SuburbListing } from "../../../shared/profiles";
import { contactAttempts, reviews, salesStageHistory, type User } from "../../../shared/schema";
import { createApp } from "../../app";
import type { JobView } from "../../../shared/jobs";
import { createLead, createPurchase, createUser } from "../../setup/factories";
import type { Db } from "../../platform/db/client";
import { useTestApp } from "../../test/app";
import { soldLead } from "../../test/job-links";
import { adminAuth, signIn, TEST_ADMIN } from "../../test/sign-in";
import { syncAllSlugs, syncSlugOf } from "../../core/providers";

const ctx = useTestApp({ suburbs: true, startAlertWorker: false, env: { PUBLIC_URL: "https://sparks.test", ...TEST_ADMIN } });

const RICHMOND_VIC = { serviceLocation: "Richmond VIC 3121", serviceLatitude: "-37.82330300", serviceLongitude: "145.00178800", serviceRadius: 10 };
const RICHMOND_NSW = { serviceLocation: "Richmond NSW 2753", serviceLatitude: "-33.60402200", serviceLongitude: "150.64605300", serviceRadius: 10 };

let n = 0;
/** An approved provider with a public profile; the name unique to the test unless given. */
async function provider(values: Partial<User> = {}) {
  const user = await createUser(ctx.db, { companyName: `Volt Works ${++n}`, ...RICHMOND_VIC, ...values });
  const slug = await syncSlugOf(ctx.db, user.id, new Date());
  return { user, slug: slug! };
}

async function review(db: Db, providerId: number, rating: number, values: Partial<typeof reviews.$inferInsert> = {}) {
  const purchase = await createPurchase(db, providerId);
  const [row] = await db
    .insert(reviews)
    .values({
      purchaseId: purchase.id,
      leadId: purchase.leadId,
      providerId,
      rating,
      text: `A fine job, ${rating} stars from me.`,
      customerFirstName: "Sam",
      editableUntil: new Date(),
      ...values,
    })
    .returning();
  return row!;
}

const jsonLdOf = (html: string) => {
  const m = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  return m ? (JSON.parse(m[1]!) as Record<string, unknown>) : null;
};

describe("slug rules", () => {
  it("when a business name and suburb are slugged, then lower-case ASCII words joined by single hyphens", () => {
    expect(slugify("Smith & Sons Électrique!!")).toBe("smith-and-sons-electrique");
    expect(slugify("  O'Brien's  Power  ")).toBe("obriens-power");
    expect(slugBase("Sparkright Electrical", "Parramatta NSW 2150")).toBe("sparkright-electrical-parramatta");
    expect(slugBase("Richmond Electrical Richmond", "Richmond VIC 3121")).toBe("richmond-electrical-richmond");
    expect(slugBase("!!!", null)).toBe("electrician");
    // At most 80 characters, cut between words.
    const long = slugBase("Wollongong & Illawarra Emergency Electrical Contracting Services Pty Ltd", "Wollongong NSW 2500");
    expect(long).toBe("wollongong-and-illawarra-emergency-electrical-contracting-services-pty-ltd");
    expect(slugify("a".repeat(120))).toHaveLength(80);
    expect(parseServiceLocation("St Kilda VIC 3182")).toEqual({ suburb: "St Kilda", state: "VIC", postcode: "3182" });
  });

  it("when two businesses make the same slug, then the second gets -2, and each keeps theirs", async () => {
    const a = await provider({ companyName: "Same Name Electrical" });
    const b = await provider({ companyName: "Same Name Electrical" });
    expect(a.slug).toBe("same-name-electrical-richmond");
    expect(b.slug).toBe("same-name-electrical-richmond-2");
    expect(await syncSlugOf(ctx.db, a.user.id, new Date())).toBe(a.slug);
    expect(await syncAllSlugs(ctx.db, new Date())).toBe(0);
  });

  it("when a provider is not approved, then no slug and no profile", async () => {
    const pending = await createUser(ctx.db, { companyName: "Pending Power", verificationStatus: "pending", ...RICHMOND_VIC });
    expect(await syncSlugOf(ctx.db, pending.id, new Date())).toBeNull();
    expect((await request(ctx.server).get("/api/electricians/pending-power-richmond")).status).toBe(404);
  });

  it("when the operator approves a provider, then their profile has its address at once", async () => {
    const pending = await createUser(ctx.db, { companyName: "Newly Approved Power", verificationStatus: "pending", ...RICHMOND_VIC });
    const approved = await request(ctx.server)
      .post(`/api/admin/providers/${pending.id}/approve`)
      .set("Authorization", await adminAuth(ctx.server));
    expect(approved.status).toBe(200);
    expect((await request(ctx.server).get("/electricians/newly-approved-power-richmond")).status).toBe(200);
  });

  it("when the provider moves their service area, then a new slug with the new suburb, and the old one answers 301", async () => {
    const { user, slug } = await provider({ companyName: "Moving Sparks" });
    expect(slug).toBe("moving-sparks-richmond");
    const agent = await signIn(ctx.server, user.username);
    const move = (serviceLocation: string, serviceLatitude: number, serviceLongitude: number) =>
      agent.patch("/api/auth/update-service-area").send({ serviceLocation, serviceLatitude, serviceLongitude, serviceRadius: 10 });
    // Richmond VIC to Richmond NSW: the slug's words are the same, so the address stays.
    expect((await move("Richmond NSW 2753", -33.604022, 150.646053)).status).toBe(200);
    expect((await request(ctx.server).get(`/electricians/${slug}`)).status).toBe(200);
    expect((await move("Parramatta NSW 2150", -33.8136, 151.0034)).status).toBe(200);
    const old = await request(ctx.server).get(`/electricians/${slug}`);
    expect(old.status).toBe(301);
    expect(old.headers.location).toBe("/electricians/moving-sparks-parramatta");
  });

  it("when the business is renamed, then a new slug, and the old one answers 301 to it (page and API, query kept)", async () => {
    const { user, slug } = await provider({ companyName: "Old Name Electrical" });
    const agent = await signIn(ctx.server, user.username);
    expect((await agent.patch("/api/provider/business").send({ businessName: "New Name Electrical" })).status).toBe(200);
    const page = await request(ctx.server).get(`/electricians/${slug}?page=2`);
    expect(page.status).toBe(301);
    expect(page.headers.location).toBe("/electricians/new-name-electrical-richmond?page=2");
    const api = await request(ctx.server).get(`/api/electricians/${slug}`);
    expect(api.status).toBe(301);
    expect(api.headers.location).toBe("/api/electricians/new-name-electrical-richmond");
    expect((await request(ctx.server).get("/electricians/new-name-electrical-richmond")).status).toBe(200);
    // Renamed back: the first address is the profile's again, and nobody else ever had it.
    await agent.patch("/api/provider/business").send({ businessName: "Old Name Electrical" });
    expect((await request(ctx.server).get(`/electricians/${slug}`)).status).toBe(200);
    expect((await request(ctx.server).get("/electricians/new-name-electrical-richmond")).headers.location).toBe(`/electricians/${slug}`);
  });
});

describe("the profile", () => {
  it("when a profile is asked for, then its facts, figures, rating and reviews, newest first, as the schema says", async () => {
    const { user, slug } = await provider({
      abn: "51824753556",
      licenseNumber: "REC-12345",
      licenceState: "VIC",
      verificationDecidedAt: new Date("2026-03-04T01:00:00Z"),
    });
    // Five market purchases first contacted 10 to 18 minutes after (the job page's rule: a median from 5 or more), one of them Paid.
    for (const [i, minutes] of [10, 12, 14, 16, 18].entries()) {
      const bought = new Date(Date.now() - (i + 1) * 86_400_000);
      const job = await createPurchase(ctx.db, user.id, { purchase: { purchasedAt: bought, invoicePaidAt: i === 0 ? new Date() : null } });
      const at = new Date(bought.getTime() + minutes * 60_000);
      await ctx.db.insert(contactAttempts).values({ purchaseId: job.id, userId: user.id, channel: "call", outcome: "reached", createdAt: at });
    }
    await review(ctx.db, user.id, 5, {
      createdAt: new Date("2026-05-05T00:00:00Z"),
      replyText: "Thanks Sam!",
      replyCreatedAt: new Date("2026-05-06T00:00:00Z"),
    });
    await review(ctx.db, user.id, 3, { createdAt: new Date("2026-06-05T00:00:00Z") });
    await review(ctx.db, user.id, 1, { createdAt: new Date("2026-07-05T00:00:00Z"), hiddenReason: "abuse", hiddenAt: new Date() });
    const res = await request(ctx.server).get(`/api/electricians/${slug}`);
    expect(res.status).toBe(200);
    const p = res.body as ElectricianProfile;
    expect(p.licence).toEqual({ state: "VIC", number: "REC-12345", status: "current", expiry: user.licenceExpiry, checkedOn: "2026-03-04" });
    expect(p.abn).toBe("51824753556");
    expect(p.serviceArea).toEqual({ suburb: "Richmond", state: "VIC", postcode: "3121", radiusKm: 10 });
    expect(p.jobsCompleted).toBe(1);
    expect(p.medianMinutesToContact).toBe(14);
    // The hidden review counts for nothing, and shows only its reason in its place.
    expect(p.rating).toEqual({ average: 4, count: 2, distribution: [0, 0, 1, 0, 1] });
    expect(p.reviews.items.map((r) => r.hidden?.reason ?? r.rating)).toEqual(["abuse", 3, 5]);
    expect(p.reviews.items[0]!.text).toBeNull();
    expect(p.reviews.items[2]!.reply?.text).toBe("Thanks Sam!");
    const html = (await request(ctx.server).get(`/electricians/${slug}`)).text;
    expect(html).toContain("Removed: abusive or threatening language");
    expect(html).not.toContain("1 stars from me");
  });

  it("when jobs were contacted by a logged call or a move to Called, then the profile counts them, and under 5 says so instead of 'No contacts yet'", async () => {
    const { user, slug } = await provider({ companyName: "Called Back Electrical" });
    const bought = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000);
    // One call logged 20 minutes after, and a move to Called (its stamp only, as the seeded jobs have) 30 minutes after.
    const called = await createPurchase(ctx.db, user.id, { purchase: { purchasedAt: bought(1) } });
    await ctx.db
      .insert(contactAttempts)
      .values({ purchaseId: called.id, userId: user.id, channel: "call", outcome: "no_answer", createdAt: new Date(bought(1).getTime() + 20 * 60_000) });
    await createPurchase(ctx.db, user.id, {
      purchase: { purchasedAt: bought(2), salesStage: "called", calledAt: new Date(bought(2).getTime() + 30 * 60_000) },
    });
    // A move to Called undone at once (docs/decisions/084): back in Purchased, its stamp and history row reached no one.
    const undone = await createPurchase(ctx.db, user.id, {
      purchase: { purchasedAt: bought(1), salesStage: "purchased", calledAt: new Date(bought(1).getTime() + 60_000) },
    });
    const at = new Date(bought(1).getTime() + 60_000);
    await ctx.db.insert(salesStageHistory).values([
      { purchaseId: undone.id, changedBy: user.id, fromStage: "purchased", toStage: "called", createdAt: at },
      { purchaseId: undone.id, changedBy: user.id, fromStage: "called", toStage: "purchased", createdAt: new Date(at.getTime() + 5_000) },
    ]);
    const two = (await request(ctx.server).get(`/api/electricians/${slug}`)).body as ElectricianProfile;
    expect(two).toMatchObject({ medianMinutesToContact: null, contactedJobs: 2 });
    const html = (await request(ctx.server).get(`/electricians/${slug}`)).text;
    expect(html).not.toContain("No contacts yet");
    expect(html).toContain("Shown from 5 contacted jobs (2 so far in the last 90 days)");
    // Three more moved on (Quoted stamps Called first; the earliest stamp counts): the median of 20, 30, 40, 50, 60.
    for (const [i, minutes] of [40, 50, 60].entries()) {
      const at = bought(3 + i);
      const first = new Date(at.getTime() + minutes * 60_000);
      await createPurchase(ctx.db, user.id, {
        purchase: { purchasedAt: at, salesStage: "quote_sent", calledAt: first, quoteSentAt: new Date(first.getTime() + 3_600_000) },
      });
    }
    const five = (await request(ctx.server).get(`/api/electricians/${slug}`)).body as ElectricianProfile;
    expect(five).toMatchObject({ medianMinutesToContact: 40, contactedJobs: 5 });
    expect((await request(ctx.server).get(`/electricians/${slug}`)).text).toContain("40 minutes after taking a job (last 90 days)");
  });

  it("when a visitor reads 'Get a free quote' on a profile, then it says the request goes to whichever electrician buys it, maybe not this one", async () => {
    const { slug } = await provider({ companyName: "Honest Quote Electrical" });
    const html = (await request(ctx.server).get(`/electricians/${slug}`)).text;
    expect(html).toContain("Your request goes to electricians near you, and whichever one buys it contacts you: it may not be Honest Quote Electrical.");
  });

  it("when there are more than 10 reviews, then 10 a page, sortable by rating; a bad page is 400", async () => {
    const { user, slug } = await provider();
    for (let i = 0; i < 12; i++) await review(ctx.db, user.id, (i % 5) + 1, { createdAt: new Date(Date.UTC(2026, 0, i + 1)) });
    const first = (await request(ctx.server).get(`/api/electricians/${slug}`)).body as ElectricianProfile;
    expect(first.reviews.items).toHaveLength(10);
    expect(first.reviews.total).toBe(12);
    expect(first.reviews.items[0]!.month).toBe("2026-01");
    const second = (await request(ctx.server).get(`/api/electricians/${slug}?page=2`)).body as ElectricianProfile;
    expect(second.reviews.items).toHaveLength(2);
    const best = (await request(ctx.server).get(`/api/electricians/${slug}?sort=highest`)).body as ElectricianProfile;
    expect(best.reviews.items.map((r) => r.rating).slice(0, 3)).toEqual([5, 5, 4]);
    expect((await request(ctx.server).get(`/api/electricians/${slug}?page=abc`)).status).toBe(400);
    expect((await request(ctx.server).get(`/electricians/${slug}?sort=cheapest`)).status).toBe(400);
  });

  it("when the page is crawled, then the title, description, canonical, Open Graph and an Electrician JSON-LD of the real reviews", async () => {
    const { user, slug } = await provider({ companyName: "Crawl Test Electrical" });
    await review(ctx.db, user.id, 4);
    await review(ctx.db, user.id, 5);
    const res = await request(ctx.server).get(`/electricians/${slug}`);
    expect(res.status).toBe(200);
    expect(res.type).toBe("text/html");
    expect(res.text).toContain("<title>Crawl Test Electrical - Licensed Electrician in Richmond</title>");
    expect(res.text).toContain(`<link rel="canonical" href="https://sparks.test/electricians/${slug}">`);
    expect(res.text).toMatch(/<meta name="description" content="[^"]+">/);
    expect(res.text).toContain('<meta property="og:title" content="Crawl Test Electrical - Licensed Electrician in Richmond">');
    expect(res.text).toContain(`<meta property="og:url" content="https://sparks.test/electricians/${slug}">`);
    const ld = jsonLdOf(res.text)!;
    expect(ld["@context"]).toBe("https://schema.org");
    expect(ld["@type"]).toBe("Electrician");
    expect(ld.address).toEqual({ "@type": "PostalAddress", addressLocality: "Richmond", addressRegion: "VIC", postalCode: "3121", addressCountry: "AU" });
    expect(ld.areaServed).toMatchObject({ "@type": "GeoCircle", geoMidpoint: { "@type": "GeoCoordinates" }, geoRadius: 10_000 });
    expect(ld.aggregateRating).toEqual({ "@type": "AggregateRating", ratingValue: 4.5, reviewCount: 2, bestRating: 5, worstRating: 1 });
    const list = ld.review as Array<Record<string, unknown>>;
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ "@type": "Review", author: { "@type": "Person", name: "Sam" }, reviewRating: { "@type": "Rating" } });
  });

  it("when there are no reviews, then no rating anywhere: no aggregateRating, no review in the JSON-LD", async () => {
    const { slug } = await provider();
    const html = (await request(ctx.server).get(`/electricians/${slug}`)).text;
    const ld = jsonLdOf(html)!;
    expect(ld["@type"]).toBe("Electrician");
    expect(ld).not.toHaveProperty("aggregateRating");
    expect(ld).not.toHaveProperty("review");
    expect(html).toContain("No reviews yet.");
    expect(html).not.toMatch(/out of 5/);
  });

  it("when a review or a business name holds <script> and quotes, then it stays text in the HTML and in the JSON-LD", async () => {
    const evil = `</script><script>alert("x")</script> it's "great" & <b>bold</b>`;
    const { user, slug } = await provider({ companyName: `Evil "Quote" <Co>` });
    await review(ctx.db, user.id, 5, {
      text: evil,
      customerFirstName: `<img src=x onerror=alert(1)>`,
      replyText: `<script>reply()</script>`,
      replyCreatedAt: new Date(),
    });
    const html = (await request(ctx.server).get(`/electricians/${slug}`)).text;
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<script>reply");
    expect(html).not.toContain("<img src=x");
    expect(html).not.toContain("<b>bold</b>");
    expect(html).toContain("&lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; it&#39;s &quot;great&quot; &amp; &lt;b&gt;bold&lt;/b&gt;");
    expect(html).toContain("<title>Evil &quot;Quote&quot; &lt;Co&gt; - Licensed Electrician in Richmond</title>");
    // Exactly one script element: the JSON-LD, whose "<" are written \u003c and which parses back to the text.
    expect(html.match(/<script/g)).toHaveLength(1);
    const raw = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(raw).not.toContain("<");
    expect(raw).toContain("\\u003c/script>");
    const ld = jsonLdOf(html)!;
    expect(ld.name).toBe(`Evil "Quote" <Co>`);
    expect((ld.review as Array<{ reviewBody: string }>)[0]!.reviewBody).toBe(evil);
  });

  it("when an unknown or malformed slug is asked for, then 404 in the site's frame with the ways on, never indexed", async () => {
    const missing = await request(ctx.server).get("/electricians/nobody-here");
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(missing.text).toContain('<meta name="robots" content="noindex">');
    expect(missing.text).toContain('<a href="/get-quote">Get a free quote</a>');
    expect(missing.text).toMatch(/<header>.*<\/header>/);
    expect((await request(ctx.server).get("/electricians/BAD_slug")).status).toBe(404);
    expect((await request(ctx.server).get("/api/electricians/nobody-here")).body).toEqual({ message: "No such electrician" });
  });
});

describe("the opt-out", () => {
  let clientDir: string;
  beforeAll(() => {
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "profiles-client-"));
    fs.writeFileSync(path.join(clientDir, "index.html"), '<!doctype html><html><head><title>t</title></head><body><div id="root"></div></body></html>');
  });
  afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));

  it("when the owner turns the profile off, then 404, gone from the sitemap and the suburb listing; on again, back", async () => {
    const { user, slug } = await provider({ companyName: "Shy Sparks" });
    const withClient = createApp({ database: ctx.database, config: ctx.config, clientDir, startAlertWorker: false });
    try {
      const sitemap = async () => (await request(withClient).get("/sitemap.xml")).text;
      const listing = async () =>
        ((await request(ctx.server).get("/api/electricians/in/vic/richmond-3121")).body as SuburbListing).electricians.map((e) => e.slug);
      expect(await sitemap()).toContain(`<loc>https://sparks.test/electricians/${slug}</loc>`);
      expect(await listing()).toContain(slug);
      const agent = await signIn(ctx.server, user.username);
      const off = await agent.patch("/api/provider/business").send({ publicProfile: false });
      expect(off.body.publicProfile).toBe(false);
      expect((await request(ctx.server).get(`/electricians/${slug}`)).status).toBe(404);
      expect((await request(ctx.server).get(`/api/electricians/${slug}`)).status).toBe(404);
      expect(await sitemap()).not.toContain(slug);
      expect(await listing()).not.toContain(slug);
      await agent.patch("/api/provider/business").send({ publicProfile: true });
      expect((await request(ctx.server).get(`/electricians/${slug}`)).status).toBe(200);
      // Job pages stay out of the index.
      expect((await request(withClient).get("/job/abc")).headers["x-robots-tag"]).toBe("noindex");
    } finally {
      await withClient.close();
    }
  });
});

describe("suburb listings", () => {
  it("when the rule is applied, then higher Bayesian rating first, then the faster first contact, then the older member", () => {
    const base = { memberSince: "2026-01-01", slug: "a" };
    const many = { ...base, ratingCount: 10, ratingSum: 48, medianMinutesToContact: 60 };
    const few = { ...base, ratingCount: 1, ratingSum: 5, medianMinutesToContact: 5 };
    expect(bayesianRating(10, 48)).toBeCloseTo((5 * 3.5 + 48) / 15);
    expect([few, many].sort(compareByRank)).toEqual([many, few]);
    const fast = { ...base, ratingCount: 0, ratingSum: 0, medianMinutesToContact: 10, slug: "fast" };
    const slow = { ...base, ratingCount: 0, ratingSum: 0, medianMinutesToContact: 90, slug: "slow" };
    const none = { ...base, ratingCount: 0, ratingSum: 0, medianMinutesToContact: null, slug: "none" };
    const older = { ...none, memberSince: "2020-01-01", slug: "older" };
    expect([none, slow, older, fast].sort(compareByRank).map((x) => x.slug)).toEqual(["fast", "slow", "older", "none"]);
  });

  it("when Richmond NSW and Richmond VIC are listed, then each lists only the electricians who cover it, in the published order", async () => {
    const stamp = `${Date.now()}`.slice(-6);
    const top = await provider({ companyName: `Top ${stamp}`, ...RICHMOND_NSW });
    const one = await provider({ companyName: `One ${stamp}`, ...RICHMOND_NSW });
    const quiet = await provider({ companyName: `Quiet ${stamp}`, ...RICHMOND_NSW });
    const far = await provider({ companyName: `Far ${stamp}`, ...RICHMOND_NSW, serviceLatitude: "-33.20000000", serviceRadius: 5 });
    for (let i = 0; i < 5; i++) await review(ctx.db, top.user.id, 5);
    await review(ctx.db, one.user.id, 5);
    const nsw = await request(ctx.server).get("/api/electricians/in/nsw/richmond-2753");
    expect(nsw.status).toBe(200);
    const listing = nsw.body as SuburbListing;
    expect(listing.place).toEqual({ name: "Richmond", state: "NSW", postcode: "2753", path: "/electricians/in/nsw/richmond-2753" });
    const mine = listing.electricians.map((e) => e.slug).filter((s) => s.endsWith(`${stamp}-richmond`));
    expect(mine).toEqual([top.slug, one.slug, quiet.slug]);
    expect(mine).not.toContain(far.slug);
    const vic = ((await request(ctx.server).get("/api/electricians/in/vic/richmond-3121")).body as SuburbListing).electricians.map((e) => e.slug);
    expect(vic).not.toContain(top.slug);
    const html = (await request(ctx.server).get("/electricians/in/nsw/richmond-2753")).text;
    expect(html).toContain("<h1>Electricians in Richmond NSW 2753</h1>");
    expect(html).toContain("No one can pay to rank higher.");
    expect(html.indexOf(top.slug)).toBeLessThan(html.indexOf(one.slug));
    expect((await request(ctx.server).get("/api/electricians/in/nsw/richmond-3121")).status).toBe(404);
    expect((await request(ctx.server).get("/electricians/in/xx/richmond-2753")).status).toBe(404);
  });
});

describe("the suburb listing in words", () => {
  it("when a visitor opens a listing, then the order is said in words first, and the formula and scores wait behind 'How we rank'", async () => {
    const stamp = `${Date.now()}`.slice(-6);
    const rated = await provider({ companyName: `Worded ${stamp}`, ...RICHMOND_NSW });
    await review(ctx.db, rated.user.id, 4);
    const html = (await request(ctx.server).get("/electricians/in/nsw/richmond-2753")).text;
    const folded = html.indexOf("<details><summary>How we rank</summary>");
    expect(html.indexOf("Ranked by customers’ reviews, weighted so a few reviews count for less than many.")).toBeGreaterThan(-1);
    expect(html.indexOf("Ranked by customers’ reviews")).toBeLessThan(folded);
    expect(html.indexOf("(5 × 3.5")).toBeGreaterThan(folded);
    expect(html).not.toMatch(/rank \d+, score/);
    // The list's own line carries no score; the fold keeps each one for anyone checking the order.
    expect(html.slice(folded)).toContain(`Worded ${stamp}: 3.583`);
    expect(html).toContain("whichever one buys it contacts you.");
  });
});

describe("the electrician's standing elsewhere", () => {
  it("when the customer opens their job page, then the buyer's profile link and real rating; none while they have no reviews", async () => {
    const { user, slug } = await provider({ companyName: "Job Page Sparks" });
    const { token } = await soldLead(ctx.db, user.id, { createdAt: new Date(Date.now() - 3_600_000), purchasedAt: new Date(Date.now() - 1_800_000) });
    const before = (await request(ctx.server).get(`/api/jobs/${token}`)).body as JobView;
    expect(before.electrician?.profilePath).toBe(`/electricians/${slug}`);
    expect(before.electrician?.rating).toEqual({ average: null, count: 0 });
    await review(ctx.db, user.id, 5);
    await review(ctx.db, user.id, 4);
    await review(ctx.db, user.id, 1, { hiddenReason: "not_about_this_job", hiddenAt: new Date() });
    const after = (await request(ctx.server).get(`/api/jobs/${token}`)).body as JobView;
    expect(after.electrician?.rating).toEqual({ average: 4.5, count: 2 });
  });

  it("when a provider buys a lead, then the answer carries their profile link and real rating", async () => {
    const { user, slug } = await provider({ companyName: "Buyer Sparks" });
    await review(ctx.db, user.id, 3);
    const lead = await createLead(ctx.db);
    const agent = await signIn(ctx.server, user.username);
    const res = await agent.post(`/api/leads/${lead.id}/purchase`).send({});
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.electrician).toEqual({ profilePath: `/electricians/${slug}`, rating: { average: 3, count: 1 } });
  });
});
