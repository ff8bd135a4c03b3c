// The quote and invoices on the customer's job page (docs/decisions/054-quote-and-invoice-
// screens.md), rendered to HTML in Node: line by line with GST, Accept and Decline only while the
// server lists them, the answer's state, and an invoice's balance, due day, EFT details and PDF.
import { QueryClientProvider } from "@tanstack/react-query";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { CustomerAction } from "@shared/jobs";
import type { Invoice } from "@shared/invoices";
import type { JobQuote } from "@shared/quotes";
import { createQueryClient } from "@/lib/query-client";
import { jobView, TOKEN } from "./job-fixture";
import { JobPageContent } from "./JobPage";

const seller = { businessName: "Sparkright Electrical", abn: "53004085616", address: null, gstRegistered: true };
const quote: JobQuote = {
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
  sentToCustomer: true,
};
const invoice: Invoice = {
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
};

const render = (q: JobQuote | null, actions: CustomerAction[], invoices: Invoice[] = []) => {
  const view = jobView(q?.status === "accepted" ? "accepted" : "quoted", { quote: q, invoices, actions });
  return renderToStaticMarkup(
    createElement(
      QueryClientProvider,
      { client: createQueryClient() },
      createElement(JobPageContent, { token: TOKEN, view, notFound: false, failed: false, now: new Date("2026-03-03T02:00:00Z") }),
    ),
  );
};
const text = (markup: string) =>
  markup
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");

describe("the quote on the job page", () => {
  it("when a quote is open, then it shows each line, the GST, the total, the deposit and the last day, with Accept and Decline", () => {
    const page = text(render(quote, ["accept_quote", "decline_quote", "close"]));
    expect(page).toContain("Quote Q-000007 from Sparkright Electrical");
    expect(page).toContain("Switchboard upgrade with RCBOs 1 × $2,450.00 $2,450.00");
    expect(page).toContain("Permit fee (GST-free)");
    expect(page).toContain("GST $245.00 Total (inc GST) $2,770.00");
    expect(page).toContain("Deposit due on acceptance $554.00");
    expect(page).toContain("Good until Thu, 2 Apr 2026");
    expect(page).toContain("you agree to Sparkright Electrical doing the work in quote Q-000007 for $2,770.00 including GST, and to pay a deposit of $554.00");
    expect(page).toContain("Accept quote for $2,770.00");
    expect(page).toContain("Decline this quote");
  });

  it("when the server lists no answer among the actions, then neither Accept nor Decline shows", () => {
    const page = text(render({ ...quote, status: "expired" }, ["close"]));
    expect(page).not.toContain("Accept quote");
    expect(page).not.toContain("Decline this quote");
    expect(page).toContain("This quote was good until Thu, 2 Apr 2026");
  });

  it("when the customer accepted, then it says when, without the typed name (the link can be forwarded)", () => {
    const accepted = { ...quote, status: "accepted" as const, acceptance: { signatureName: "Harriet Quill", acceptedAt: "2026-03-03T03:00:00.000Z" } };
    const page = text(render(accepted, []));
    expect(page).toContain("You accepted this quote on 3 Mar 2026 with your typed signature");
    expect(page).toContain("Deposit due $554.00");
    expect(page).not.toContain("Quill");
  });

  it("when the customer declined, then the reason they gave is shown back to them", () => {
    const declined = {
      ...quote,
      status: "declined" as const,
      decline: { reason: "found_someone" as const, note: null, declinedAt: "2026-03-03T03:00:00.000Z" },
    };
    expect(text(render(declined, []))).toContain("You declined this quote on 3 Mar 2026 because you found someone else.");
  });
});

describe("invoices on the job page", () => {
  it("when an invoice is part paid, then it shows the balance due by its day, the EFT details with the reference, and the PDF, but not the buyer's name", () => {
    const markup = render(
      { ...quote, status: "accepted", acceptance: { signatureName: "Harriet Quill", acceptedAt: "2026-03-03T03:00:00.000Z" } },
      [],
      [invoice],
    );
    const page = text(markup);
    expect(page).toContain("Tax invoice INV-000003");
    expect(page).toContain("Part paid");
    expect(page).toContain("Deposit paid $554.00 Paid $1,000.00 Balance due $1,216.00");
    expect(page).toContain("$1,216.00 due by Wed, 11 Mar 2026");
    expect(page).toContain("BSB 062-000 Account 12345678 Reference INV-000003");
    expect(markup).toContain(`href="/api/jobs/${TOKEN}/invoices/3/pdf"`);
    expect(page).not.toContain("Quill");
  });

  it("when an invoice is void, then it says nothing is owed and shows no bank details", () => {
    const page = text(render(null, [], [{ ...invoice, status: "void", voidReason: "Wrong line", balanceDue: "0.00" }]));
    expect(page).toContain("This invoice was cancelled: Wrong line. Nothing is owed on it.");
    expect(page).not.toContain("Pay by bank transfer");
  });
});
