// Rate limits (docs/product.md section 10) on express-rate-limit: 429 with a JSON message.
// On PostgreSQL the counters live in the database (./limit-store.ts), so several instances
// behind a balancer allow exactly what one does (docs/decisions/075-limits-and-edges.md).
import { rateLimit, ipKeyGenerator, type Options } from "express-rate-limit";
import type { Request, Response } from "express";
import { isOwnedByThisProcess, type Db } from "../db/client";
import { AppError } from "./errors";
import { DatabaseLimitStore } from "./limit-store";

export interface LimitOptions {
  /** Where the counters live: the app's database. */
  db: Db;
  /** The limiter's own name, unique in the app: its counters' prefix. */
  name: string;
  /** Window length in milliseconds. */
  windowMs: number;
  limit: number;
  message: string;
  /** What is counted; by default the client IP (IPv6 grouped by /56). */
  key?: (req: Request, res: Response) => string;
  /** Count only failed attempts (e.g. logins): honest users are never locked out by success. */
  skipSuccessfulRequests?: boolean;
  /** With skipSuccessfulRequests: which answers count as success (by default any status below 400). */
  succeeded?: (req: Request, res: Response) => boolean;
  /** Requests this limit is not about: neither counted nor refused. */
  skip?: (req: Request) => boolean;
}

export function createLimiter(options: LimitOptions) {
  const settings: Partial<Options> = {
    windowMs: options.windowMs,
    limit: options.limit,
    standardHeaders: "draft-7",
    legacyHeaders: false,
    skipSuccessfulRequests: options.skipSuccessfulRequests ?? false,
    ...(options.succeeded && { requestWasSuccessful: options.succeeded }),
    ...(options.skip && { skip: options.skip }),
    keyGenerator: options.key ?? ((req) => ipKeyGenerator(req.ip ?? "unknown")),
    // On the embedded default one process owns the database (as the market bus is in-process
    // there), so express-rate-limit's own memory store is exact and costs no statement a request.
    ...(!isOwnedByThisProcess(options.db) && { store: new DatabaseLimitStore(options.db, options.name) }),
    // Through the error handler, so a page's own form can answer a refusal on the page (server/features/auth/login-form.ts).
    handler: (_req, _res, next) => next(new AppError(429, options.message)),
  };
  return rateLimit(settings);
}
