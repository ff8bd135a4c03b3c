// How old a lead on the market reads (docs/decisions/037-every-job-write-carries-its-version.md):
// when the customer asked, not when it went on sale, so a lead the super admin puts back on
// sale does not pass for a fresh one ("Posted 3 seconds ago").
import type { MarketLead } from "@shared/marketplace";
import { formatRelative } from "@/lib/format";

/** On sale this long after it was asked, a lead was put back on sale (a new lead is stamped once). */
const BACK_ON_SALE_AFTER_MS = 60_000;

export function leadAge(lead: Pick<MarketLead, "createdAt" | "auctionStartedAt">, now: Date) {
  const backOnSale = new Date(lead.auctionStartedAt).getTime() - new Date(lead.createdAt).getTime() > BACK_ON_SALE_AFTER_MS;
  const asked = `Asked ${formatRelative(lead.createdAt, now)}`;
  return { text: backOnSale ? `${asked} · back on sale` : asked, askedAt: lead.createdAt, backOnSale };
}
