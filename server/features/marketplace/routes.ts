// Thin HTTP layer of the marketplace: parse, authorise, call the service, shape the answer.
import { Router, type RequestHandler } from "express";
import { areaPreviewQuery } from "../../../shared/auth";
import { applyDiscountCodeRequest } from "../../../shared/discounts";
import { createPaymentIntentRequest, leadIdParam, leadListQuery, purchaseRequest } from "../../../shared/marketplace";
import { MARKET_MESSAGES } from "../../../shared/market-messages";
import { fromCents } from "../../../shared/pricing";
import { allow, currentUser } from "../../platform/access/authorize";
import { AppError } from "../../platform/http/errors";
import { parse } from "../../platform/http/validate";
import { areaPreview, marketListing, sentMarketPage, type MarketCaches } from "./market-service";
import { requireLicensedBuyer } from "../../core/providers";
import { archiveLead, authoriseCard, purchaseLead, quoteFor, type SaleDeps } from "./sale-service";

/** What the buyer is told: a demo purchase never claims that a card was charged (decision 037). */
function purchaseMessage(quote: { isAdminClaim: boolean; amountCents: number }, mode: SaleDeps["payments"]["mode"]) {
  if (quote.isAdminClaim) return MARKET_MESSAGES.adminClaim;
  if (quote.amountCents === 0) return MARKET_MESSAGES.claimedFree;
  return mode === "stripe" ? MARKET_MESSAGES.paid : MARKET_MESSAGES.demoPurchase;
}

/** `guesses`: the discount-code guess limits (server/core/discounts/guess-limits.ts); a wrong code here counts like one at validate. */
export function marketplaceRoutes(deps: SaleDeps & { caches?: MarketCaches; guesses: RequestHandler[] }) {
  const router = Router();
  // Role, then licence (docs/decisions/033: 403 with the reason), then the discount-code guess limits.
  const buyers = [allow("buyLeads"), requireLicensedBuyer(deps.db, deps.now)];

  router.get("/leads", allow("viewMarket"), async (req, res) => {
    const page = await sentMarketPage(deps.db, currentUser(req), parse(leadListQuery, req.query), deps.now(), deps.caches);
    // The ETag lets a reload of an unchanged page come back as 304 (res.send checks it).
    res.set({ "Cache-Control": "no-store", ETag: page.etag }).type("json").send(page.json);
  });

  // The Manage Service Area dialog's live count, before the area is saved.
  router.get("/leads/area-preview", allow("updateServiceArea"), async (req, res) => {
    const { latitude, longitude, radius } = parse(areaPreviewQuery, req.query);
    res.set("Cache-Control", "no-store");
    res.json(await areaPreview(deps.db, { centre: { latitude, longitude }, radiusKm: radius }, deps.now()));
  });

  // A link to one lead (an alert's tap opens /dashboard?lead=<id>): available, sold or gone.
  router.get("/leads/:id/listing", allow("viewMarket"), async (req, res) => {
    const { id } = parse(leadIdParam, req.params);
    res.set("Cache-Control", "no-store");
    res.json(await marketListing(deps.db, currentUser(req), id, deps.now()));
  });

  router.post("/leads/:id/purchase", ...buyers, ...deps.guesses, async (req, res) => {
    const user = currentUser(req);
    const { id } = parse(leadIdParam, req.params);
    const input = parse(purchaseRequest, req.body ?? {});
    const { purchase, lead, quote, electrician } = await purchaseLead(deps, user, id, input);
    res.status(201).json({ purchase, lead, message: purchaseMessage(quote, deps.payments.mode), electrician });
  });

  router.post("/leads/:id/archive", allow("archiveAvailableLead"), async (req, res) => {
    const { id } = parse(leadIdParam, req.params);
    if (!(await archiveLead(deps, id))) throw new AppError(404, "No available lead to archive");
    res.json({ id });
  });

  router.post("/create-payment-intent", ...buyers, ...deps.guesses, async (req, res) => {
    const user = currentUser(req);
    const { leadId, discountCode } = parse(createPaymentIntentRequest, req.body ?? {});
    if (deps.payments.mode !== "stripe") throw new AppError(400, "Demo mode - no card will be charged");
    res.json(await authoriseCard(deps, user, leadId, discountCode));
  });

  // What a code takes off a lead now: the sale's own quote, so it cannot disagree with the
  // price charged. Role and guess limits as at validate; no licence check, as at validate.
  router.post("/discount-codes/apply", allow("buyLeads"), ...deps.guesses, async (req, res) => {
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
