// Paying on the job page (docs/decisions/057-paying-on-the-job-page.md), rendered to HTML in Node:
// "Pay $X now" only where the server lists `pay`, the bank details only where it sends them, the
// deposit paid only when the server's figures say so, and a demo payment always called a demo.
import { describe, expect, it } from "vitest";
import type { Payment } from "@shared/document-payments";
import { invoice, quote, render, text } from "./job-fixture";

const accepted = { ...quote, status: "accepted" as const, acceptance: { signatureName: "Harriet Quill", acceptedAt: "2026-03-03T03:00:00.000Z" } };
const demoPayment: Payment = {
  id: 41,
  amount: "554.00",
  method: "card",
  recordedAt: "2026-03-03T03:01:00.000Z",
  source: "demo",
  refundedAmount: "0.00",
  refunds: [],
  overpaid: "0.00",
  refundable: true,
  dispute: null,
};

describe("paying the deposit on the job page", () => {
  it("when the accepted quote's deposit can be paid online, then it shows what is owed and Pay $X now, and no bank details", () => {
    const page = text(render({ ...accepted, actions: ["pay"] }, ["pay"]));
    expect(page).toContain("Deposit due $554.00");
    expect(page).toContain("Pay $554.00 now");
    expect(page).toContain("Card, Apple Pay or Google Pay, paid straight to your electrician.");
    expect(page).not.toContain("Pay by bank transfer");
    expect(page).not.toContain("Deposit of $554.00 paid");
  });

  it("when it cannot be paid online, then the bank details show with the quote's number as the reference, and no Pay button", () => {
    const eft = { bsb: "062000", account: "12345678", accountName: "Sparkright Electrical", reference: "Q-000007", amount: "554.00" };
    const page = text(render({ ...accepted, eft }, []));
    expect(page).toContain("Pay by bank transfer Amount $554.00 Copy Account name Sparkright Electrical Copy BSB 062-000 Copy");
    expect(page).toContain("Reference Q-000007 Copy");
    expect(page).toContain("They'll record it when it reaches their account.");
    expect(page).not.toMatch(/Pay \$[\d,.]+ now/);
  });

  it("when the server's figures have the deposit paid by a demo payment, then it is paid and the page says no money moved", () => {
    const page = text(render({ ...accepted, depositPaid: "554.00", payments: [demoPayment] }, []));
    expect(page).toContain("Deposit of $554.00 paid. Thank you.");
    expect(page).toContain("Demo payment: no money moved.");
    expect(page).toContain("The $554.00 deposit is marked as paid");
    expect(page).not.toMatch(/Pay \$[\d,.]+ now/);
  });

  it("when the deposit was paid by card through Stripe, then it is paid with no demo wording", () => {
    const page = text(render({ ...accepted, depositPaid: "554.00", payments: [{ ...demoPayment, source: "stripe" }] }, []));
    expect(page).toContain("Deposit of $554.00 paid.");
    expect(page).not.toContain("Demo payment");
  });
});

describe("paying an invoice on the job page", () => {
  it("when the invoice can be paid online, then Pay shows its balance and the bank details do not", () => {
    const page = text(render(accepted, ["pay"], [{ ...invoice, actions: ["pay"], eft: null }]));
    expect(page).toContain("$1,216.00 due by Wed, 11 Mar 2026");
    expect(page).toContain("Pay $1,216.00 now");
    expect(page).not.toContain("Pay by bank transfer");
  });

  it("when its last payment did not go through, then the page says when and why above Pay, which stays", () => {
    const failed = { at: "2026-03-04T01:30:00.000Z", message: "Your card was declined." };
    const page = text(render(accepted, ["pay"], [{ ...invoice, actions: ["pay"], eft: null, paymentFailed: failed }]));
    expect(page).toContain("Your payment on 4 Mar 2026, 12:30 pm did not go through. Your card was declined. You can pay again.");
    expect(page).toContain("Pay $1,216.00 now");
    expect(text(render(accepted, ["pay"], [{ ...invoice, actions: ["pay"], eft: null }]))).not.toContain("did not go through");
  });

  it("when a demo payment paid it, then it reads paid, and a demo", () => {
    const paid = { ...invoice, status: "paid" as const, paid: "2216.00", balanceDue: "0.00", eft: null, payments: [{ ...demoPayment, amount: "1216.00" }] };
    const page = text(render(accepted, [], [paid]));
    expect(page).toContain("Paid in full. Thank you.");
    expect(page).toContain("Demo payment: no money moved.");
    expect(page).toContain("The $1,216.00 payment is marked as paid");
    expect(page).not.toMatch(/Pay \$[\d,.]+ now/);
  });
});
