// Discount codes over HTTP. The buyer's side: check a code (what it takes off a lead is the
// marketplace's quote: POST /discount-codes/apply in server/features/marketplace/routes.ts).
// The operator's side: list, issue and deactivate codes, mounted by the admin API behind its token.
import { Router, type RequestHandler } from "express";
import { adminIdParam, discountCodeCreate, discountCodeUpdate } from "../../../shared/admin";
import { validateDiscountCodeRequest } from "../../../shared/discounts";
import { allow } from "../../platform/access/authorize";
import type { Db } from "../../platform/db/client";
import { parse } from "../../platform/http/validate";
import { createDiscountCode, listDiscountCodes, setDiscountCodeActiveState, usableDiscount } from "../../core/discounts";

/** `guesses`: discountGuessLimits, shared with the purchase routes so every check counts once. */
export function discountRoutes(deps: { db: Db; now: () => Date }, guesses: RequestHandler[]) {
  // Mounted at /api/discount-codes (server/app.ts): the paths below are relative to it.
  const router = Router();
  const buyers = allow("buyLeads");

  router.post("/validate", buyers, ...guesses, async (req, res) => {
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

  return router;
}

/** `operator` is the admin API's bearer-token guard. */
export function operatorDiscountRoutes(deps: { db: Db; now: () => Date }, operator: RequestHandler) {
  const { db, now } = deps;
  // Mounted at /api/admin, inside the operator's router (server/app.ts): the paths below are relative to it.
  const router = Router();

  router.get("/discount-codes", operator, async (_req, res) => {
    res.json(await listDiscountCodes(db));
  });

  router.post("/discount-codes", operator, async (req, res) => {
    const input = parse(discountCodeCreate, req.body ?? {});
    res.status(201).json(await createDiscountCode(db, input, now()));
  });

  router.patch("/discount-codes/:id", operator, async (req, res) => {
    const { id } = parse(adminIdParam, req.params);
    const { isActive } = parse(discountCodeUpdate, req.body ?? {});
    res.json(await setDiscountCodeActiveState(db, id, isActive, now()));
  });

  return router;
}
