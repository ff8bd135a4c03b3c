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
} from "../../../shared/jobs";
import { jobPhotoParams, jobPhotoVariantParams, PHOTO_LIMITS, PHOTO_MESSAGES, photoPaths, type JobPhotoResponse } from "../../../shared/photos";
import type { Db } from "../../platform/db/client";
import { AppError, notFound } from "../../platform/http/errors";
import { parse } from "../../platform/http/validate";
import type { AftercareDeps } from "./aftercare";
import { closeRequest } from "./close-request";
import { reportNotContacted } from "./missed-promise";
import { leadPhotoBytes, readOneFile, sendPhoto } from "../../core/photos";
import { requestLookup, verifyLookup, type LookupDeps } from "./lookup";
import { addJobPhoto, checkJobTakesPhotos, removeJobPhoto, type JobPhotoDeps } from "./photos";
import { jobApiHeaders } from "../../platform/http/job-page-privacy";
import { leadOfToken } from "../../core/job-links";
import { jobView, type JobBookingReader, type JobCertificatesReader, type JobDocumentsReader, type JobReviewReader, type JobViewDeps } from "./view";

export interface JobRoutesDeps {
  db: Db;
  now: () => Date;
  /** Per IP on the page's reads (RATE_LIMIT_JOB_PAGE_PER_IP per 10 minutes): an open page asks every 4 s. */
  readLimiter: RequestHandler;
  /** Per IP on the lookup's two posts, the code routes' own counter (RATE_LIMIT_PUBLIC_FORMS_PER_IP). */
  lookupLimiter: RequestHandler;
  promiseMinutes: number;
  /** The job's quote and invoices (server/features/documents, docs/decisions/051). */
  documents?: JobDocumentsReader;
  reviews?: JobReviewReader;
  /** The times offered and the booked window (server/features/bookings, docs/decisions/102-booking-windows.md). */
  bookings?: JobBookingReader;
  /** The certificates issued for the job (server/features/paperwork, docs/decisions/105-paperwork-on-the-card.md). */
  certificates?: JobCertificatesReader;
  lookup: Omit<LookupDeps, "db" | "now">;
  /** What the customer's after-sale actions need beyond the page's own (docs/decisions/049). */
  aftercare: Pick<AftercareDeps, "events" | "sitePhone" | "origin" | "wake" | "pauseAutoBuy">;
  /** The customer's photos (docs/decisions/050-photos.md); adding one counts on the uploads' per-IP limit. */
  photos: JobPhotoDeps & { limiter: RequestHandler };
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
  // What the page shows, after an action as on a read.
  const page: JobViewDeps = {
    db: deps.db,
    now: deps.now,
    promiseMinutes: deps.promiseMinutes,
    documents: deps.documents,
    reviews: deps.reviews,
    bookings: deps.bookings,
    certificates: deps.certificates,
  };
  const aftercare: AftercareDeps = { ...deps.aftercare, ...page };
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
    const view = await jobView(page, token);
    if (!view) throw new AppError(404, JOB_PAGE_MESSAGES.notFound);
    res.json(view);
  });
  // Photos (docs/decisions/050-photos.md): the token and the job's state are checked before the file is read.
  router.post("/:token/photos", deps.photos.limiter, async (req, res) => {
    const { token } = parse(jobTokenParam, req.params);
    await checkJobTakesPhotos(deps.db, token);
    const sent = await readOneFile(req, res, PHOTO_LIMITS.maxBytes);
    const kept = await addJobPhoto(deps.photos, token, sent, ipKeyGenerator(req.ip ?? "unknown"));
    const urls = { thumbnailUrl: photoPaths.job(token, kept.id, "thumbnail"), url: photoPaths.job(token, kept.id, "full") };
    res.status(201).json({ ...kept, ...urls } satisfies JobPhotoResponse);
  });
  router.delete("/:token/photos/:photoId", deps.readLimiter, async (req, res) => {
    const { token, photoId } = parse(jobPhotoParams, req.params);
    if (!(await removeJobPhoto(deps.photos, token, photoId))) throw notFound(PHOTO_MESSAGES.notFound);
    res.status(204).end();
  });
  router.get("/:token/photos/:photoId/:variant", deps.readLimiter, async (req, res) => {
    const { token, photoId, variant } = parse(jobPhotoVariantParams, req.params);
    const lead = await leadOfToken(deps.db, token);
    const photo = lead && (await leadPhotoBytes(deps.photos.photos, lead.id, photoId, variant));
    if (!photo) throw notFound(PHOTO_MESSAGES.notFound);
    sendPhoto(res, photo, "private, no-store");
  });
  return router;
}
