// The OpenAPI operations of discounts/'s routes (docs/decisions/026-openapi-document.md): the shared/
// schemas the routes parse with. server/platform/openapi/document.ts puts every feature's list together.
import { adminIdParam, discountCodeCreate, discountCodeUpdate } from "../../../shared/admin";
import { validateDiscountCodeRequest, validDiscountResponse } from "../../../shared/discounts";
import { json, type ApiOperation } from "../../platform/openapi/operation";

export const discountOperations: ApiOperation[] = [
  {
    method: "post",
    path: "/discount-codes/validate",
    tag: "market",
    summary: "Check a discount code",
    access: "session",
    body: validateDiscountCodeRequest,
    success: json("The code", validDiscountResponse),
    rateLimited: true,
  },
  { method: "get", path: "/admin/discount-codes", tag: "operator", summary: "Discount codes", access: "operator", success: json("Codes") },
  {
    method: "post",
    path: "/admin/discount-codes",
    tag: "operator",
    summary: "Issue a discount code",
    access: "operator",
    body: discountCodeCreate,
    success: json("Issued", undefined, 201),
    errors: [409],
  },
  {
    method: "patch",
    path: "/admin/discount-codes/{id}",
    tag: "operator",
    summary: "Activate or deactivate a code",
    access: "operator",
    params: adminIdParam,
    body: discountCodeUpdate,
    success: json("The code", validDiscountResponse),
  },
];
