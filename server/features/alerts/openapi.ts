// The OpenAPI operations of alerts/'s routes (docs/decisions/026-openapi-document.md): the shared/
// schemas the routes parse with. server/platform/openapi/document.ts puts every feature's list together.
import { messageResponse } from "../../../shared/responses";
import { alertDevice, alertPreferences, alertSettings, deviceCreateRequest, deviceIdParam, unsubscribeBody, unsubscribeQuery } from "../../../shared/alerts";
import { json, type ApiOperation } from "../../platform/openapi/operation";

export const alertOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/alerts/settings",
    tag: "alerts",
    summary: "Push availability, the VAPID key, preferences and devices",
    access: "session",
    success: json("Settings", alertSettings),
  },
  {
    method: "put",
    path: "/alerts/preferences",
    tag: "alerts",
    summary: "Save alert preferences",
    access: "session",
    body: alertPreferences,
    success: json("Saved", alertPreferences),
  },
  {
    method: "post",
    path: "/alerts/devices",
    tag: "alerts",
    summary: "Add (or refresh) this browser's push subscription",
    access: "session",
    body: deviceCreateRequest,
    success: json("Added", alertDevice, 201),
    // 409: already at MAX_DEVICES_PER_USER (server/core/alerts/endpoints.ts).
    errors: [409, 503],
  },
  {
    method: "delete",
    path: "/alerts/devices/{id}",
    tag: "alerts",
    summary: "Remove a device",
    access: "session",
    params: deviceIdParam,
    success: { status: 204, description: "Removed" },
  },
  {
    method: "post",
    path: "/alerts/unsubscribe",
    tag: "alerts",
    summary: "One-click unsubscribe from alert e-mails (RFC 8058; the signed token is the credential)",
    access: "public",
    query: unsubscribeQuery,
    body: unsubscribeBody,
    success: json("E-mail alerts off", messageResponse),
  },
];
