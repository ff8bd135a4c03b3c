// The electrician's invoice as a PDF, over HTTP on either database (docs/decisions/051-quotes-
// and-tax-invoices.md): its parsed text holds every field the ATO asks of a tax invoice, and only
// the buyer's side or the job's own link opens it.
import request from "supertest";
import { describe, expect, it } from "vitest";
import type { Invoice } from "../../../shared/invoices";
import { useTestApp } from "../../test/app";
import { soldLead } from "../../test/job-links";
import { flat, pdfText } from "../../test/pdf-text";
import { createCast } from "../../test/sign-in";

const clock = new Date("2026-11-23T01:00:00.000Z");
const ctx = useTestApp({ now: () => clock, startAlertWorker: false, env: { RATE_LIMIT_JOB_PAGE_PER_IP: "100000" } });

const pdfOf = async (res: request.Response) => {
  expect(res.status).toBe(200);
  expect(res.headers["content-type"]).toBe("application/pdf");
  expect(res.headers["cache-control"]).toBe("private, no-store");
  return flat((await pdfText(res.body as Buffer)).text);
};
const binary = (req: request.Test) =>
  req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on("data", (c: Buffer) => chunks.push(c));
    res.on("end", () => done(null, Buffer.concat(chunks)));
  });

async function invoiced(business: object, items: object[]) {
  const cast = await createCast(ctx);
  await cast.agents.owner.patch("/api/provider/business").send(business).expect(200);
  const sold = await soldLead(ctx.db, cast.people.owner.id, {
    createdAt: new Date(clock.getTime() - 7_200_000),
    purchasedAt: new Date(clock.getTime() - 3_600_000),
  });
  const res = await cast.agents.owner.post(`/api/lead-purchases/${sold.sale.id}/invoices`).send({ items });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { ...cast, ...sold, invoice: res.body as Invoice };
}

const REGISTERED = {
  businessName: "Bright Spark Electrical Pty Ltd",
  abn: "53004085616",
  gstRegistered: true,
  address: "4/12 Smith St, Parramatta NSW 2150",
  bankBsb: "062000",
  bankAccount: "12345678",
};

describe("the invoice PDF", () => {
  it("when a GST-registered seller invoices $1,000 or more with a GST-free line, then the PDF holds every ATO field", async () => {
    const { agents, invoice, token } = await invoiced(REGISTERED, [
      { description: "Switchboard upgrade to circuit breakers", quantity: 1, unitPrice: "1200.00" },
      { description: "Labour (hours)", quantity: "2.5", unitPrice: "95.50" },
      { description: "Council permit fee", quantity: 1, unitPrice: "60.00", gstFree: true },
    ]);
    expect(invoice.total).toBe("1642.63");
    const text = await pdfOf(await binary(agents.owner.get(`/api/invoices/${invoice.id}/pdf`)));
    for (const field of [
      "Tax invoice", // titled so (a registered seller)
      invoice.number,
      "Bright Spark Electrical Pty Ltd", // the seller's identity
      "ABN 53 004 085 616", // and ABN
      "23 Nov 2026", // the issue date
      "Switchboard upgrade to circuit breakers", // each line's description, quantity and price
      "2.5",
      "95.50",
      "238.75",
      "Council permit fee (GST-free)", // which lines are GST-free
      "143.88", // the GST amount
      "1,642.63",
      "Karen Mitchell", // the buyer's identity, at $1,000 or more
      "BSB: 062-000", // how to pay by EFT
    ]) {
      expect(text, field).toContain(field);
    }
    // The customer's copy, through their job link, says the same.
    const customer = await pdfOf(await binary(request(ctx.server).get(`/api/jobs/${token}/invoices/${invoice.id}/pdf`)));
    expect(customer).toContain(invoice.number);
    expect(customer).toContain("143.88");
  });

  it("when every line is taxable, then the PDF may say the total includes GST", async () => {
    const { agents, invoice } = await invoiced(REGISTERED, [{ description: "Smoke alarm replaced", quantity: 1, unitPrice: "100.00" }]);
    expect(invoice).toMatchObject({ gst: "10.00", total: "110.00", gstIsOneEleventh: true });
    expect(await pdfOf(await binary(agents.owner.get(`/api/invoices/${invoice.id}/pdf`)))).toContain("Total price includes GST");
  });

  it("when the seller is not registered for GST, then the PDF is an Invoice with the ABN and no GST", async () => {
    const { agents, invoice } = await invoiced({ gstRegistered: false }, [{ description: "Smoke alarm replaced", quantity: 1, unitPrice: "100.00" }]);
    const text = await pdfOf(await binary(agents.owner.get(`/api/invoices/${invoice.id}/pdf`)));
    expect(text).toMatch(/^Invoice|\sInvoice\s/);
    expect(text).not.toContain("Tax invoice");
    expect(text).not.toMatch(/GST/);
    expect(text).toContain("ABN 51 824 753 556");
  });

  it("when someone else asks for it, then 404: another provider, another job's link; the team and the super admin may", async () => {
    const { agents, invoice } = await invoiced(REGISTERED, [{ description: "Smoke alarm replaced", quantity: 1, unitPrice: "100.00" }]);
    const other = await invoiced(REGISTERED, [{ description: "Other job", quantity: 1, unitPrice: "100.00" }]);
    expect((await agents.rival.get(`/api/invoices/${invoice.id}/pdf`)).status).toBe(404);
    expect((await other.agents.owner.get(`/api/invoices/${invoice.id}/pdf`)).status).toBe(404);
    expect((await request(ctx.server).get(`/api/jobs/${other.token}/invoices/${invoice.id}/pdf`)).status).toBe(404);
    expect((await request(ctx.server).get(`/api/jobs/${"Q".repeat(32)}/invoices/${invoice.id}/pdf`)).status).toBe(404);
    expect((await agents.customer.get(`/api/invoices/${invoice.id}/pdf`)).status).toBe(403);
    expect((await request(ctx.server).get(`/api/invoices/${invoice.id}/pdf`)).status).toBe(401);
    expect((await agents.member.get(`/api/invoices/${invoice.id}/pdf`)).status).toBe(200);
    expect((await agents.admin.get(`/api/invoices/${invoice.id}/pdf`)).status).toBe(200);
  });
});
