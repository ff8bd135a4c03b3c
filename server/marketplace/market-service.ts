// The market as one viewer sees it (DESIGN.md section 7 "Matching"): their scope, the
// filters and sort they chose, one page, each lead built by the one redaction function.
import type { CurrentUser } from "../../shared/auth";
import type { LeadListQuery, LeadPage } from "../../shared/marketplace";
import type { Db } from "../db/client";
import { AppError } from "../http/errors";
import { marketScope, needsServiceArea, serviceAreaOf } from "./area";
import { decodeCursor } from "./market-cursor";
import { countMarketLeads, listMarketLeads, type MarketSelection } from "./market-repo";
import { toMarketLead } from "./redact";

export async function marketPage(db: Db, viewer: CurrentUser, query: LeadListQuery, now: Date): Promise<LeadPage> {
  const after = query.cursor ? decodeCursor(query.cursor, query.sort) : null;
  if (query.cursor && !after) throw new AppError(400, "Invalid cursor");
  const area = serviceAreaOf(viewer);
  const scope = marketScope(viewer, query.scope);
  const selection: MarketSelection = { origin: area?.centre ?? null, within: scope === "area" ? area : null, serviceTypes: query.serviceType };
  const [{ rows, nextCursor }, total] = await Promise.all([
    listMarketLeads(db, selection, { sort: query.sort, limit: query.limit, after, now }),
    countMarketLeads(db, selection),
  ]);
  return {
    leads: rows.map((lead) => toMarketLead(lead, viewer, now)),
    nextCursor,
    serverTime: now.toISOString(),
    total,
    scope,
    needsServiceArea: needsServiceArea(viewer),
  };
}
