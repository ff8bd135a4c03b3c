// The customer answers a quote on their job page (docs/decisions/051-quotes-and-tax-invoices.md)
// and pays a deposit or an invoice online (docs/decisions/056-money-online-stripe-connect.md).
// Public: the token is the only key; an unknown token, another job's quote or a provider's own
// job is 404. Mounted at /api/jobs beside the job page's own routes.
import { Router, type RequestHandler } from "express";
import { jobInvoiceParams } from "../../../shared/invoices";
import { JOB_PAGE_MESSAGES } from "../../../shared/jobs";
import { quoteAcceptRequest, quoteDeclineRequest, quoteIdParams } from "../../../shared/quotes";
import { AppError } from "../../platform/http/errors";
import { parse } from "../../platform/http/validate";
import { jobApiHeaders } from "../../platform/http/job-page-privacy";
import { leadOfToken } from "../../core/job-links";
import { acceptQuote, declineQuote } from "./answers";
import { startPayment } from "./online";
import { customerInvoicePdf } from "./read";
import type { DocumentDeps } from "./deps";

export function jobDocumentRoutes(deps: DocumentDeps & { limiter: RequestHandler; readLimiter: RequestHandler }) {
  const router = Router();
  router.use(jobApiHeaders);
  const leadOf = async (token: string) => {
    const lead = await leadOfToken(deps.db, token);
    if (!lead) throw new AppError(404, JOB_PAGE_MESSAGES.notFound);
    return lead;
  };
  router.post("/:token/quotes/:quoteId/accept", deps.limiter, async (req, res) => {
    const { token, quoteId } = parse(quoteIdParams, req.params);
    const lead = await leadOf(token);
    const input = parse(quoteAcceptRequest, req.body ?? {});
    res.json(await acceptQuote(deps, lead, quoteId, input, { ip: req.ip ?? null, userAgent: req.get("user-agent") ?? null }));
  });
  router.post("/:token/quotes/:quoteId/decline", deps.limiter, async (req, res) => {
    const { token, quoteId } = parse(quoteIdParams, req.params);
    const lead = await leadOf(token);
    const input = parse(quoteDeclineRequest, req.body ?? {});
    res.json(await declineQuote(deps, lead, quoteId, input));
  });
  // Paying online (docs/decisions/056): the deposit of an accepted quote, or an invoice's balance.
  router.post("/:token/quotes/:quoteId/pay", deps.limiter, async (req, res) => {
    const { token, quoteId } = parse(quoteIdParams, req.params);
    res.set("Cache-Control", "no-store");
    res.json(await startPayment(deps, await leadOf(token), { quoteId }));
  });
  router.post("/:token/invoices/:id/pay", deps.limiter, async (req, res) => {
    const { token, id } = parse(jobInvoiceParams, req.params);
    res.set("Cache-Control", "no-store");
    res.json(await startPayment(deps, await leadOf(token), { invoiceId: id }));
  });
  // The customer's copy of an invoice (docs/decisions/051): another job's invoice is 404.
  router.get("/:token/invoices/:id/pdf", deps.readLimiter, async (req, res) => {
    const { token, id } = parse(jobInvoiceParams, req.params);
    const { pdf, fileName } = await customerInvoicePdf(deps, await leadOf(token), id, token, deps.now());
    res.set("Cache-Control", "private, no-store");
    res.attachment(fileName);
    res.type("application/pdf").send(pdf);
  });
  return router;
}
