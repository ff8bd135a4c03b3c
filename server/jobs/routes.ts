// /api/jobs: the customer's job page and "lost the link" (docs/decisions/044-job-page.md). Public:
// the token, or the code sent to the request's mobile, is the only key. Thin: parse, service.
import { ipKeyGenerator } from "express-rate-limit";
import { Router, type RequestHandler } from "express";
import {
  JOB_LOOKUP_MESSAGES,
  JOB_PAGE_MESSAGES,
  jobCloseRequest,
  jobLookupRequest,
  jobLookupVerifyRequest,
  jobTokenParam,
  type JobLookupResponse,
} from "../../shared/jobs";
import type { Db } from "../db/client";
import { AppError } from "../http/errors";
import { parse } from "../http/validate";
import { closeRequest, reportNotContacted, type AftercareDeps } from "./aftercare";
import { requestLookup, verifyLookup, type LookupDeps } from "./lookup";
import { jobApiHeaders } from "./privacy-headers";
import { jobView } from "./view";

export interface JobRoutesDeps {
  db: Db;
  now: () => Date;
  /** Per IP on the page's reads (RATE_LIMIT_JOB_PAGE_PER_IP per 10 minutes): an open page asks every 4 s. */
  readLimiter: RequestHandler;
  /** Per IP on the lookup's two posts, the code routes' own counter (RATE_LIMIT_PUBLIC_FORMS_PER_IP). */
  lookupLimiter: RequestHandler;
  promiseMinutes: number;
  lookup: Omit<LookupDeps, "db" | "now">;
  /** What the customer's after-sale actions need beyond the page's own (docs/decisions/049). */
  aftercare: Pick<AftercareDeps, "events" | "sitePhone" | "origin" | "wake">;
}

export function jobRoutes(deps: JobRoutesDeps) {
  // Mounted at /api/jobs (server/app.ts): the paths below are relative to it.
  const router = Router();
  const lookup: LookupDeps = { ...deps.lookup, db: deps.db, now: deps.now };
  router.use(jobApiHeaders);
  router.post("/lookup", deps.lookupLimiter, async (req, res) => {
    const { phone } = parse(jobLookupRequest, req.body ?? {});
    const sent = await requestLookup(lookup, phone, ipKeyGenerator(req.ip ?? "unknown"));
    res.status(202).json({ message: JOB_LOOKUP_MESSAGES.sent, ...sent } satisfies JobLookupResponse);
  });
  router.post("/lookup/verify", deps.lookupLimiter, async (req, res) => {
    const { phone, code } = parse(jobLookupVerifyRequest, req.body ?? {});
    res.json(await verifyLookup(lookup, phone, code));
  });
  // The customer's actions (docs/decisions/049): the token is the key; they count on the lookup's per-IP counter.
  const aftercare: AftercareDeps = { ...deps.aftercare, db: deps.db, now: deps.now, promiseMinutes: deps.promiseMinutes };
  const tokenOf = (params: unknown) => jobTokenParam.safeParse(params).data?.token ?? "";
  router.post("/:token/not-contacted", deps.lookupLimiter, async (req, res) => {
    res.json(await reportNotContacted(aftercare, tokenOf(req.params)));
  });
  router.post("/:token/close", deps.lookupLimiter, async (req, res) => {
    const token = tokenOf(req.params);
    const input = parse(jobCloseRequest, req.body ?? {});
    res.json(await closeRequest(aftercare, token, input));
  });
  router.get("/:token", deps.readLimiter, async (req, res) => {
    // Any token, even one too long to be real, is looked up as an unknown one: the same 404.
    const token = jobTokenParam.safeParse(req.params).data?.token ?? "";
    const view = await jobView({ db: deps.db, now: deps.now, promiseMinutes: deps.promiseMinutes }, token);
    if (!view) throw new AppError(404, JOB_PAGE_MESSAGES.notFound);
    res.json(view);
  });
  return router;
}
