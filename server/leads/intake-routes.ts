// POST /api/leads: the public quote wizard's submission. Thin: limit, honeypot, parse, service.
import { Router, type Request, type RequestHandler } from "express";
import { HONEYPOT_FIELD } from "../../shared/honeypot";
import { quoteRequestSchema, type QuoteResponse } from "../../shared/leads";
import type { Db } from "../db/client";
import type { MarketEvents } from "../events/market-events";
import { parse } from "../http/validate";
import { newJobReference } from "./job-reference";
import { submitQuote } from "./intake-service";

/** True when the invisible field was filled in: a bot (docs/decisions/007-public-form-abuse.md). */
export function isHoneypotFilled(body: unknown): boolean {
  const value = (body as Record<string, unknown> | null | undefined)?.[HONEYPOT_FIELD];
  return typeof value === "string" ? value.trim() !== "" : value != null && value !== false;
}

/** The signed-in user's id when a session exists; intake works the same without one. */
export const signedInUserId = (req: Request): number | null => {
  const id = (req as Request & { user?: { id?: unknown } }).user?.id;
  return typeof id === "number" ? id : null;
};

export function leadIntakeRoutes(db: Db, deps: { limiter: RequestHandler; now: () => Date; events: MarketEvents; maxStartingPrice: string }) {
  const router = Router();
  router.post("/leads", deps.limiter, async (req, res) => {
    if (isHoneypotFilled(req.body)) {
      // Same status and shape as a real submission, so the bot learns nothing; nothing stored.
      req.log.info("quote honeypot filled; discarded");
      res.status(201).json({ jobReference: newJobReference() } satisfies QuoteResponse);
      return;
    }
    const quote = parse(quoteRequestSchema, req.body ?? {});
    const { jobReference } = await submitQuote(db, quote, {
      now: deps.now(),
      events: deps.events,
      maxStartingPrice: deps.maxStartingPrice,
      customerId: signedInUserId(req),
    });
    res.status(201).json({ jobReference } satisfies QuoteResponse);
  });
  return router;
}
