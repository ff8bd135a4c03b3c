// The wire contract of quotes, invoices and business details (docs/decisions/051, 052): the bodies
// a screen sends, typed as the contract types them, parse as the server parses them; every status
// and method has words.
import { describe, expect, it } from "vitest";
import { businessDetailsUpdate, type BusinessDetailsUpdate } from "./business";
import type { DocumentLineInput } from "./document-lines";
import {
  INVOICE_STATUSES,
  INVOICE_STATUS_LABELS,
  invoiceCreateRequest,
  invoiceVoidRequest,
  PAYMENT_METHODS,
  PAYMENT_METHOD_LABELS,
  paymentRequest,
  type InvoiceCreateRequest,
  type InvoiceVoidRequest,
  type Payment,
  type PaymentRequest,
} from "./invoices";
import {
  QUOTE_STATUSES,
  QUOTE_STATUS_LABELS,
  quoteAcceptRequest,
  quoteCreateRequest,
  quoteDeclineRequest,
  type QuoteAcceptRequest,
  type QuoteCreateRequest,
  type QuoteDeclineRequest,
} from "./quotes";

const line: DocumentLineInput = { description: "Downlight", quantity: "1.5", unitPrice: "60" };

describe("the documents' wire contract", () => {
  it("when a screen's bodies are parsed, then they pass, money as 2-decimal strings", () => {
    const quote: QuoteCreateRequest = { items: [line, { ...line, gstFree: true }], depositPercent: 12.5, validUntil: "2026-12-24", notes: "" };
    expect(quoteCreateRequest.parse(quote).items[0]).toEqual({ description: "Downlight", quantity: "1.5", unitPrice: "60.00", gstFree: false });
    const invoice: InvoiceCreateRequest = { quoteId: 3, dueDays: 14 };
    expect(invoiceCreateRequest.parse(invoice)).toMatchObject({ quoteId: 3, dueDays: 14 });
    const pay: PaymentRequest = { amount: 10.5, method: "eft" };
    expect(paymentRequest.parse(pay)).toEqual({ amount: "10.50", method: "eft" });
    const voided: InvoiceVoidRequest = { reason: " Wrong name " };
    expect(invoiceVoidRequest.parse(voided)).toEqual({ reason: "Wrong name" });
    const accept: QuoteAcceptRequest = { signatureName: "Karen Mitchell" };
    const decline: QuoteDeclineRequest = { reason: "timing", note: "" };
    expect(quoteAcceptRequest.parse(accept).signatureName).toBe("Karen Mitchell");
    expect(quoteDeclineRequest.parse(decline)).toEqual({ reason: "timing", note: null });
    const business: BusinessDetailsUpdate = { invoicePrefix: "spk", bankBsb: "062-000" };
    expect(businessDetailsUpdate.parse(business)).toEqual({ invoicePrefix: "SPK", bankBsb: "062000" });
  });

  it("when every status and method is listed, then each has words", () => {
    for (const s of QUOTE_STATUSES) expect(QUOTE_STATUS_LABELS[s]).toMatch(/\w/);
    for (const s of INVOICE_STATUSES) expect(INVOICE_STATUS_LABELS[s]).toMatch(/\w/);
    for (const m of PAYMENT_METHODS) expect(PAYMENT_METHOD_LABELS[m]).toMatch(/\w/);
    const recorded: Payment = {
      id: 1,
      amount: "1.00",
      method: "cash",
      recordedAt: "2026-11-23T01:00:00.000Z",
      source: "recorded",
      refundedAmount: "0.00",
      refunds: [],
      overpaid: "0.00",
      refundable: false,
      dispute: null,
    };
    expect(PAYMENT_METHOD_LABELS[recorded.method]).toBe("Cash");
  });
});
