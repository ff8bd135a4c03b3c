// Thin HTTP layer of the platform's documents for lead purchases (docs/decisions/053-tax-documents-pdf.md).
import { Router, type Response } from "express";
import { statementQuery } from "../../../shared/lead-invoices";
import { purchaseIdParam } from "../../../shared/pipeline";
import { allow, currentUser } from "../../platform/access/authorize";
import type { Db } from "../../platform/db/client";
import { parse } from "../../platform/http/validate";
import { adjustmentNotePdf, monthlyStatement, monthlyStatementPdf, taxInvoicePdf, type LeadInvoiceSettings, type PdfFile } from "./service";

export interface LeadInvoiceDeps extends LeadInvoiceSettings {
  db: Db;
  now: () => Date;
}

function sendPdf(res: Response, { pdf, fileName }: PdfFile) {
  // A tax document names the buyer's business: never kept by a shared cache.
  res.set("Cache-Control", "private, no-store");
  res.attachment(fileName);
  res.type("application/pdf").send(pdf);
}

export function leadInvoiceRoutes(deps: LeadInvoiceDeps) {
  const { db, now } = deps;
  const router = Router();
  // Lead spend: the owner chooses whether the team sees it (docs/decisions/087-lead-spend-private-from-the-team.md).
  const leadSpenders = allow("seeLeadSpend");

  router.get("/lead-purchases/statement", leadSpenders, async (req, res) => {
    const { month, format } = parse(statementQuery, req.query);
    if (format === "json") {
      res.set("Cache-Control", "private, no-store");
      res.json(await monthlyStatement(db, currentUser(req), month));
      return;
    }
    sendPdf(res, await monthlyStatementPdf(db, deps, currentUser(req), month, now()));
  });

  router.get("/lead-purchases/:id/tax-invoice", leadSpenders, async (req, res) => {
    const { id } = parse(purchaseIdParam, req.params);
    sendPdf(res, await taxInvoicePdf(db, deps, currentUser(req), id));
  });

  router.get("/lead-purchases/:id/adjustment-note", leadSpenders, async (req, res) => {
    const { id } = parse(purchaseIdParam, req.params);
    sendPdf(res, await adjustmentNotePdf(db, deps, currentUser(req), id));
  });

  return router;
}
