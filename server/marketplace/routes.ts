// Thin HTTP layer of the marketplace: parse, authorise, call the service, shape the answer.
import { Router, type RequestHandler } from "express";
import { applyDiscountCodeRequest, validateDiscountCodeRequest } from "../../shared/discounts";
import { createPaymentIntentRequest, leadIdParam, leadListQuery, MARKET_MESSAGES, purchaseRequest, type LeadPage } from "../../shared/marketplace";
import { fromCents } from "../../shared/pricing";
import { currentUser, pipelineOwnerId, requireRole, requireUser } from "../auth/authorize";
import { AppError } from "../http/errors";
import { parse } from "../http/validate";
import { toMarketLead } from "./redact";
import { archiveAvailableLead, countAvailableLeads, decodeCursor, listAvailableLeads, purchasesOf } from "./repo";
import { assertCanBuy, authoriseCard, purchaseLead, quoteFor, usableDiscount, type SaleDeps } from "./sale-service";

export function marketplaceRoutes(deps: SaleDeps) {
  const router = Router();
  const buyers = requireRole("provider", "super_admin");

  router.get("/leads", buyers, async (req, res) => {
    const user = currentUser(req);
    const { limit, cursor } = parse(leadListQuery, req.query);
    const after = cursor ? decodeCursor(cursor) : null;
    if (cursor && !after) throw new AppError(400, "Invalid cursor");
    const [{ rows, nextCursor }, total] = await Promise.all([listAvailableLeads(deps.db, { limit, after }), countAvailableLeads(deps.db)]);
    const now = deps.now();
    const page: LeadPage = {
      leads: rows.map((lead) => toMarketLead(lead, user, now)),
      nextCursor,
      serverTime: now.toISOString(),
      total,
    };
    res.set("Cache-Control", "no-store");
    res.json(page);
  });

  router.post("/leads/:id/purchase", requireUser, async (req, res) => {
    const user = currentUser(req);
    const { id } = parse(leadIdParam, req.params);
    const input = parse(purchaseRequest, req.body ?? {});
    const { purchase, lead, quote } = await purchaseLead(deps, user, id, input);
    res.status(201).json({
      purchase,
      lead,
      message: quote.isAdminClaim ? MARKET_MESSAGES.adminClaim : quote.amountCents === 0 ? "Lead claimed for free" : "Payment processed successfully!",
    });
  });

  router.post("/leads/:id/archive", requireRole("super_admin"), async (req, res) => {
    const { id } = parse(leadIdParam, req.params);
    if (!(await archiveAvailableLead(deps.db, id, deps.now()))) throw new AppError(404, "No available lead to archive");
    res.json({ id });
  });

  router.post("/create-payment-intent", buyers, async (req, res) => {
    const user = currentUser(req);
    assertCanBuy(user);
    const { leadId, discountCode } = parse(createPaymentIntentRequest, req.body ?? {});
    if (deps.payments.mode !== "stripe") throw new AppError(400, "Demo mode - no card will be charged");
    res.json(await authoriseCard(deps, user, leadId, discountCode));
  });

  router.post("/discount-codes/validate", buyers, async (req, res) => {
    const { code } = parse(validateDiscountCodeRequest, req.body ?? {});
    const discount = await usableDiscount(deps.db, code, deps.now());
    res.json({
      id: discount.id,
      code: discount.code,
      description: discount.description,
      discountType: discount.discountType,
      discountValue: discount.discountValue,
    });
  });

  router.post("/discount-codes/apply", buyers, async (req, res) => {
    const { code, leadId } = parse(applyDiscountCodeRequest, req.body ?? {});
    const { quote } = await quoteFor(deps, currentUser(req), leadId, code, deps.now());
    res.json({
      originalPrice: fromCents(quote.originalCents),
      discountAmount: fromCents(quote.discountCents),
      finalPrice: fromCents(quote.amountCents),
    });
  });

  const myPurchases: RequestHandler = async (req, res) => {
    const rows = await purchasesOf(deps.db, pipelineOwnerId(currentUser(req)));
    res.set("Cache-Control", "no-store");
    res.json(rows.map(({ purchase, lead }) => ({ ...purchase, lead })));
  };
  const pipelineUsers = requireRole("provider", "team_member", "super_admin");
  router.get("/my-purchased-leads", pipelineUsers, myPurchases);
  router.get("/lead-purchases", pipelineUsers, myPurchases);

  return router;
}
