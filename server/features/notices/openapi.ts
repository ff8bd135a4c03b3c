// The OpenAPI operations of messages/'s routes (docs/decisions/026-openapi-document.md, 081-notices-on-the-dashboard.md).
import { z } from "zod";
import { dashboardNoticeSchema, noticeIdParam } from "../../../shared/notices";
import { json, type ApiOperation } from "../../platform/openapi/operation";

const tag = "notices";

export const noticeOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/notices",
    tag,
    summary: "The signed-in person's notices not yet dismissed (a job lost, an order paused, an auto-buy), newest first, at most 20",
    access: "session",
    success: json("The notices", z.array(dashboardNoticeSchema)),
  },
  {
    method: "post",
    path: "/notices/{id}/dismiss",
    tag,
    summary: "Dismisses one of the signed-in person's notices; another person's, or one already dismissed, is left as it is",
    access: "session",
    params: noticeIdParam,
    success: { status: 204, description: "Dismissed" },
  },
];
