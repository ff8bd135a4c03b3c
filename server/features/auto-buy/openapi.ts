// The OpenAPI operations of auto-buy/'s routes (docs/decisions/026-openapi-document.md, 063-auto-buy-orders.md).
import {
  autoBuyBusinessCapsRequest,
  autoBuyBusinessCapsSchema,
  autoBuyBuysNowRequest,
  autoBuyBuysNowResponse,
  autoBuyCardRequest,
  autoBuyOrderCreated,
  autoBuyOrderCreateRequest,
  autoBuyOrderList,
  autoBuyOrderSchema,
  autoBuyOrderUpdateRequest,
  autoBuyPreviewResponse,
} from "../../../shared/auto-buy";
import { recordIdParam } from "../../../shared/ids";
import { json, type ApiOperation } from "../../platform/openapi/operation";

const tag = "auto-buy";

export const autoBuyOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/auto-buy-orders",
    tag,
    summary:
      "The business owner's standing orders, newest first: status computed now, spend and leads today and this week (Sydney days, Monday weeks; a refund gives no room back), the card's state",
    access: "session",
    success: json("The orders", autoBuyOrderList),
  },
  {
    method: "post",
    path: "/auto-buy-orders",
    tag,
    summary:
      "A new standing order (business owners only, approved and licensed as for buying; at most 20, 409 past that); in Stripe mode with a SetupIntent's client secret to save the card with",
    access: "session",
    body: autoBuyOrderCreateRequest,
    success: json("The order, active or paused until a date ahead", autoBuyOrderCreated, 201),
    errors: [409, 502],
  },
  {
    method: "post",
    path: "/auto-buy-orders/preview",
    tag,
    summary: "What the order would have bought in the last 30 days (market leads, caps applied) and at what average price",
    access: "session",
    body: autoBuyOrderCreateRequest,
    success: json("The preview", autoBuyPreviewResponse),
  },
  {
    method: "post",
    path: "/auto-buy-orders/buys-now",
    tag,
    summary:
      "What saving this order (orderId: the saved order being edited or resumed) would buy at once: leads on sale now that it wants at or under its maximum, its caps and the business's applied, and their total",
    access: "session",
    body: autoBuyBuysNowRequest,
    success: json("The leads it would buy now", autoBuyBuysNowResponse),
    errors: [404],
  },
  {
    method: "put",
    path: "/auto-buy-orders/business-caps",
    tag,
    summary: "The owner's caps across all their orders: leads a day and dollars a week (Sydney day, Monday week); null is no such cap",
    access: "session",
    body: autoBuyBusinessCapsRequest,
    success: json("The caps and their use today and this week", autoBuyBusinessCapsSchema),
  },
  {
    method: "patch",
    path: "/auto-buy-orders/{id}",
    tag,
    summary:
      'Edit any field; status "paused" pauses (owner), "active" resumes whatever paused it; a future pausedUntil alone pauses until then. Another owner\'s order is 404',
    access: "session",
    params: recordIdParam,
    body: autoBuyOrderUpdateRequest,
    success: json("The order", autoBuyOrderSchema),
    errors: [404],
  },
  {
    method: "delete",
    path: "/auto-buy-orders/{id}",
    tag,
    summary: "Delete the order (its purchases keep reading Auto-bought)",
    access: "session",
    params: recordIdParam,
    success: { status: 204, description: "Deleted" },
    errors: [404],
  },
  {
    method: "post",
    path: "/auto-buy-orders/{id}/card",
    tag,
    summary:
      "Save the card of a SetupIntent the owner confirmed in the browser: it must have succeeded for this owner's customer and this order (400 otherwise)",
    access: "session",
    params: recordIdParam,
    body: autoBuyCardRequest,
    success: json("The order with its card saved", autoBuyOrderSchema),
    errors: [404, 502],
  },
  {
    method: "post",
    path: "/auto-buy-orders/{id}/card-setup",
    tag,
    summary: "A fresh SetupIntent to save another card for the order (after a decline); saving it ends a card_declined pause. Demo mode: 400",
    access: "session",
    params: recordIdParam,
    success: json("The order and the SetupIntent's client secret", autoBuyOrderCreated),
    errors: [404, 502],
  },
];
