// The rules of the platform's documents for lead purchases (docs/decisions/053-tax-documents-pdf.md):
// whose they are (the buyer, their team and the super admin; anyone else a 404 that says nothing),
// which purchases have a tax invoice (paid, more than $0), which an adjustment note (refunded),
// and the month a statement covers (a Sydney calendar month).
import type { CurrentUser } from "../../../shared/auth";
import { hasTaxInvoice, LEAD_INVOICE_MESSAGES, type LeadStatement } from "../../../shared/lead-invoices";
import { can } from "../../../shared/policy";
import { addDays, endOfSydneyDay, formatSydneyDate, startOfSydneyDay } from "../../../shared/sydney-time";
import { pipelineOwnerId } from "../../platform/access/authorize";
import type { Db } from "../../platform/db/client";
import { renderPdf, type PrintableDocument } from "../../core/printing";
import { notFound } from "../../platform/http/errors";
import { adjustmentNote, statementDocument, statementOf, taxInvoice, type Seller } from "./documents";
import * as repo from "./repo";

export interface LeadInvoiceSettings {
  /** BUSINESS_NAME and BUSINESS_ABN (server/platform/config.ts). */
  seller: Seller;
  /** How the buyer reaches us, in each page's footer: SITE_EMAIL. */
  contact: string;
}

export interface PdfFile {
  pdf: Buffer;
  fileName: string;
}

const fileOf = async (doc: PrintableDocument): Promise<PdfFile> => ({ pdf: await renderPdf(doc), fileName: `${doc.number}.pdf` });

/** The purchase, if it is the viewer's business's (or the viewer is the super admin); a bare 404 otherwise. */
async function ownPurchase(db: Db, user: CurrentUser, purchaseId: number) {
  const purchase = await repo.findPurchase(db, purchaseId, can(user, "workOnAnyPurchase") ? null : pipelineOwnerId(user));
  if (!purchase) throw notFound(LEAD_INVOICE_MESSAGES.notFound);
  return purchase;
}

export async function taxInvoicePdf(db: Db, settings: LeadInvoiceSettings, user: CurrentUser, purchaseId: number): Promise<PdfFile> {
  const purchase = await ownPurchase(db, user, purchaseId);
  // The buyer learns why there is none: a $0 claim charged nothing, a pending payment is not a sale yet.
  if (!hasTaxInvoice(purchase)) throw notFound(Number(purchase.amountPaid) > 0 ? LEAD_INVOICE_MESSAGES.notPaid : LEAD_INVOICE_MESSAGES.free);
  return fileOf(taxInvoice(purchase, settings.seller, settings.contact));
}

/**
 * The tax invoice of a purchase for the card's bank (docs/decisions/094-dispute-evidence.md): the
 * platform's own evidence, asked for by no user; none when the purchase charged nothing.
 */
export async function taxInvoiceForEvidence(db: Db, settings: LeadInvoiceSettings, purchaseId: number): Promise<PdfFile | undefined> {
  const purchase = await repo.findPurchase(db, purchaseId, null);
  return purchase && hasTaxInvoice(purchase) ? fileOf(taxInvoice(purchase, settings.seller, settings.contact)) : undefined;
}

export async function adjustmentNotePdf(db: Db, settings: LeadInvoiceSettings, user: CurrentUser, purchaseId: number): Promise<PdfFile> {
  const purchase = await ownPurchase(db, user, purchaseId);
  if (!hasTaxInvoice(purchase)) throw notFound(Number(purchase.amountPaid) > 0 ? LEAD_INVOICE_MESSAGES.notPaid : LEAD_INVOICE_MESSAGES.free);
  const note = adjustmentNote(purchase, settings.seller, settings.contact);
  if (!note) throw notFound(LEAD_INVOICE_MESSAGES.noRefund);
  return fileOf(note);
}

/** The first instant of month "YYYY-MM" in Sydney, and of the month after. */
function monthRange(month: string) {
  const [year, m] = month.split("-").map(Number) as [number, number];
  const next = m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, "0")}`;
  return { from: startOfSydneyDay(`${month}-01`), to: startOfSydneyDay(`${next}-01`), lastDay: addDays(`${next}-01`, -1) };
}

/** The statement of the viewer's business (a team member's: their owner's) for a Sydney month. */
export async function monthlyStatement(db: Db, user: CurrentUser, month: string): Promise<LeadStatement> {
  const ownerId = pipelineOwnerId(user);
  const { from, to } = monthRange(month);
  const [purchases, refunded] = await Promise.all([repo.purchasesBetween(db, ownerId, from, to), repo.refundedBetween(db, ownerId, from, to)]);
  return statementOf(month, purchases, refunded);
}

export async function monthlyStatementPdf(db: Db, settings: LeadInvoiceSettings, user: CurrentUser, month: string, now: Date): Promise<PdfFile> {
  const ownerId = pipelineOwnerId(user);
  const statement = await monthlyStatement(db, user, month);
  const owner = await repo.ownerBusiness(db, ownerId);
  const personal = owner ? `${owner.firstName ?? ""} ${owner.lastName ?? ""}`.trim() || owner.username : "";
  const { from, lastDay } = monthRange(month);
  const doc = statementDocument(statement, {
    seller: settings.seller,
    buyer: { name: owner?.companyName?.trim() || personal, abn: owner?.abn, address: owner?.address },
    contact: settings.contact,
    issuedAt: now,
    ownerId,
    period: `${formatSydneyDate(from)} – ${formatSydneyDate(endOfSydneyDay(lastDay))}`,
  });
  return { pdf: await renderPdf(doc), fileName: `statement-${month}.pdf` };
}
