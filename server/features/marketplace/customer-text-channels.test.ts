// What customers really type, through every channel before purchase (docs/decisions/090-safe-
// words-before-purchase.md): a quote through POST /api/leads carrying the shapes that used to leak,
// then the market as an approved provider, a pending one and another team's member, the listing an
// alert links to, the live stream, the alert e-mail over real SMTP, and the forwardable job page.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import request from "supertest";
import { DEFAULT_ALERT_PREFERENCES } from "../../../shared/alerts";
import type { JobView } from "../../../shared/jobs";
import type { MarketLead } from "../../../shared/marketplace";
import { createUser } from "../../setup/factories";
import { createTestApp, type TestApp } from "../../test/app";
import { listenOn, openMarketStream, sessionCookie, type MarketStream } from "../../test/market-stream";
import { signIn } from "../../test/sign-in";
import { startSmtpServer, type SmtpServer } from "../../test/smtp";
import { parramatta, postQuote } from "../../core/alerts/test/alerts";

/** Mary O'Neil-Smith of 42 Wallaby Way, Parramatta, as she writes to us. */
const QUOTE = {
  customerName: "Dr Mary O'Neil-Smith",
  customerPhone: "0412 345 678",
  customerEmail: "mary.oneilsmith@gmail.com",
  customerAddress: "42 Wallaby Way, Parramatta NSW 2150",
  electricalWork:
    "Need 6 LED downlights in the kitchen and the RCD keeps tripping. I'm at 42 Wallaby\nWay Parramatta, lot 7 DP 1234, cnr George and King. The gate code is four eight two one.",
  specialRequests: "email mary.oneilsmith on gmail or ask for ONeil, my husband Greg is home after 3pm",
};
/** Everything of hers, and of the people and streets she names, that nobody who has not bought may read. */
const SECRETS = /wallaby|oneil|o'neil|smith|george|king|greg|gmail|\b42\b|\b1234\b|four eight|345 678|\b0412/i;

let inbox: SmtpServer;
let ctx: TestApp;
let live: Awaited<ReturnType<typeof listenOn>>;
let stream: MarketStream;
const shown: Record<string, unknown> = {};
let jobPage: JobView;

beforeAll(async () => {
  inbox = await startSmtpServer();
  ctx = await createTestApp({ suburbs: true, env: { SMTP_URL: inbox.url } });
  live = await listenOn(ctx.app);
  const area = await parramatta(ctx.db);
  const approved = await createUser(ctx.db, { email: "approved@example.com.au", ...area });
  const pending = await createUser(ctx.db, { ...area, verificationStatus: "pending", isVerified: false });
  const otherOwner = await createUser(ctx.db, area);
  const otherMember = await createUser(ctx.db, { userType: "team_member", teamOwnerId: otherOwner.id });
  const agent = await signIn(ctx.server, approved.username);
  expect((await agent.put("/api/alerts/preferences").send({ ...DEFAULT_ALERT_PREFERENCES, pushEnabled: false, emailEnabled: true })).status).toBe(200);
  stream = await openMarketStream(live.url, await sessionCookie(live.url, approved.username));

  // POST /api/leads answers the customer's job page link too (shared/quotes.ts).
  const quote = (await postQuote(ctx.app, QUOTE)) as { jobReference: string; jobUrl: string };
  const card = (body: { leads: MarketLead[] }) => body.leads.find((l) => l.jobReference === quote.jobReference);
  for (const [who, user] of Object.entries({ approved, pending })) {
    const res = await (await signIn(ctx.server, user.username)).get("/api/leads").query({ scope: "all" });
    expect(res.status, who).toBe(200);
    shown[`market as ${who}`] = card(res.body as { leads: MarketLead[] });
  }
  // A team member does not browse the market at all (docs/decisions/087): another team's member reads nothing.
  const member = await (await signIn(ctx.server, otherMember.username)).get("/api/leads").query({ scope: "all" });
  shown["market as another team's member"] = member.status;
  const id = (shown["market as approved"] as MarketLead).id;
  shown.listing = (await agent.get(`/api/leads/${id}/listing`)).body;
  const event = await stream.waitFor((e) => e.event === "lead.added" && (e.data as { lead?: { id: number } }).lead?.id === id);
  shown.stream = event.data;
  const [mail] = await inbox.waitFor(1);
  shown["alert e-mail"] = `${mail!.subject} ${mail!.text} ${mail!.html}`;
  jobPage = (await request(ctx.server).get(`/api/jobs/${quote.jobUrl.split("/").pop()}`)).body as JobView;
}, 30_000);

afterAll(async () => {
  stream?.close();
  await live?.close();
  await ctx?.destroy();
  await inbox?.close();
});

describe("before purchase, in every channel", () => {
  it("when another team's member asks for the market, then 403 and no lead at all", () => {
    expect(shown["market as another team's member"]).toBe(403);
  });

  it.each(["market as approved", "market as pending", "listing", "stream", "alert e-mail"])(
    "when the %s shows the lead, then none of her details nor the names she wrote show, and the job reads",
    (channel) => {
      const seen = shown[channel];
      expect(seen, channel).toBeDefined();
      const text = typeof seen === "string" ? seen : JSON.stringify(seen);
      // The clock's own digits are no detail of hers: "13:42" once matched her house number 42.
      expect(text.replace(/\d{4}-\d\d-\d\dT[\d:.]+Z|\b\d{1,2}:\d\d(:\d\d)?\b/g, "<time>")).not.toMatch(SECRETS);
      expect(text).toContain("Need 6 LED downlights in the kitchen and the RCD keeps tripping.");
      // A title is no name (decision 090): "Dr Mary O'Neil-Smith" shows "Mary".
      if (typeof seen !== "string") expect((seen as { lead?: object }).lead ?? seen).toMatchObject({ customerName: "Mary" });
    },
  );

  it("when the forwardable job page shows her text, then her own address, lot, corner and code are masked by the patterns", () => {
    expect(jobPage.electricalWork).not.toMatch(/wallaby|\b42\b|\b1234\b|george|king|four eight/i);
    expect(jobPage.electricalWork).toContain("Need 6 LED downlights in the kitchen");
  });
});
