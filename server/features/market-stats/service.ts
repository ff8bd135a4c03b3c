// The price tape's reads (docs/decisions/066-price-tape.md): the routes ask here, the repos answer.
import type { AuctionHealth, MarketStats, MarketStatsQuery } from "../../../shared/market-stats";
import type { Db } from "../../platform/db/client";
import { auctionHealth } from "./auction-health-repo";
import { readMarketStats } from "./read-repo";

/** The published rows of one view: what the sweep last wrote, never counted per request. */
export const marketStats = (db: Db, query: MarketStatsQuery, now: Date): Promise<MarketStats> => readMarketStats(db, query, now);

/** The operator's region-weeks, unsuppressed. */
export const operatorAuctionHealth = (db: Db, now: Date): Promise<AuctionHealth> => auctionHealth(db, now);
