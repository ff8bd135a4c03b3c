// The demo's paid job gets its paid tax invoice (docs/decisions/067-insights.md): Karen's
// switchboard upgrade, $1,650.00 with GST, paid by bank transfer the day after the work, so Dave's
// Insights tab shows revenue ex-GST and a return on his lead spend from real documents.
import { eq } from "drizzle-orm";
import { documentTotals, type DocumentLine } from "../../shared/document-totals";
import { fromCents } from "../../shared/pricing";
import { documentCounters, documentPayments, invoiceLines, invoices, leadPurchases } from "../../shared/schema";
import { sydneyDayKey } from "../../shared/sydney-time";
import type { Db } from "../platform/db/client";
import { DEMO_SELLER } from "./demo-documents";

const SWITCHBOARD: DocumentLine[] = [
  { description: "Switchboard upgrade: ceramic fuses to circuit breakers, 4 RCBOs, surge protection", quantity: "1", unitPrice: "1280.00" },
  { description: "Labour (hours)", quantity: "2.5", unitPrice: "88.00" },
];

export async function seedDemoPaidInvoice(tx: Db, input: { daveId: number; purchaseId: number; customerName: string }) {
  const [job] = await tx.select().from(leadPurchases).where(eq(leadPurchases.id, input.purchaseId));
  const paidAt = job!.invoicePaidAt ?? job!.purchasedAt;
  const issuedAt = new Date(paidAt.getTime() - 3 * 3600_000);
  const totals = documentTotals(SWITCHBOARD, { gstRegistered: true });
  const [invoice] = await tx
    .insert(invoices)
    .values({
      purchaseId: input.purchaseId,
      providerId: input.daveId,
      numberSeq: 2,
      number: "SPK-000002",
      title: "Tax invoice",
      status: "paid",
      ...DEMO_SELLER,
      buyerName: input.customerName,
      subtotal: fromCents(totals.subtotalCents),
      gst: fromCents(totals.gstCents),
      total: fromCents(totals.totalCents),
      issuedAt,
      dueOn: sydneyDayKey(new Date(issuedAt.getTime() + 14 * 86_400_000)),
      createdBy: input.daveId,
    })
    .returning();
  await tx.insert(invoiceLines).values(
    SWITCHBOARD.map((l, position) => ({
      ...l,
      invoiceId: invoice!.id,
      quantity: String(l.quantity),
      position,
      gstFree: false,
      amount: fromCents(totals.lines[position]!.amountCents),
    })),
  );
  await tx.insert(documentPayments).values({
    purchaseId: input.purchaseId,
    invoiceId: invoice!.id,
    amount: fromCents(totals.totalCents),
    method: "eft",
    recordedBy: input.daveId,
    recordedAt: paidAt,
  });
  await tx.update(documentCounters).set({ lastInvoiceNumber: 2 }).where(eq(documentCounters.providerId, input.daveId));
}
