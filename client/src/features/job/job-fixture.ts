// A job view as GET /api/jobs/:token answers it, its quote and invoice, and the page rendered to
// HTML in Node, for the job page's tests.
import { QueryClientProvider } from "@tanstack/react-query";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { JobInvoice } from "@shared/invoices";
import type { CustomerAction, JobStatus, JobView } from "@shared/jobs";
import type { JobQuote } from "@shared/quotes";
import { createQueryClient } from "@/lib/query-client";
import { JobPageContent } from "./JobPage";

export const TOKEN = "AbCdEfGhIjKlMnOpQrStUvWxYz012345";

const TIMES: Record<JobStatus, string> = {
  finding: "2026-03-02T22:10:00.000Z",
  matched: "2026-03-02T22:41:00.000Z",
  contacted: "2026-03-02T23:05:00.000Z",
  quoted: "2026-03-03T01:00:00.000Z",
  accepted: "2026-03-03T02:00:00.000Z",
  booked: "2026-03-03T03:00:00.000Z",
  paid: "2026-03-05T04:00:00.000Z",
  closed: "2026-03-06T04:00:00.000Z",
};

const ORDER: JobStatus[] = ["finding", "matched", "contacted", "quoted", "accepted", "booked", "paid"];

/** A request in Parramatta at `status`, its timeline up to there; sold from `matched` on. */
export function jobView(status: JobStatus, overrides: Partial<JobView> = {}): JobView {
  const reached = status === "closed" ? ["finding", "matched", "closed"] : ORDER.slice(0, ORDER.indexOf(status) + 1);
  const sold = status !== "finding";
  return {
    jobReference: "AE-104233E",
    status,
    submittedAt: TIMES.finding,
    serviceType: "installation",
    suburb: "Parramatta",
    state: "NSW",
    postcode: "2150",
    electricalWork: "Two new power points in the garage and an outside light by the back door.",
    electrician: sold
      ? {
          businessName: "Sparkright Electrical",
          firstName: "Dave",
          phone: "0412345678",
          licenceNumber: "245871C",
          licenceState: "NSW",
          licenceCheckedAt: "2026-01-14T00:00:00.000Z",
          abn: "53004085616",
          memberSince: "2025-03-10T00:00:00.000Z",
          jobsCompleted: 12,
          medianMinutesToContact: 25,
          profilePath: "/electricians/sparkright-electrical-parramatta",
          rating: { average: 4.7, count: 9 },
        }
      : null,
    contactBy: sold ? "2026-03-03T00:41:00.000Z" : null,
    timeline: reached.map((s) => ({ status: s as JobStatus, at: TIMES[s as JobStatus] })),
    actions: [],
    notContacted: null,
    closure: null,
    certificates: [],
    photoCount: 0,
    photos: [],
    quote: null,
    invoices: [],
    review: null,
    booking: null,
    ...overrides,
  };
}

const seller = { businessName: "Sparkright Electrical", abn: "53004085616", address: null, gstRegistered: true };
export const quote: JobQuote = {
  id: 7,
  number: "Q-000007",
  status: "sent",
  items: [
    { description: "Switchboard upgrade with RCBOs", quantity: "1", unitPrice: "2450.00", gstFree: false, amount: "2450.00" },
    { description: "Permit fee", quantity: "1", unitPrice: "75.00", gstFree: true, amount: "75.00" },
  ],
  subtotal: "2525.00",
  gst: "245.00",
  total: "2770.00",
  gstIsOneEleventh: false,
  deposit: "554.00",
  depositPercent: 20,
  depositAmount: null,
  validUntil: "2026-04-02",
  notes: null,
  seller,
  createdAt: "2026-03-03T01:00:00.000Z",
  acceptance: null,
  decline: null,
  depositPaid: "0.00",
  payments: [],
  sentToCustomer: true,
  actions: [],
  eft: null,
  paymentFailed: null,
};
export const invoice: JobInvoice = {
  id: 3,
  number: "INV-000003",
  title: "Tax invoice",
  status: "part_paid",
  issuedAt: "2026-03-04T01:00:00.000Z",
  dueAt: "2026-03-11",
  items: quote.items,
  subtotal: quote.subtotal,
  gst: quote.gst,
  total: quote.total,
  gstIsOneEleventh: false,
  depositPaid: "554.00",
  paid: "1000.00",
  balanceDue: "1216.00",
  quoteId: 7,
  seller,
  buyer: { name: "Harriet Quill", abn: null },
  bank: { bsb: "062000", account: "12345678" },
  notes: null,
  payments: [],
  voidedAt: null,
  voidReason: null,
  pdfUrl: `/api/jobs/${TOKEN}/invoices/3/pdf`,
  actions: [],
  paymentFailed: null,
  eft: { bsb: "062000", account: "12345678", accountName: "Sparkright Electrical", reference: "INV-000003", amount: "1216.00" },
};

/** The page with this quote and these invoices, as HTML. */
export const render = (q: JobQuote | null, actions: CustomerAction[], invoices: JobInvoice[] = []) => {
  const view = jobView(q?.status === "accepted" ? "accepted" : "quoted", { quote: q, invoices, actions });
  return renderToStaticMarkup(
    createElement(
      QueryClientProvider,
      { client: createQueryClient() },
      createElement(JobPageContent, { token: TOKEN, view, notFound: false, failed: false, now: new Date("2026-03-03T02:00:00Z") }),
    ),
  );
};
/** The page's words, one space apart. */
export const text = (markup: string) =>
  markup
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");
