// The money after the sale, the electrician's side (docs/decisions/051-quotes-and-tax-invoices.md,
// 052-invoice-numbers-and-payments.md). Thin: parse, service.
import { Router } from "express";
import { businessDetailsUpdate } from "../../../shared/business";
import { invoiceCreateRequest, invoiceIdParam, invoiceVoidRequest, paymentRequest } from "../../../shared/invoices";
import { purchaseIdParam } from "../../../shared/pipeline";
import { quoteCreateRequest } from "../../../shared/quotes";
import { refundRequest } from "../../../shared/stripe-connect";
import { allow, currentUser } from "../../platform/access/authorize";
import { parse } from "../../platform/http/validate";
import { changeBusiness, readBusiness } from "./business";
import type { DocumentDeps } from "./deps";
import { issueInvoice, voidIssuedInvoice } from "./invoices";
import { refundPayment } from "./payment-refunds";
import { recordDeposit, recordInvoicePayment } from "./payments";
import { sendQuote } from "./quotes";
import { invoicePdf, jobDocuments } from "./read";
import { startOnboarding } from "./stripe-account";
import { myPaymentEvidence } from "./dispute-evidence";

export function documentRoutes(deps: DocumentDeps) {
  const { db, now } = deps;
  const router = Router();
  const pipelineUsers = allow("usePipeline");

  router.get("/provider/business", pipelineUsers, async (req, res) => {
    res.set("Cache-Control", "no-store");
    res.json(await readBusiness(deps, currentUser(req)));
  });
  router.patch("/provider/business", allow("changeBusinessDetails"), async (req, res) => {
    const update = parse(businessDetailsUpdate, req.body ?? {});
    res.json(await changeBusiness(deps, currentUser(req), update, now()));
  });
  // The owner's Stripe Express onboarding (docs/decisions/056): a fresh account link each time.
  router.post("/provider/business/stripe-onboarding", allow("changeBusinessDetails"), async (req, res) => {
    res.set("Cache-Control", "no-store");
    res.json(await startOnboarding(deps, currentUser(req)));
  });

  router.get("/lead-purchases/:id/documents", pipelineUsers, async (req, res) => {
    const { id } = parse(purchaseIdParam, req.params);
    res.set("Cache-Control", "no-store");
    res.json(await jobDocuments(db, currentUser(req), id, now()));
  });
  router.post("/lead-purchases/:id/quotes", pipelineUsers, async (req, res) => {
    const { id } = parse(purchaseIdParam, req.params);
    const input = parse(quoteCreateRequest, req.body ?? {});
    res.status(201).json(await sendQuote(deps, currentUser(req), id, input));
  });
  router.post("/quotes/:id/payments", pipelineUsers, async (req, res) => {
    const { id } = parse(invoiceIdParam, req.params);
    const input = parse(paymentRequest, req.body ?? {});
    res.json(await recordDeposit(deps, currentUser(req), id, input));
  });
  router.post("/lead-purchases/:id/invoices", pipelineUsers, async (req, res) => {
    const { id } = parse(purchaseIdParam, req.params);
    const input = parse(invoiceCreateRequest, req.body ?? {});
    res.status(201).json(await issueInvoice(deps, currentUser(req), id, input));
  });
  router.post("/invoices/:id/void", pipelineUsers, async (req, res) => {
    const { id } = parse(invoiceIdParam, req.params);
    const input = parse(invoiceVoidRequest, req.body ?? {});
    res.json(await voidIssuedInvoice(deps, currentUser(req), id, input));
  });
  router.post("/invoices/:id/payments", pipelineUsers, async (req, res) => {
    const { id } = parse(invoiceIdParam, req.params);
    const input = parse(paymentRequest, req.body ?? {});
    res.json(await recordInvoicePayment(deps, currentUser(req), id, input));
  });
  // An online payment given back through Stripe, with a reason (docs/decisions/056).
  router.post("/payments/:id/refund", pipelineUsers, async (req, res) => {
    const { id } = parse(invoiceIdParam, req.params);
    const input = parse(refundRequest, req.body ?? {});
    res.json(await refundPayment(deps, currentUser(req), id, input));
  });
  // What goes to the customer's bank for a disputed payment (docs/decisions/094-dispute-evidence.md).
  router.get("/payments/:id/dispute-evidence", pipelineUsers, async (req, res) => {
    const { id } = parse(invoiceIdParam, req.params);
    res.set("Cache-Control", "no-store").json(await myPaymentEvidence(db, currentUser(req), id));
  });
  // The invoice as a PDF (docs/decisions/051): a tax document names the customer, so no shared cache keeps it.
  router.get("/invoices/:id/pdf", pipelineUsers, async (req, res) => {
    const { id } = parse(invoiceIdParam, req.params);
    const { pdf, fileName } = await invoicePdf(db, currentUser(req), id);
    res.set("Cache-Control", "private, no-store");
    res.attachment(fileName);
    res.type("application/pdf").send(pdf);
  });
  return router;
}
