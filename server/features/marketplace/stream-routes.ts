// GET /api/leads/stream (docs/product.md section 12): the live market as Server-Sent Events.
import { Router } from "express";
import { leadStreamQuery, marketStreamCursor, type MarketStreamCursor } from "../../../shared/marketplace";
import { allow, currentUser } from "../../platform/access/authorize";
import { parse } from "../../platform/http/validate";
import { marketScope } from "../../core/listing";
import type { LiveMarket } from "./live-market";

/** The browser's Last-Event-ID on a reconnect: absent (a fresh stream), a stream cursor, or junk (answered with market.reset). */
function lastEventIdOf(header: string | undefined): MarketStreamCursor | "invalid" | null {
  if (header === undefined || header === "") return null;
  const cursor = marketStreamCursor.safeParse(header);
  return cursor.success ? cursor.data : "invalid";
}

export function marketStreamRoutes(live: LiveMarket) {
  // Mounted at /api/leads (server/app.ts): the paths below are relative to it.
  const router = Router();
  router.get("/stream", allow("viewMarket"), async (req, res) => {
    const viewer = currentUser(req);
    const { scope } = parse(leadStreamQuery, req.query);
    await live.open(res, viewer, marketScope(viewer, scope), lastEventIdOf(req.get("last-event-id")));
  });
  return router;
}
