// NSW's completed CCEW sent from the card (docs/decisions/105-paperwork-on-the-card.md), through
// real SMTP (smtp-server, parsed as a mail client would): the upload checked as a PDF under its
// limits, the form attached to each e-mail the electrician names, the customer sent a link where
// it opens after the code, and a second send refused.
import { and, eq, like } from "drizzle-orm";
import PDFDocument from "pdfkit";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PaperworkView } from "../../../shared/paperwork";
import { outboxMessages, type LeadPurchase } from "../../../shared/schema";
import { createLogger } from "../../platform/logger";
import type { Mailer } from "../../platform/mail";
import { createPurchase } from "../../setup/factories";
import { useTestApp } from "../../test/app";
import { flat, pdfText } from "../../test/pdf-text";
import { createCast, type CastRole } from "../../test/sign-in";
import { startSmtpServer, type SmtpServer } from "../../test/smtp";

const NOW = new Date("2026-11-25T23:00:00Z"); // 10:00 on 26 Nov in Sydney
let smtp: SmtpServer;
let realMailer: Mailer;
const ctx = useTestApp({ now: () => NOW, startAlertWorker: false, mailer: { send: (mail) => realMailer.send(mail) } });
let agents: Record<CastRole, supertest.Agent>;
let ownerId: number;

beforeAll(async () => {
  smtp = await startSmtpServer();
  realMailer = smtp.mailer(createLogger({ LOG_LEVEL: "silent", NODE_ENV: "test" }));
  const cast = await createCast(ctx);
  agents = cast.agents;
  ownerId = cast.people.owner.id;
});
afterAll(() => smtp?.close());

/** A PDF of `pages` pages saying `text`, as a completed form exported from the Commission's form would be. */
function pdfOf(text: string, pages = 1): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument({ size: "A4" });
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    for (let i = 0; i < pages; i++) {
      if (i > 0) doc.addPage();
      doc.text(`${text} (page ${i + 1})`);
    }
    doc.end();
  });
}

const path = (p: LeadPurchase, rest = "") => `/api/lead-purchases/${p.id}/paperwork${rest}`;
const upload = (p: LeadPurchase, bytes: Buffer, name = "ccew.pdf") => agents.owner.put(path(p, "/nsw_ccew/form")).attach("file", bytes, name);
const versionOf = async (p: LeadPurchase) => ((await agents.owner.get(path(p))).body as PaperworkView).version;
const job = () =>
  createPurchase(ctx.db, ownerId, { lead: { state: "NSW", customerName: "Mei Lin Chen", customerEmail: "mei@example.com" }, purchase: { buyerName: "Dave" } });

describe("the completed form, checked on the way in", () => {
  it("when a photo, a file that only starts like a PDF, or a 21-page PDF is uploaded, then each is a 400 that says what to do, and nothing is kept", async () => {
    const p = await job();
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1]);
    const fake = Buffer.from("%PDF-1.7\nthis is not really a pdf at all\n%%EOF");
    for (const [bytes, message] of [
      [jpeg, /not a PDF we can read/],
      [fake, /not a PDF we can read/],
      [await pdfOf("CCEW", 21), /more than 20 pages/],
    ] as const) {
      const res = await upload(p, bytes);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect(((await agents.owner.get(path(p))).body as PaperworkView).documents.find((d) => d.document === "nsw_ccew")!.form).toBeNull();
  });

  it("when a form over 5 MB is uploaded, then it is a 413", async () => {
    const p = await job();
    const big = Buffer.concat([await pdfOf("CCEW"), Buffer.alloc(5 * 1024 * 1024 + 10, 32)]);
    expect((await upload(p, big)).status).toBe(413);
  });
});

describe("sending it", () => {
  it("when Dave uploads the completed CCEW and sends it to the distributor and the Commission, then each gets one e-mail with the PDF attached, the customer gets one link, and it opens on their page after the code", async () => {
    const p = await job();
    const uploaded = await upload(p, await pdfOf("Completed CCEW for Mei Lin Chen"));
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const ccew = (uploaded.body as PaperworkView).documents.find((d) => d.document === "nsw_ccew")!;
    expect(ccew.form).toMatchObject({ pages: 1, sentText: null, sentTo: [] });

    const to = ["ccew@distributor.example", "Certificates@Commission.example"];
    const sent = await agents.member.post(path(p, "/nsw_ccew/send")).send({ version: await versionOf(p), to });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    // Sent is lodged: the clock stops under the form's serial.
    expect((sent.body as PaperworkView).documents.find((d) => d.document === "nsw_ccew")).toMatchObject({
      status: "lodged",
      clock: "done",
      reference: ccew.serial,
    });
    expect((sent.body as PaperworkView).documents.find((d) => d.document === "nsw_ccew")!.form).toMatchObject({
      sentText: "26 Nov 2026, 10:00 am",
      sentTo: ["ccew@distributor.example", "certificates@commission.example"],
    });
    await ctx.app.alerts.runOnce();
    await smtp.waitFor(3);
    for (const address of ["ccew@distributor.example", "certificates@commission.example"]) {
      const mails = smtp.mails.filter((m) => JSON.stringify(m.to).toLowerCase().includes(address));
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toContain(`Certificate of Compliance for Electrical Work (CCEW) ${ccew.serial}`);
      const [attachment] = mails[0]!.attachments;
      expect(attachment?.contentType).toBe("application/pdf");
      expect(flat((await pdfText(attachment!.content)).text)).toContain("Completed CCEW for Mei Lin Chen");
    }
    // The customer: a link by e-mail (and SMS), never the form itself.
    const customer = smtp.mails.filter((m) => JSON.stringify(m.to).includes("mei@example.com"));
    expect(customer).toHaveLength(1);
    expect(customer[0]!.attachments).toEqual([]);
    expect(customer[0]!.text).toMatch(/\/job\/[\w-]+/);

    const token = /\/job\/([\w-]+)/.exec(customer[0]!.text ?? "")![1]!;
    const page = await supertest(ctx.server).get(`/api/jobs/${token}`);
    expect(page.body.certificates).toEqual([
      { document: "nsw_ccew", name: "Certificate of Compliance for Electrical Work (CCEW)", issuedText: "26 Nov 2026, 10:00 am" },
    ]);
    const code = (await supertest(ctx.server).post(`/api/jobs/${token}/certificate-code`).send({})).body.devCode as string;
    const opened = await supertest(ctx.server)
      .post(`/api/jobs/${token}/certificates/nsw_ccew`)
      .send({ code })
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on("data", (c: Buffer) => chunks.push(c));
        r.on("end", () => done(null, Buffer.concat(chunks)));
      });
    expect(opened.status).toBe(200);
    expect(flat((await pdfText(opened.body as Buffer)).text)).toContain("Completed CCEW for Mei Lin Chen");

    // Once: a second send, and a new upload over the sent form, are refused.
    expect((await agents.owner.post(path(p, "/nsw_ccew/send")).send({ version: await versionOf(p), to })).status).toBe(409);
    expect((await upload(p, await pdfOf("Another"))).status).toBe(409);
    const rows = await ctx.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.leadId, p.leadId), like(outboxMessages.event, "paperwork.form:%")));
    expect(rows).toHaveLength(2);
  });

  it("when a job not marked for the network is sent with no address, then only the customer is sent their link; with no way to reach them either, it is refused", async () => {
    const p = await job();
    await upload(p, await pdfOf("CCEW"));
    expect((await agents.owner.post(path(p, "/nsw_ccew/send")).send({ version: await versionOf(p), to: [] })).status).toBe(200);
    const events = await ctx.db.select({ channel: outboxMessages.channel }).from(outboxMessages).where(eq(outboxMessages.leadId, p.leadId));
    expect(events.map((e) => e.channel).sort()).toEqual(["email", "sms"]);

    const unreachable = await createPurchase(ctx.db, ownerId, {
      lead: { state: "NSW", customerPhone: "0298765432", customerEmail: null },
      purchase: { buyerName: "Dave" },
    });
    await upload(unreachable, await pdfOf("CCEW"));
    const refused = await agents.owner.post(path(unreachable, "/nsw_ccew/send")).send({ version: await versionOf(unreachable), to: [] });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/enter an e-mail/);
  });

  it("when no form was uploaded, or the addresses are not e-mail addresses, then the send is refused", async () => {
    const p = await job();
    expect((await agents.owner.post(path(p, "/nsw_ccew/send")).send({ version: await versionOf(p), to: ["a@b.example"] })).status).toBe(409);
    const bad = await agents.owner.post(path(p, "/nsw_ccew/send")).send({ version: await versionOf(p), to: ["not an address"] });
    expect(bad.status).toBe(400);
  });
});
