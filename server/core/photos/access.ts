// Who gets which photo (docs/decisions/050-photos.md; docs/product.md section 10 "Privacy before
// purchase"): the same rule as the redacted lead. The buyer's side (the buyer, their team, the
// super admin, who sees customers before purchase as on the market card) gets every variant;
// anyone who can see the lead on the market gets the blurred thumbnail and nothing else.
// Everyone else, another provider asking for a full photo included, gets the same 404.
import type { CurrentUser } from "../../../shared/auth";
import type { PhotoVariant } from "../../../shared/photos";
import { can } from "../../../shared/policy";
import { pipelineOwnerId } from "../../platform/access/authorize";

export interface PhotoFacts {
  /** The lead is on the market now (available, not archived, not a provider's own job). */
  listed: boolean;
  /** Who holds the lead's live purchase; null while it is on sale. */
  buyerId: number | null;
  /** The lead is kept off this viewer's market: they missed its promise, or its customer is their side's own (docs/decisions/131). */
  excluded: boolean;
}

export function maySeePhoto(viewer: CurrentUser, facts: PhotoFacts, variant: PhotoVariant): boolean {
  if (can(viewer, "seeCustomersBeforePurchase")) return true;
  if (facts.buyerId !== null && facts.buyerId === pipelineOwnerId(viewer)) return true;
  return variant === "blurred" && facts.listed && !facts.excluded && can(viewer, "viewMarket");
}
