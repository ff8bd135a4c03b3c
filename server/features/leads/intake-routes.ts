// POST /api/leads: the public quote wizard's submission. Thin: limit, honeypot, parse, service.
import { ipKeyGenerator } from "express-rate-limit";
import { Router, type Request, type RequestHandler } from "express";
import { quoteRequestSchema, resendCodeRequest, verifyPhoneRequest, type QuoteResponse, type ResendCodeResponse } from "../../../shared/leads";
import type { Db } from "../../platform/db/client";
import type { MarketEvents } from "../../platform/events";
import { isHoneypotFilled } from "../../platform/http/honeypot";
import { parse } from "../../platform/http/validate";
import { decoyJobUrl } from "../../core/job-links";
import { newJobReference } from "./job-reference";
import { submitQuote } from "./intake-service";
import { decoyVerification, resendCode, startVerification, verifyPhone, type VerificationDeps } from "./phone-verification";

/** The signed-in user's id when a session exists; intake works the same without one. */
export const signedInUserId = (req: Request): number | null => {
  const id = (req as Request & { user?: { id?: unknown } }).user?.id;
  return typeof id === "number" ? id : null;
};

/** The client's IP as the send limits count it (IPv6 grouped by /56, as express-rate-limit does). */
const clientIp = (req: Request) => ipKeyGenerator(req.ip ?? "unknown");

export function leadIntakeRoutes(
  db: Db,
  deps: {
    limiter: RequestHandler;
    /** Per IP on the code routes, apart from the quote form's own counter. */
    codeLimiter: RequestHandler;
    now: () => Date;
    events: MarketEvents;
    /** PostgreSQL: this turn's pipelined connection (server/platform/db/pipelined.ts). */
    pipelined?: () => Db | undefined;
    maxStartingPrice: string;
    verification: Omit<VerificationDeps, "db" | "events" | "now">;
  },
) {
  // Mounted at /api/leads (server/app.ts): the paths below are relative to it.
  const router = Router();
  const verification: VerificationDeps = { ...deps.verification, db, events: deps.events, now: deps.now };
  router.post("/", deps.limiter, async (req, res) => {
    if (isHoneypotFilled(req.body)) {
      // Same status and shape as a real submission, so the bot learns nothing; nothing stored.
      req.log.info("quote honeypot filled; discarded");
      res.status(201).json({ jobReference: newJobReference(), jobUrl: decoyJobUrl(), verification: decoyVerification() } satisfies QuoteResponse);
      return;
    }
    const quote = parse(quoteRequestSchema, req.body ?? {});
    const lead = await submitQuote(db, quote, {
      now: deps.now(),
      events: deps.events,
      maxStartingPrice: deps.maxStartingPrice,
      customerId: signedInUserId(req),
      pipelined: deps.pipelined,
    });
    // The lead is on sale already; the code only adds the 'Mobile verified' badge later.
    const check = await startVerification(verification, { id: lead.id, customerPhone: quote.customerPhone }, clientIp(req));
    res.status(201).json({ jobReference: lead.jobReference, jobUrl: lead.jobUrl, ...check } satisfies QuoteResponse);
  });
  router.post("/verify-phone", deps.codeLimiter, async (req, res) => {
    const { verification: token, code } = parse(verifyPhoneRequest, req.body ?? {});
    res.json(await verifyPhone(verification, token, code));
  });
  router.post("/resend-code", deps.codeLimiter, async (req, res) => {
    const { verification: token } = parse(resendCodeRequest, req.body ?? {});
    res.json((await resendCode(verification, token, clientIp(req))) satisfies ResendCodeResponse);
  });
  return router;
}
