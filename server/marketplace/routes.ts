// Thin HTTP layer of the marketplace: parse, authorise, call the service, shape the answer.
import { Router, type RequestHandler } from "express";
import { AREA_PREVIEW_DAYS, areaPreviewQuery, type AreaPreview } from "../../shared/auth";
import { createPaymentIntentRequest, leadIdParam, leadListQuery, purchaseRequest } from "../../shared/marketplace";
import { MARKET_MESSAGES } from "../../shared/market-messages";
import { allow, currentUser } from "../auth/authorize";
import { AppError } from "../http/errors";
import { parse } from "../http/validate";
import type { MarketPageCache } from "./market-cache";
import { countLeadsInArea } from "./market-repo";
import { marketListing, marketPage } from "./market-service";
import { archiveLead, authoriseCard, purchaseLead, type SaleDeps } from "./sale-service";
import { requireLicensedBuyer } from "../vetting/standing";

/** `guesses`: the discount-code guess limits (server/discounts/guess-limits.ts); a wrong code here counts like one at validate. */
export function marketplaceRoutes(deps: SaleDeps & { pages?: MarketPageCache; guesses: RequestHandler[] }) {
  const router = Router();
  // Role, then licence (docs/decisions/033: 403 with the reason), then the discount-code guess limits.
  const buyers = [allow("buyLeads"), requireLicensedBuyer(deps.db, deps.now)];

  router.get("/leads", allow("viewMarket"), async (req, res) => {
    const page = await marketPage(deps.db, currentUser(req), parse(leadListQuery, req.query), deps.now(), deps.pages);
    res.set("Cache-Control", "no-store");
    res.json(page);
  });

  // The Manage Service Area dialog's live count, before the area is saved.
  router.get("/leads/area-preview", allow("updateServiceArea"), async (req, res) => {
    const { latitude, longitude, radius } = parse(areaPreviewQuery, req.query);
    const since = new Date(deps.now().getTime() - AREA_PREVIEW_DAYS * 86_400_000);
    const preview: AreaPreview = {
      count: await countLeadsInArea(deps.db, { centre: { latitude, longitude }, radiusKm: radius }, since),
      days: AREA_PREVIEW_DAYS,
    };
    res.set("Cache-Control", "no-store");
    res.json(preview);
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
    const { purchase, lead, quote } = await purchaseLead(deps, user, id, input);
    res.status(201).json({
      purchase,
      lead,
      message: quote.isAdminClaim ? MARKET_MESSAGES.adminClaim : quote.amountCents === 0 ? "Lead claimed for free" : "Payment processed successfully!",
    });
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

  return router;
}
