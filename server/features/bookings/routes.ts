// Booking windows over HTTP (docs/decisions/102-booking-windows.md). Thin: parse, service.
// The electrician's routes sit beside the pipeline's (/api/lead-purchases/:id/…); the
// customer's under /api/jobs/:token/booking/…, where the token is the only key.
import { Router, type RequestHandler } from "express";
import { cancelBookingRequest, customerBookingNote, offerWindowsRequest, pickWindowRequest, WINDOW_MESSAGES } from "../../../shared/booking-windows";
import { JOB_PAGE_MESSAGES, jobTokenParam } from "../../../shared/jobs";
import { purchaseIdParam } from "../../../shared/pipeline";
import { allow, currentUser } from "../../platform/access/authorize";
import { AppError } from "../../platform/http/errors";
import { jobApiHeaders } from "../../platform/http/job-page-privacy";
import { parse } from "../../platform/http/validate";
import { leadOfToken } from "../../core/job-links";
import { customerCalendar } from "./calendar";
import { askOtherTimes, askToMove, pickWindow } from "./customer";
import type { BookingDeps } from "./deps";
import { cancelBooking, offerWindows } from "./offer";
import { cardBookingOf } from "./view";

export function bookingRoutes(deps: BookingDeps) {
  const router = Router();
  const pipelineUsers = allow("usePipeline");
  router.get("/lead-purchases/:id/booking-windows", pipelineUsers, async (req, res) => {
    const { id } = parse(purchaseIdParam, req.params);
    res.set("Cache-Control", "no-store");
    res.json(await cardBookingOf(deps.db, currentUser(req), id));
  });
  router.post("/lead-purchases/:id/booking-windows", pipelineUsers, async (req, res) => {
    const { id } = parse(purchaseIdParam, req.params);
    const input = parse(offerWindowsRequest, req.body ?? {});
    res.status(201).json(await offerWindows(deps, currentUser(req), id, input));
  });
  router.post("/lead-purchases/:id/booking/cancel", pipelineUsers, async (req, res) => {
    const { id } = parse(purchaseIdParam, req.params);
    const input = parse(cancelBookingRequest, req.body ?? {});
    res.json(await cancelBooking(deps, currentUser(req), id, input));
  });
  return router;
}

export function jobBookingRoutes(deps: BookingDeps & { limiter: RequestHandler; readLimiter: RequestHandler }) {
  const router = Router();
  router.use(jobApiHeaders);
  const leadOf = async (params: unknown) => {
    // Any token, even one too long to be real, is looked up as an unknown one: the same 404 as the job page's.
    const token = jobTokenParam.safeParse(params).data?.token ?? "";
    const lead = await leadOfToken(deps.db, token);
    if (!lead) throw new AppError(404, JOB_PAGE_MESSAGES.notFound);
    return lead;
  };
  // The booked time for the customer's own calendar (docs/decisions/102): nothing booked is a 404.
  router.get("/:token/booking.ics", deps.readLimiter, async (req, res) => {
    const file = await customerCalendar(deps.db, await leadOf(req.params));
    if (!file) throw new AppError(404, WINDOW_MESSAGES.noBooking);
    res.set("Cache-Control", "no-store");
    res.attachment(file.fileName);
    res.type("text/calendar; charset=utf-8").send(file.ics);
  });
  router.post("/:token/booking/pick", deps.limiter, async (req, res) => {
    const lead = await leadOf(req.params);
    const { windowId } = parse(pickWindowRequest, req.body ?? {});
    res.json(await pickWindow(deps, lead, windowId));
  });
  router.post("/:token/booking/other-times", deps.limiter, async (req, res) => {
    const lead = await leadOf(req.params);
    const { note } = parse(customerBookingNote, req.body ?? {});
    res.json(await askOtherTimes(deps, lead, note));
  });
  router.post("/:token/booking/move", deps.limiter, async (req, res) => {
    const lead = await leadOf(req.params);
    const { note } = parse(customerBookingNote, req.body ?? {});
    res.json(await askToMove(deps, lead, note));
  });
  return router;
}
