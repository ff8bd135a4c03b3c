// What the insights tests seed (docs/decisions/067-insights.md): a market job as a spec (its lead
// fee, refund, contact, stage, quote, invoice and payments), written straight to the tables, and
// the same spec summed by the test's own plain arithmetic, never by the module under test.
import { contactAttempts, documentPayments, invoices, purchaseRefunds, quotes, salesStageHistory, type NewLead } from "../../../../shared/schema";
import type { SalesStage } from "../../../../shared/enums";
import type { DeclineReason } from "../../../../shared/pipeline-jobs";
import type { Db } from "../../../platform/db/client";
import { createPurchase } from "../../../setup/factories";

export interface JobSpec {
  boughtAt: string;
  fee: string;
  refund?: string;
  /** Minutes after the purchase of the first logged attempt, or of the first move to Called. */
  contactAfter?: number;
  contactBy?: "attempt" | "stage";
  stage?: SalesStage;
  declineReason?: DeclineReason;
  /** A quote sent (and accepted when the stage is accepted or later). */
  quote?: { subtotal: string; gst: string; total: string; accepted?: boolean };
  invoice?: { subtotal: string; gst: string; total: string };
  /** Payments on the quote's deposit or the invoice; `refunded` given back. */
  payments?: Array<{ on: "quote" | "invoice"; amount: string; refunded?: string }>;
  assignedTo?: number;
  /** The amount typed on the card at Paid, for a job run without our documents (shared/job-paid.ts). */
  typedPayment?: string;
  lead?: Partial<NewLead>;
  released?: boolean;
}

let seq = 0;

const STAMPS: Partial<Record<SalesStage, string[]>> = {
  called: ["calledAt"],
  quote_sent: ["calledAt", "quoteSentAt"],
  quote_accepted: ["calledAt", "quoteSentAt", "quoteAcceptedAt"],
  booked_in: ["calledAt", "quoteSentAt", "quoteAcceptedAt", "bookedInAt"],
  invoice_paid: ["calledAt", "quoteSentAt", "quoteAcceptedAt", "bookedInAt", "invoicePaidAt"],
  declined: ["declinedAt"],
};

export async function seedJob(db: Db, buyerId: number, spec: JobSpec) {
  const boughtAt = new Date(spec.boughtAt);
  const later = new Date(boughtAt.getTime() + 24 * 3_600_000);
  const stamps = Object.fromEntries((STAMPS[spec.stage ?? "purchased"] ?? []).map((k) => [k, later]));
  const purchase = await createPurchase(db, buyerId, {
    lead: { suburb: "Parramatta", state: "NSW", ...spec.lead },
    purchase: {
      purchasedAt: boughtAt,
      amountPaid: spec.fee,
      paymentStatus: spec.refund ? "refunded" : "completed",
      salesStage: spec.stage ?? "purchased",
      declineReason: spec.declineReason ?? null,
      assignedTo: spec.assignedTo ?? null,
      releasedAt: spec.released ? later : null,
      refundAmount: spec.refund ?? null,
      customerPaymentAmount: spec.typedPayment ?? null,
      ...stamps,
    },
  });
  if (spec.refund) await db.insert(purchaseRefunds).values({ purchaseId: purchase.id, reason: "bad_lead", amount: spec.refund });
  if (spec.contactAfter !== undefined) {
    const at = new Date(boughtAt.getTime() + spec.contactAfter * 60_000);
    if (spec.contactBy === "stage")
      await db.insert(salesStageHistory).values({ purchaseId: purchase.id, fromStage: "purchased", toStage: "called", createdAt: at });
    else await db.insert(contactAttempts).values({ purchaseId: purchase.id, userId: buyerId, channel: "call", outcome: "reached", createdAt: at });
  }
  const seller = { providerId: buyerId, sellerGstRegistered: spec.quote ? spec.quote.gst !== "0.00" : false };
  let quoteId: number | null = null;
  if (spec.quote) {
    const n = ++seq;
    const [q] = await db
      .insert(quotes)
      .values({
        ...seller,
        purchaseId: purchase.id,
        numberSeq: n,
        number: `Q-${n}`,
        status: spec.quote.accepted ? "accepted" : "sent",
        subtotal: spec.quote.subtotal,
        gst: spec.quote.gst,
        total: spec.quote.total,
        validUntil: "2099-12-31",
      })
      .returning();
    quoteId = q!.id;
  }
  let invoiceId: number | null = null;
  if (spec.invoice) {
    const n = ++seq;
    const [inv] = await db
      .insert(invoices)
      .values({
        providerId: buyerId,
        sellerGstRegistered: spec.invoice.gst !== "0.00",
        purchaseId: purchase.id,
        quoteId,
        numberSeq: n,
        number: `INV-${n}`,
        title: "Invoice",
        status: "paid",
        subtotal: spec.invoice.subtotal,
        gst: spec.invoice.gst,
        total: spec.invoice.total,
        issuedAt: later,
        dueOn: "2099-12-31",
      })
      .returning();
    invoiceId = inv!.id;
  }
  for (const p of spec.payments ?? []) {
    await db.insert(documentPayments).values({
      purchaseId: purchase.id,
      quoteId: p.on === "quote" ? quoteId : null,
      invoiceId: p.on === "invoice" ? invoiceId : null,
      amount: p.amount,
      refunded: p.refunded ?? "0.00",
      method: "eft",
      source: "recorded",
      recordedAt: later,
    });
  }
  return purchase;
}

/** The figures the test expects, summed plainly from the specs (cents; ex-GST pro rata, half up). */
export function expectedFigures(specs: JobSpec[]) {
  const c = (s: string | undefined) => Math.round(Number(s ?? "0") * 100);
  let spend = 0;
  let revenue = 0;
  const reached = { contacted: 0, quoted: 0, accepted: 0, booked: 0, paid: 0, declined: 0 };
  const minutes: number[] = [];
  const order: SalesStage[] = ["purchased", "called", "quote_sent", "quote_accepted", "booked_in", "invoice_paid"];
  for (const s of specs) {
    spend += c(s.fee) - c(s.refund);
    // A typed amount counts only on a job without documents, kept whole (docs/decisions/080-what-a-job-was-paid.md).
    if (s.typedPayment && !s.quote && !s.invoice) revenue += c(s.typedPayment);
    for (const p of s.payments ?? []) {
      const doc = p.on === "quote" ? s.quote! : s.invoice!;
      const kept = c(p.amount) - c(p.refunded);
      revenue += c(doc.gst) === 0 ? kept : Math.round((kept * c(doc.subtotal)) / c(doc.total) + 1e-9);
    }
    const rank = order.indexOf(s.stage ?? "purchased");
    if (rank >= 1 || s.contactAfter !== undefined || s.quote) reached.contacted += 1;
    if (rank >= 2 || s.quote) reached.quoted += 1;
    if (rank >= 3 || s.quote?.accepted) reached.accepted += 1;
    if (rank >= 4) reached.booked += 1;
    if (rank >= 5) reached.paid += 1;
    if (s.stage === "declined") reached.declined += 1;
    // First contact: the logged one, or the Called stamp the stage left a day after the purchase.
    const stamped = STAMPS[s.stage ?? "purchased"]?.includes("calledAt") ? 24 * 60 : Infinity;
    const first = Math.min(s.contactAfter ?? Infinity, stamped);
    if (first !== Infinity) minutes.push(first);
  }
  minutes.sort((a, b) => a - b);
  const mid = minutes.length >> 1;
  const medianMinutes = minutes.length === 0 ? null : Math.round(minutes.length % 2 ? minutes[mid]! : (minutes[mid - 1]! + minutes[mid]!) / 2);
  const dollars = (cents: number) => (cents / 100).toFixed(2);
  return {
    leadsBought: specs.length,
    spend: dollars(spend),
    ...reached,
    revenue: dollars(revenue),
    returnOnSpend: spend === 0 ? null : Number((revenue / spend).toFixed(2)),
    costPerWonJob: reached.accepted === 0 ? null : dollars(Math.round(spend / reached.accepted)),
    medianMinutesToContact: medianMinutes,
  };
}
