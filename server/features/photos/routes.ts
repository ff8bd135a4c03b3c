// /api/uploads and /api/photos (docs/decisions/050-photos.md). Thin: read the file, parse,
// call the service, send. Uploads need no sign-in and count on their own per-IP limit; the
// photos of leads need a session, and the service decides, per photo and variant, who gets it.
import { ipKeyGenerator } from "express-rate-limit";
import { Router, type RequestHandler } from "express";
import { PHOTO_LIMITS, PHOTO_MESSAGES, photoParams, photoPaths, uploadParams, type UploadResponse } from "../../../shared/photos";
import { allow, currentUser } from "../../platform/access/authorize";
import { notFound } from "../../platform/http/errors";
import { parse } from "../../platform/http/validate";
import { readOneFile, sendPhoto, keepUpload, photoForViewer, uploadPreview, type PhotoDeps } from "../../core/photos";

/** Mounted at /api/uploads. */
export function uploadRoutes(deps: PhotoDeps & { limiter: RequestHandler }) {
  const router = Router();
  router.post("/", deps.limiter, async (req, res) => {
    const sent = await readOneFile(req, res, PHOTO_LIMITS.maxBytes);
    const kept = await keepUpload(deps, sent, ipKeyGenerator(req.ip ?? "unknown"));
    res.status(201).json({ ...kept, thumbnailUrl: photoPaths.upload(kept.id) } satisfies UploadResponse);
  });
  router.get("/:id/thumbnail", async (req, res) => {
    const { id } = parse(uploadParams, req.params);
    const photo = await uploadPreview(deps, id);
    if (!photo) throw notFound(PHOTO_MESSAGES.notFound);
    sendPhoto(res, photo, "private, no-store");
  });
  return router;
}

/** Mounted at /api/photos: anyone on the dashboard may ask; what they get is access.ts's answer. */
export function photoRoutes(deps: PhotoDeps) {
  const router = Router();
  router.get("/:id/:variant", allow("useDashboard"), async (req, res) => {
    const { id, variant } = parse(photoParams, req.params);
    const photo = await photoForViewer(deps, currentUser(req), id, variant);
    if (!photo) throw notFound(PHOTO_MESSAGES.notFound);
    sendPhoto(res, photo, "private, no-cache");
  });
  return router;
}
