// The quote and invoices on the customer's job page (docs/decisions/054-quote-and-invoice-
// screens.md), rendered to HTML in Node: line by line with GST, Accept and Decline only while the
// server lists them, the answer's state, and an invoice's balance, due day, EFT details and PDF.
import { describe, expect, it } from "vitest";
import { invoice, quote, render, text, TOKEN } from "./job-fixture";

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
    expect(page).toContain("BSB 062-000 Copy Account 12345678 Copy Reference INV-000003 Copy");
    expect(markup).toContain(`href="/api/jobs/${TOKEN}/invoices/3/pdf"`);
    expect(page).not.toContain("Quill");
  });

  it("when an invoice is void, then it says nothing is owed and shows no bank details", () => {
    const page = text(render(null, [], [{ ...invoice, status: "void", voidReason: "Wrong line", balanceDue: "0.00", eft: null }]));
    expect(page).toContain("This invoice was cancelled: Wrong line. Nothing is owed on it.");
    expect(page).not.toContain("Pay by bank transfer");
  });
});
