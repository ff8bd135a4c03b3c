// The OpenAPI operations of bookings/'s routes (docs/decisions/026-openapi-document.md,
// 102-booking-windows.md): the shared/ schemas the routes parse with.
import { z } from "zod";
import { cancelBookingRequest, cardBookingSchema, customerBookingNote, offerWindowsRequest, pickWindowRequest } from "../../../shared/booking-windows";
import { jobBookingSchema, jobTokenParam } from "../../../shared/jobs";
import { purchaseIdParam } from "../../../shared/pipeline";
import { json, type ApiOperation } from "../../platform/openapi/operation";

const cardAnswer = z.object({ booking: cardBookingSchema, version: z.number().int() });
const customerAnswer = z.object({ message: z.string(), booking: jobBookingSchema });

const customerOperation = (path: string, summary: string, body: z.ZodType): ApiOperation => ({
  method: "post",
  path: `/jobs/{token}/booking/${path}`,
  tag: "customers",
  summary,
  access: "public",
  params: jobTokenParam,
  body,
  success: json("What the job page now shows of the booking", customerAnswer),
  // An unknown token; no offer waiting (or no booked time to move), or a window passed or withdrawn.
  errors: [404, 409],
  rateLimited: true,
});

export const bookingOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/jobs/{token}/booking.ics",
    tag: "customers",
    summary: "The booked time as a calendar file for the customer (the window, the business, the suburb; no street address)",
    access: "public",
    params: jobTokenParam,
    success: { status: 200, description: "An RFC 5545 calendar file", contentType: "text/calendar" },
    errors: [404],
    rateLimited: true,
  },
  {
    method: "get",
    path: "/lead-purchases/{id}/booking-windows",
    tag: "pipeline",
    summary: "The job's booking as its card shows it: the latest offer of windows and its answer, the booked window, whether times may be offered now",
    access: "session",
    params: purchaseIdParam,
    success: json("The booking", cardBookingSchema),
    errors: [404],
  },
  {
    method: "post",
    path: "/lead-purchases/{id}/booking-windows",
    tag: "pipeline",
    summary:
      "Offer the customer 1-4 windows on the lead's state's clock (1-4 hours, quarter hours, within 60 days, not overlapping); on a booked job, with a reason, this moves it. The customer is texted once",
    access: "session",
    params: purchaseIdParam,
    body: offerWindowsRequest,
    success: json("The booking and the job's version after it", cardAnswer, 201),
    // 400 names the window and the rule; 409: an own job, not yet Called or quoted, closed, or a newer version saved.
    errors: [400, 404, 409],
  },
  {
    method: "post",
    path: "/lead-purchases/{id}/booking/cancel",
    tag: "pipeline",
    summary: "Cancel the booked time with a reason: the job leaves Booked In and the customer is texted once",
    access: "session",
    params: purchaseIdParam,
    body: cancelBookingRequest,
    success: json("The booking and the job's version after it", cardAnswer),
    errors: [404, 409],
  },
  customerOperation("pick", "The customer picks one of the offered windows: the job is Booked In for it and the booking SMS confirms it", pickWindowRequest),
  customerOperation("other-times", "None of the windows suit: the customer says what would, and the electrician is told", customerBookingNote),
  customerOperation("move", "The customer cannot make the booked time: it is given up and the electrician is told", customerBookingNote),
];
