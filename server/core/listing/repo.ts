// The listing's one SQL rule: what "on the market" means, shared by the market's pages and the
// auto-buy's sweeps so both see the same leads.
import { and, eq, ne } from "drizzle-orm";
import { leads } from "../../../shared/schema";

// Same predicate as the partial indexes leads_available_auction_idx and
// leads_available_place_idx, plus private jobs (a provider's own manual leads) out.
export const onTheMarket = and(eq(leads.status, "available"), eq(leads.isArchived, false), ne(leads.source, "provider_manual"));
