// The job's paperwork over HTTP on either database (docs/decisions/105-paperwork-on-the-card.md):
// each state's documents and their clocks from the events, the marks a state reads, the fields to
// copy, Queensland's certificate numbered per electrician and its customer's copy, a portal's
// reference recorded, a stale version refused, and a stranger's job not found.
import { and, eq, like } from "drizzle-orm";
import supertest from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import type { PaperworkView } from "../../../shared/paperwork";
import { leadPurchases, outboxMessages, paperworkDocuments, type LeadPurchase, type NewLead } from "../../../shared/schema";
import type { TestResults } from "../../../shared/test-records";
import { createPurchase } from "../../setup/factories";
import { useTestApp } from "../../test/app";
import { flat, pdfText } from "../../test/pdf-text";
import { createCast, type CastRole } from "../../test/sign-in";

// 10:00 on Thu 26 Nov 2026 in Sydney (UTC+11); 09:00 in Brisbane; 07:00 in Perth.
const NOW = new Date("2026-11-25T23:00:00Z");
const ctx = useTestApp({ now: () => NOW, startAlertWorker: false });
let agents: Record<CastRole, supertest.Agent>;
let ownerId: number;

beforeAll(async () => {
  const cast = await createCast(ctx);
  agents = cast.agents;
  ownerId = cast.people.owner.id;
});

const PASSING: TestResults = {
  installation: { mainEarthOhms: 0.12 },
  circuits: [
    {
      name: "Kitchen power",
      device: { curve: "C", ratingA: 20 },
      earthOhms: 0.18,
      insulationMegohms: 250,
      polarityCorrect: true,
      connectionsCorrect: true,
      faultLoopOhms: 0.62,
      faultLoopByConductor: false,
    },
  ],
  rcds: [{ protects: ["Kitchen power"], ratedMa: 30, tripMs: 24, tripMsFiveTimes: 11 }],
};

const job = (lead: Partial<NewLead> = {}) => createPurchase(ctx.db, ownerId, { lead: { state: "NSW", ...lead }, purchase: { buyerName: "Dave Wilson" } });
const path = (p: LeadPurchase, rest = "") => `/api/lead-purchases/${p.id}/paperwork${rest}`;
const read = async (p: LeadPurchase, agent = agents.owner) => {
  const res = await agent.get(path(p));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as PaperworkView;
};
const save = (p: LeadPurchase, body: object, agent = agents.owner) => agent.put(path(p)).send({ marks: [], completion: null, energised: null, ...body });
/** Saves the results and marks them tested at `date time` on the state's clock. */
async function tested(p: LeadPurchase, date = "2026-11-26", time = "08:30") {
  expect((await agents.owner.put(`/api/lead-purchases/${p.id}/test-record`).send({ results: PASSING, version: 0 })).status).toBe(200);
  const done = await agents.owner.post(`/api/lead-purchases/${p.id}/test-record/complete`).send({ version: 1, date, time });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
}
/** A PDF's text, read as the buyer's side downloads it. */
async function pdfOf(request: supertest.Test) {
  const res = await request.buffer(true).parse((r, done) => {
    const chunks: Buffer[] = [];
    r.on("data", (c: Buffer) => chunks.push(c));
    r.on("end", () => done(null, Buffer.concat(chunks)));
  });
  expect(res.status).toBe(200);
  expect(res.headers["content-type"]).toMatch(/application\/pdf/);
  expect(res.headers["cache-control"]).toBe("private, no-store");
  return flat((await pdfText(res.body as Buffer)).text);
}
/** The job link the customer's certificate SMS carried: its token. */
async function tokenSentFor(p: LeadPurchase) {
  const [sms] = await ctx.db
    .select({ payload: outboxMessages.payload })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.leadId, p.leadId), like(outboxMessages.event, "paperwork.certificate:%"), eq(outboxMessages.channel, "sms")));
  return /\/job\/([\w-]+)/.exec(String(sms!.payload.text))![1]!;
}
const documentOf = (view: PaperworkView, key: string) => view.documents.find((d) => d.document === key);

describe("who may see and change a job's paperwork", () => {
  it("when a rival provider reads or writes Dave's job's paperwork, then each is 404 and nothing is written", async () => {
    const p = await job();
    expect((await agents.rival.get(path(p))).status).toBe(404);
    expect((await save(p, { version: 0 }, agents.rival)).status).toBe(404);
    expect((await agents.rival.post(path(p, "/nsw_ccew/lodged")).send({ version: 0, reference: "X1" })).status).toBe(404);
    expect(await ctx.db.select().from(paperworkDocuments).where(eq(paperworkDocuments.purchaseId, p.id))).toEqual([]);
  });

  it("when two saves are based on the same version, then the second is a 409 and the first stands", async () => {
    const p = await job({ state: "WA" });
    expect((await save(p, { version: 0, marks: ["notifiable"] })).status).toBe(200);
    const second = await save(p, { version: 0, marks: [] });
    expect(second.status).toBe(409);
    expect((await read(p)).marks).toEqual(["notifiable"]);
  });

  it("when a NSW job is marked with another state's mark, then a 400 names the marks", async () => {
    const p = await job();
    const res = await save(p, { version: 0, marks: ["prescribed"] });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual(["marks"]);
  });
});

describe("NSW: the CCEW within 7 days of the test", () => {
  it("when the tests are marked done at 8:30 am on 26 Nov, then the CCEW is due at the end of 3 Dec on Sydney's clock, numbered from the licence, with its fields in the form's sections", async () => {
    const p = await job({ customerName: "Mary-Jane O'Brien", customerAddress: "Unit 4, 12-14 Smith St" });
    expect(documentOf(await read(p), "nsw_ccew")).toMatchObject({ clock: "waiting", dueAt: null });
    await tested(p);
    const ccew = documentOf(await read(p), "nsw_ccew")!;
    expect(ccew).toMatchObject({ how: "form", clock: "ok", status: "open", to: ["customer"], dueAt: "2026-12-03T12:59:59.999Z" });
    expect(ccew.serial).toMatch(/^123456C-\d{4}$/);
    const field = (label: string) => ccew.fields.find((f) => f.label === label)?.value;
    expect(field("Serial number")).toBe(ccew.serial);
    expect(field("First name")).toBe("Mary-Jane");
    expect(field("Last name")).toBe("O'Brien");
    expect(field("Street address")).toBe("Unit 4, 12-14 Smith St");
    expect(field("Date of test")).toBe("26 Nov 2026, 8:30 am");
    expect(field("RCD operation")).toBe("Pass (1 of 1)");
    expect(field("NMI")).toBeNull();
    expect(new Set(ccew.fields.map((f) => f.section))).toEqual(
      new Set(["Certificate", "Installation address", "Customer", "Installation details", "Test results", "Licences", "Send to"]),
    );
  });

  it("when the work is marked a new installation, then the CCEW also goes to the network operator and the regulator", async () => {
    const p = await job();
    await tested(p);
    const view = await read(p);
    const after = (await save(p, { version: view.version, marks: ["new_installation"] })).body as PaperworkView;
    expect(documentOf(after, "nsw_ccew")!.to).toEqual(["customer", "network_operator", "regulator"]);
  });

  it("when the CCEW is recorded lodged with its reference, then its clock stops and it shows who and when; a second time is a 409", async () => {
    const p = await job();
    await tested(p);
    const res = await agents.member.post(path(p, "/nsw_ccew/lodged")).send({ version: (await read(p)).version, reference: "  CCEW 2026-8841  " });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const ccew = documentOf(res.body as PaperworkView, "nsw_ccew")!;
    expect(ccew).toMatchObject({ status: "lodged", clock: "done", reference: "CCEW 2026-8841", doneText: "26 Nov 2026, 10:00 am" });
    expect(ccew.doneBy).toBeTruthy();
    expect((await agents.owner.post(path(p, "/nsw_ccew/lodged")).send({ version: (res.body as PaperworkView).version, reference: "again" })).status).toBe(409);
  });
});

describe("QLD: our certificate of testing and compliance", () => {
  it("when Dave issues before the tests are done, then a 409 says to mark them tested first", async () => {
    const p = await job({ state: "QLD", suburb: "Paddington", postcode: "4064" });
    const res = await agents.owner.post(path(p, "/qld_certificate/issue")).send({ version: 0 });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/tested first/);
  });

  it("when Dave issues two certificates, then they are numbered one after the other under his licence, the customer is sent one link by SMS and e-mail, and the PDF prints what was issued", async () => {
    const first = await job({ state: "QLD", suburb: "Paddington", postcode: "4064", customerName: "Zoë Ngata" });
    const second = await job({ state: "QLD", suburb: "Paddington", postcode: "4064" });
    const serials: string[] = [];
    for (const p of [first, second]) {
      await tested(p, "2026-11-26", "07:15");
      const res = await agents.owner.post(path(p, "/qld_certificate/issue")).send({ version: (await read(p)).version });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const cert = documentOf(res.body as PaperworkView, "qld_certificate")!;
      expect(cert).toMatchObject({ status: "issued", clock: "done", customerSentAt: NOW.toISOString() });
      serials.push(cert.serial!);
    }
    const [a, b] = serials.map((s) => Number(/^CTC-123456C-(\d{4})$/.exec(s)![1]));
    expect(b).toBe(a! + 1);
    const sent = await ctx.db
      .select({ channel: outboxMessages.channel, payload: outboxMessages.payload })
      .from(outboxMessages)
      .where(and(eq(outboxMessages.leadId, first.leadId), like(outboxMessages.event, "paperwork.certificate:%")));
    expect(sent.map((m) => m.channel).sort()).toEqual(["email", "sms"]);
    expect(String(sent[0]!.payload.text)).toMatch(/\/job\/[\w-]+/);
    // Never the certificate itself: it carries the customer's name and address.
    expect(sent.every((m) => !String(m.payload.text).includes("Zoë Ngata"))).toBe(true);

    const text = await pdfOf(agents.member.get(path(first, "/qld_certificate/pdf")));
    expect(text).toContain(serials[0]);
    expect(text).toContain("Zoë Ngata");
    expect((await agents.owner.post(path(first, "/qld_certificate/issue")).send({ version: (await read(first)).version })).status).toBe(409);
  });
});

describe("the customer's copy on the job page", () => {
  it("when the customer opens the link they were sent, then the page lists the certificate, and its PDF opens only with a code to their mobile, once", async () => {
    const p = await job({ state: "QLD", suburb: "Paddington", postcode: "4064", customerName: "Aroha Ngata", customerPhone: "0412555777" });
    await tested(p, "2026-11-26", "07:15");
    expect((await agents.owner.post(path(p, "/qld_certificate/issue")).send({ version: (await read(p)).version })).status).toBe(200);
    const token = await tokenSentFor(p);
    const page = await supertest(ctx.server).get(`/api/jobs/${token}`);
    expect(page.body.certificates).toEqual([
      { document: "qld_certificate", name: "Certificate of testing and compliance", issuedText: "26 Nov 2026, 9:00 am" },
    ]);
    // The page itself never carries the certificate's details.
    expect(JSON.stringify(page.body)).not.toContain("CTC-");

    const open = (code: string) => supertest(ctx.server).post(`/api/jobs/${token}/certificates/qld_certificate`).send({ code });
    expect((await open("000000")).status).toBe(400);
    const sent = await supertest(ctx.server).post(`/api/jobs/${token}/certificate-code`).send({});
    expect(sent.status).toBe(202);
    const wrong = String((Number(sent.body.devCode) + 1) % 1_000_000).padStart(6, "0");
    expect((await open(wrong)).status).toBe(400);
    expect(await pdfOf(open(sent.body.devCode))).toContain("Aroha Ngata");
    // Spent: the same code opens nothing again.
    expect((await open(sent.body.devCode)).status).toBe(400);
    // Two opens at once with one fresh code: one file, one refusal.
    const again = await supertest(ctx.server).post(`/api/jobs/${token}/certificate-code`).send({});
    const both = await Promise.all([open(again.body.devCode), open(again.body.devCode)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it("when a review's code is used to open a certificate, then it is refused", async () => {
    const p = await job({ state: "QLD", suburb: "Paddington", postcode: "4064" });
    await tested(p, "2026-11-26", "07:15");
    await ctx.db
      .update(leadPurchases)
      .set({ purchasedAt: new Date("2026-11-10T00:00:00Z") })
      .where(eq(leadPurchases.id, p.id));
    await agents.owner.post(path(p, "/qld_certificate/issue")).send({ version: (await read(p)).version });
    const token = await tokenSentFor(p);
    const review = await supertest(ctx.server).post(`/api/jobs/${token}/review-code`).send({});
    expect(review.status, JSON.stringify(review.body)).toBe(202);
    expect((await supertest(ctx.server).post(`/api/jobs/${token}/certificates/qld_certificate`).send({ code: review.body.devCode })).status).toBe(400);
  });
});

describe("a job given back, a customer without a mobile", () => {
  it("when Dave's job is released (a missed promise), then its paperwork shows no open document, no customer field and no test report", async () => {
    const p = await job();
    await tested(p);
    expect(documentOf(await read(p), "nsw_ccew")!.fields.length).toBeGreaterThan(0);
    await ctx.db.update(leadPurchases).set({ releasedAt: NOW }).where(eq(leadPurchases.id, p.id));
    const view = await read(p);
    expect(view.documents).toEqual([]);
    expect(view.testReportUrl).toBeNull();
    expect(JSON.stringify(view)).not.toContain("Karen");
    expect((await agents.owner.get(`/api/lead-purchases/${p.id}/test-report/pdf`)).status).toBe(404);
  });

  it("when the customer has only a landline, then the certificate is issued but no link is sent (no code could open it), and the card says so", async () => {
    const p = await job({ state: "QLD", suburb: "Paddington", postcode: "4064", customerPhone: "0732101234" });
    await tested(p, "2026-11-26", "07:15");
    const res = await agents.owner.post(path(p, "/qld_certificate/issue")).send({ version: (await read(p)).version });
    expect(documentOf(res.body as PaperworkView, "qld_certificate")).toMatchObject({ status: "issued", customerSentAt: null });
    const sent = await ctx.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.leadId, p.leadId), like(outboxMessages.event, "paperwork.%")));
    expect(sent).toEqual([]);
  });
});

describe("the test report, for every state", () => {
  it("when the tests are done on a NSW job, then its report prints the record and says plainly it is not the CCEW", async () => {
    const p = await job();
    expect((await agents.owner.get(`/api/lead-purchases/${p.id}/test-report/pdf`)).status).toBe(409);
    await tested(p);
    const url = (await read(p)).testReportUrl!;
    const text = await pdfOf(agents.owner.get(url));
    expect(text).toContain("Kitchen power");
    expect(text).toMatch(/not a Certificate of Compliance for Electrical Work \(CCEW\)/);
  });
});

describe("WA and SA: clocks from completion, the start and energising", () => {
  it("when notifiable WA work is booked, then the Preliminary Notice is due at the booked start; once completed, the Notice of Completion runs 3 days and the safety certificate 28", async () => {
    const p = await job({ state: "WA", suburb: "Subiaco", postcode: "6008" });
    const start = new Date("2026-11-30T01:00:00Z"); // 9:00 am in Perth
    await ctx.db.update(leadPurchases).set({ jobStartsAt: start }).where(eq(leadPurchases.id, p.id));
    let view = (await save(p, { version: 0, marks: ["notifiable"] })).body as PaperworkView;
    expect(documentOf(view, "wa_preliminary_notice")!.dueAt).toBe(start.toISOString());
    expect(documentOf(view, "wa_notice_of_completion")!.clock).toBe("waiting");
    view = (await save(p, { version: view.version, marks: ["notifiable"], completion: { date: "2026-11-26", time: "06:30" } })).body as PaperworkView;
    // 26 Nov + 3 days = the end of 29 Nov in Perth (UTC+8).
    expect(documentOf(view, "wa_notice_of_completion")!.dueAt).toBe("2026-11-29T15:59:59.999Z");
    expect(documentOf(view, "wa_safety_certificate")!.dueAt).toBe("2026-12-24T15:59:59.999Z");
    const portal = documentOf(view, "wa_safety_certificate")!;
    expect(portal.portal?.url).toMatch(/^https?:\/\/(www\.)?commerce\.wa\.gov\.au\//);
    expect(portal.fields.find((f) => f.label === "Work completed")?.value).toBe("26 Nov 2026, 6:30 am");
  });

  it("when a completion time is later than now or skipped by the clocks, then a 400 names the field", async () => {
    const p = await job({ state: "SA" });
    const future = await save(p, { version: 0, energised: { date: "2026-11-27", time: "09:00" } });
    expect(future.status).toBe(400);
    expect(Object.keys(future.body.errors)).toEqual(["energised.date"]);
    const ok = (await save(p, { version: 0, energised: { date: "2026-11-20", time: "14:00" } })).body as PaperworkView;
    // 20 Nov + 30 days = the end of 20 Dec in Adelaide (UTC+10:30).
    expect(documentOf(ok, "sa_ecoc")!.dueAt).toBe("2026-12-20T13:29:59.999Z");
  });
});

describe("the board's summary", () => {
  it("when a job's CCEW is due, then the list of purchased leads carries its clock and count", async () => {
    const p = await job();
    await tested(p, "2026-11-20", "09:00");
    const list = (await agents.owner.get("/api/my-purchased-leads")).body as { id: number; paperwork: unknown }[];
    expect(list.find((x) => x.id === p.id)?.paperwork).toMatchObject({
      open: 1,
      next: { document: "nsw_ccew", clock: "due_in_2_days", dueAt: "2026-11-27T12:59:59.999Z" },
    });
  });
});
