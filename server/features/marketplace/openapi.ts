// The OpenAPI operations of marketplace/'s routes (docs/decisions/026-openapi-document.md): the shared/
// schemas the routes parse with. server/platform/openapi/document.ts puts every feature's list together.
import { recordIdResponse } from "../../../shared/responses";
import { z } from "zod";
import { areaPreviewQuery } from "../../../shared/auth";
import { applyDiscountCodeRequest } from "../../../shared/discounts";
import { createPaymentIntentRequest, leadIdParam, leadListQuery, leadStreamQuery, paymentIntentResponse, purchaseRequest } from "../../../shared/marketplace";
import { json, type ApiOperation } from "../../platform/openapi/operation";

export const marketplaceOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/leads",
    tag: "market",
    summary: "Available leads, redacted, with today's price",
    access: "session",
    query: leadListQuery,
    success: json("A page of leads"),
  },
  {
    method: "get",
    path: "/leads/area-preview",
    tag: "market",
    summary: "How many leads a service area would have caught",
    access: "session",
    query: areaPreviewQuery,
    success: json("Count"),
  },
  {
    method: "get",
    path: "/leads/stream",
    tag: "market",
    summary: "The live market as Server-Sent Events",
    access: "session",
    query: leadStreamQuery,
    success: { status: 200, description: "Event stream", contentType: "text/event-stream" },
    // More open streams of this person than allowed (decision 037).
    errors: [429],
  },
  {
    method: "get",
    path: "/leads/{id}/listing",
    tag: "market",
    summary: "One lead as the market shows it, or whether it was sold or is gone",
    access: "session",
    params: leadIdParam,
    success: json("Listing"),
  },
  {
    method: "post",
    path: "/leads/{id}/purchase",
    tag: "market",
    summary: "Buy a lead at the server's price (exclusive)",
    access: "session",
    params: leadIdParam,
    body: purchaseRequest,
    success: json("Bought", undefined, 201),
    errors: [402, 409],
    // Wrong discount codes count against the code-guessing limit.
    rateLimited: true,
  },
  {
    method: "post",
    path: "/leads/{id}/archive",
    tag: "market",
    summary: "Take an available lead off the market",
    access: "session",
    params: leadIdParam,
    success: json("Archived", recordIdResponse),
  },
  {
    method: "post",
    path: "/create-payment-intent",
    tag: "market",
    summary: "Authorise a card for a lead (Stripe mode)",
    access: "session",
    body: createPaymentIntentRequest,
    success: json("Client secret and amount", paymentIntentResponse),
    errors: [404, 409],
    // Wrong discount codes count against the code-guessing limit.
    rateLimited: true,
  },
  {
    method: "post",
    path: "/discount-codes/apply",
    tag: "market",
    summary: "What a code takes off a lead now",
    access: "session",
    body: applyDiscountCodeRequest,
    success: json("Prices", z.object({ originalPrice: z.string(), discountAmount: z.string(), finalPrice: z.string() })),
    errors: [404, 409],
    rateLimited: true,
  },
];
