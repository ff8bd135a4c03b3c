// Whose documents a call may touch: the buyer's, their team's or the super admin's; anyone else's
// job, quote or invoice is "not found", never "forbidden" (docs/product.md section 10 "Roles").
import type { CurrentUser } from "../../../shared/auth";
import { INVOICE_MESSAGES, type Invoice } from "../../../shared/invoices";
import { PIPELINE_MESSAGES } from "../../../shared/pipeline-messages";
import { can } from "../../../shared/policy";
import { pipelineOwnerId } from "../../platform/access/authorize";
import type { Db } from "../../platform/db/client";
import { notFound } from "../../platform/http/errors";
import { invoiceRecords, lockInvoice } from "./invoices-repo";
import { lockPurchase } from "./quotes-repo";
import { invoicePdfPath, toInvoice } from "./view";

/** The pipeline owner whose jobs the user works on; null: any (the super admin). */
export const ownerOf = (user: CurrentUser) => (can(user, "workOnAnyPurchase") ? null : pipelineOwnerId(user));

/** The job a document call names, row-locked with its lead. */
export async function lockedJob(tx: Db, user: CurrentUser, purchaseId: number) {
  const job = await lockPurchase(tx, purchaseId, ownerOf(user));
  if (!job) throw notFound(PIPELINE_MESSAGES.notFound);
  return job;
}

/** An invoice of a job the user works on, locked with its job. */
export async function lockInvoicedJob(tx: Db, user: CurrentUser, invoiceId: number) {
  const invoice = await lockInvoice(tx, invoiceId);
  const job = invoice && (await lockPurchase(tx, invoice.purchaseId, ownerOf(user)));
  if (!invoice || !job) throw notFound(INVOICE_MESSAGES.notFound);
  return { invoice, ...job };
}

/** Invoices as the electrician's side reads them. */
export async function readInvoices(db: Db, invoiceIds: number[]): Promise<Invoice[]> {
  return (await invoiceRecords(db, { invoiceIds })).map((r) => toInvoice(r, invoicePdfPath(r.invoice.id)));
}
