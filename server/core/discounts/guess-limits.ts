// Guessing discount codes is limited like logins (docs/product.md section 13, docs/decisions/025):
// failed checks per buyer and per IP in 15 minutes. Every route that checks a code counts
// against the same two counters: validate and apply, and the purchase and card-authorisation
// routes when they carry a code (a wrong code there is as good an oracle as validate).
import type { Request, RequestHandler } from "express";
import type { Db } from "../../platform/db/client";
import { currentUser } from "../../platform/access/authorize";
import { createLimiter } from "../../platform/http/rate-limit";

export const TOO_MANY_DISCOUNT_ATTEMPTS = "Too many discount code attempts. Please wait 15 minutes and try again.";

export interface DiscountLimits {
  perUser: number;
  perIp: number;
}

/** validate/apply send `code`; purchase and create-payment-intent send `discountCode`. */
const carriesCode = (req: Request) => {
  const body = req.body as { code?: unknown; discountCode?: unknown } | undefined;
  return [body?.code, body?.discountCode].some((code) => typeof code === "string" && code.trim() !== "");
};

/**
 * Mount after the role check (the per-buyer counter needs the signed-in user). A request
 * without a code is not this limit's business. A code that works never counts, nor does losing
 * the race for a lead (409), so honest use is not locked out.
 */
export function discountGuessLimits(db: Db, limits: DiscountLimits): RequestHandler[] {
  const common = {
    db,
    windowMs: 15 * 60_000,
    message: TOO_MANY_DISCOUNT_ATTEMPTS,
    skipSuccessfulRequests: true,
    succeeded: (_req: Request, res: { statusCode: number }) => res.statusCode < 400 || res.statusCode === 409,
    skip: (req: Request) => !carriesCode(req),
  };
  return [
    createLimiter({ ...common, name: "discount-ip", limit: limits.perIp }),
    createLimiter({ ...common, name: "discount-user", limit: limits.perUser, key: (req) => `user:${currentUser(req).id}` }),
  ];
}
