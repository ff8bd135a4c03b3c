// Discount codes over HTTP. The buyer's side: check a code, see what it takes off a lead.
// The operator's side: list, issue and deactivate codes, mounted by the admin API behind its token.
import { Router, type RequestHandler } from "express";
import { adminIdParam, discountCodeCreate, discountCodeUpdate } from "../../shared/admin";
import { applyDiscountCodeRequest, validateDiscountCodeRequest } from "../../shared/discounts";
import { fromCents } from "../../shared/pricing";
import { allow, currentUser } from "../auth/authorize";
import type { Db } from "../db/client";
import { parse } from "../http/validate";
import { quoteFor, type SaleDeps } from "../marketplace/sale-service";
import { listDiscountCodes } from "./repo";
import { createDiscountCode, setDiscountCodeActiveState, usableDiscount } from "./service";

/** `guesses`: discountGuessLimits, shared with the purchase routes so every check counts once. */
export function discountRoutes(deps: SaleDeps, guesses: RequestHandler[]) {
  const router = Router();
  const buyers = allow("buyLeads");

  router.post("/discount-codes/validate", buyers, ...guesses, async (req, res) => {
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

  router.post("/discount-codes/apply", buyers, ...guesses, async (req, res) => {
    const { code, leadId } = parse(applyDiscountCodeRequest, req.body ?? {});
    const { quote } = await quoteFor(deps, currentUser(req), leadId, code, deps.now());
    res.json({
      originalPrice: fromCents(quote.originalPriceCents),
      discountAmount: fromCents(quote.discountAmountCents),
      // The amount as it stands after the code; a sale stores it as amountPaid.
      finalPrice: fromCents(quote.amountCents),
    });
  });

  return router;
}

/** `operator` is the admin API's bearer-token guard. */
export function operatorDiscountRoutes(deps: { db: Db; now: () => Date }, operator: RequestHandler) {
  const { db, now } = deps;
  const router = Router();

  router.get("/admin/discount-codes", operator, async (_req, res) => {
    res.json(await listDiscountCodes(db));
  });

  router.post("/admin/discount-codes", operator, async (req, res) => {
    const input = parse(discountCodeCreate, req.body ?? {});
    res.status(201).json(await createDiscountCode(db, input, now()));
  });

  router.patch("/admin/discount-codes/:id", operator, async (req, res) => {
    const { id } = parse(adminIdParam, req.params);
    const { isActive } = parse(discountCodeUpdate, req.body ?? {});
    res.json(await setDiscountCodeActiveState(db, id, isActive, now()));
  });

  return router;
}
