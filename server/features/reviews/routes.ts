// The reviews' routes (docs/decisions/058-reviews.md). Thin: parse, service, answer.
// - /api/jobs/:token/review-code and /review: the customer, by the job link and a code to the mobile;
// - /api/reviews/:id/reply (the reviewed electrician), /report (anyone), /policy-figures (public);
// - /api/admin/customer-reviews: the operator's Reviews tab (bearer token).
import { ipKeyGenerator } from "express-rate-limit";
import { createHmac, randomBytes } from "node:crypto";
import { sha256 } from "../../platform/http/token-hash";
import { Router, type Request, type RequestHandler, type Response } from "express";
import { sydneyDayKey } from "../../../shared/sydney-time";
import { jobTokenParam } from "../../../shared/jobs";
import {
  adminCustomerReviewsQuery,
  reviewEditRequest,
  reviewHideRequest,
  reviewIdParam,
  reviewOptOutParam,
  REVIEW_MESSAGES,
  reviewReplyRequest,
  reviewReportRequest,
  reviewRequest,
  type ReviewCodeResponse,
} from "../../../shared/reviews";
import { allow, currentUser } from "../../platform/access/authorize";
import { noticeHtml } from "../../platform/http/site-page";
import type { Db } from "../../platform/db/client";
import { notFound } from "../../platform/http/errors";
import { parse } from "../../platform/http/validate";
import { optOutOfInvitations } from "./invitations";
import type { CustomerCodeDeps } from "../../core/customer-codes";
import {
  editReview,
  hideReview,
  operatorReviewList,
  policyFigures,
  replyToReview,
  reportReview,
  requestReviewCode,
  writeReview,
  type Reporter,
} from "./service";

export interface ReviewRoutesDeps extends CustomerCodeDeps {
  /** The code's and the review's posts: the mobile-check routes' per-IP counter. */
  codeLimiter: RequestHandler;
  /** Reports: like every other public form. */
  reportLimiter: RequestHandler;
}

const ipOf = (ip: string | undefined) => ipKeyGenerator(ip ?? "unknown");
const tokenOf = (params: unknown) => jobTokenParam.safeParse(params).data?.token ?? "";

/** Mounted at /api/jobs, beside the job page's own routes. */
export function jobReviewRoutes(deps: ReviewRoutesDeps) {
  const router = Router();
  router.post("/:token/review-code", deps.codeLimiter, async (req, res) => {
    res.status(202).json((await requestReviewCode(deps, tokenOf(req.params), ipOf(req.ip))) satisfies ReviewCodeResponse);
  });
  router.post("/:token/review", deps.codeLimiter, async (req, res) => {
    const token = tokenOf(req.params);
    res.status(201).json(await writeReview(deps, token, parse(reviewRequest, req.body ?? {})));
  });
  router.patch("/:token/review", deps.codeLimiter, async (req, res) => {
    const token = tokenOf(req.params);
    res.json(await editReview(deps, token, parse(reviewEditRequest, req.body ?? {})));
  });
  return router;
}

const REPORTER_COOKIE = "ae.reporter";
const REPORTER_COOKIE_MS = 365 * 86_400_000;

/**
 * Who is reporting (docs/decisions/075-limits-and-edges.md): the signed-in person, else this
 * browser's reporter cookie (set on its first report), and a keyed hash of the address with the
 * Sydney day, so the raw address is never stored.
 */
function reporterOf(req: Request, res: Response, secret: string, now: Date): Reporter {
  const addressHash = createHmac("sha256", secret)
    .update(`report-address:${ipKeyGenerator(req.ip ?? "unknown")}`)
    .digest("hex");
  const reportedOn = sydneyDayKey(now);
  if (req.user) return { reporter: `user:${currentUser(req).id}`, addressHash, reportedOn };
  let token = /(?:^|;\s*)ae\.reporter=([A-Za-z0-9_-]{24,64})/.exec(req.headers.cookie ?? "")?.[1];
  if (!token) {
    token = randomBytes(24).toString("base64url");
    res.cookie(REPORTER_COOKIE, token, { httpOnly: true, sameSite: "lax", secure: req.secure, maxAge: REPORTER_COOKIE_MS, path: "/api/reviews" });
  }
  return { reporter: `device:${sha256(token)}`, addressHash, reportedOn };
}

/** Mounted at /api/reviews. */
export function reviewRoutes(deps: { db: Db; now: () => Date; reportLimiter: RequestHandler; secret: string }) {
  const router = Router();
  // The invitation SMS's opt-out link (docs/decisions/059-review-invitations.md): tapped on a phone, so a GET; doing it twice changes nothing.
  // A phone's browser asks for HTML and gets a page in the site's frame; a program gets JSON.
  router.get("/opt-out/:token", deps.reportLimiter, async (req, res) => {
    if (req.accepts(["json", "html"]) === "html") {
      const link = reviewOptOutParam.safeParse(req.params);
      const done = link.success && (await optOutOfInvitations(deps, link.data.token));
      res
        .status(done ? 200 : 404)
        .type("html")
        .send(noticeHtml(done ? "No more review texts" : "Link not found", done ? REVIEW_MESSAGES.optedOut : REVIEW_MESSAGES.optOutUnknown));
      return;
    }
    const { token } = parse(reviewOptOutParam, req.params);
    if (!(await optOutOfInvitations(deps, token))) throw notFound(REVIEW_MESSAGES.optOutUnknown);
    res.json({ message: REVIEW_MESSAGES.optedOut });
  });
  router.get("/policy-figures", async (_req, res) => {
    res.json(await policyFigures(deps.db));
  });
  router.post("/:id/reply", allow("replyToReviews"), async (req, res) => {
    const { id } = parse(reviewIdParam, req.params);
    res.status(201).json(await replyToReview(deps.db, currentUser(req), id, parse(reviewReplyRequest, req.body ?? {}), "first", deps.now()));
  });
  router.patch("/:id/reply", allow("replyToReviews"), async (req, res) => {
    const { id } = parse(reviewIdParam, req.params);
    res.json(await replyToReview(deps.db, currentUser(req), id, parse(reviewReplyRequest, req.body ?? {}), "edit", deps.now()));
  });
  router.post("/:id/report", deps.reportLimiter, async (req, res) => {
    const { id } = parse(reviewIdParam, req.params);
    const { reason } = parse(reviewReportRequest, req.body ?? {});
    const now = deps.now();
    const { created, body } = await reportReview(deps.db, id, reason, reporterOf(req, res, deps.secret, now), now);
    res.status(created ? 202 : 200).json(body);
  });
  return router;
}

/** Mounted inside the operator's router (/api/admin), behind its bearer token. */
export function customerReviewAdminRoutes(deps: { db: Db; now: () => Date }, operator: RequestHandler) {
  const router = Router();
  router.get("/customer-reviews", operator, async (req, res) => {
    res.json(await operatorReviewList(deps.db, parse(adminCustomerReviewsQuery, req.query)));
  });
  router.post("/customer-reviews/:id/hide", operator, async (req, res) => {
    const { id } = parse(reviewIdParam, req.params);
    res.json(await hideReview(deps.db, id, parse(reviewHideRequest, req.body ?? {}), deps.now()));
  });
  return router;
}
