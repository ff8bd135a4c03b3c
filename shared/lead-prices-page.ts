// The public price tape's page (docs/decisions/066-price-tape.md): its head tags, for the server
// (index.html, the sitemap) and the page alike. Apart from shared/seo.ts's table on purpose: that
// table is in every landing page's JavaScript, and this page is a chunk of its own.
import type { PageMeta } from "./seo";

export const LEAD_PRICES_PAGE: PageMeta = {
  title: "What electrical leads sell for | Lead prices by area",
  description:
    "Real sale prices of electrical leads over the last 30 or 90 days by state, region, suburb, job type and hour: median, middle half, minutes to sell and the share unsold.",
  keywords: ["electrical leads price", "cost of electrician leads", "lead prices", "tradie leads cost"],
  path: "/lead-prices",
};
