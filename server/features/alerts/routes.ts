// The Alerts dialog's calls and the e-mail's one-click unsubscribe (docs/decisions/029; the HTTP
// contract is docs/decisions/029-new-lead-alerts.md).
import express, { Router } from "express";
import {
  ALERT_MESSAGES,
  alertPreferences,
  type AlertSettings,
  deviceCreateRequest,
  deviceIdParam,
  unsubscribeBody,
  unsubscribeQuery,
} from "../../../shared/alerts";
import { allow, currentUser } from "../../platform/access/authorize";
import type { Config } from "../../platform/config";
import type { Db } from "../../platform/db/client";
import { AppError } from "../../platform/http/errors";
import { parse } from "../../platform/http/validate";
import { ENDPOINT_MESSAGES, isAllowedPushEndpoint, verifyUnsubscribeToken } from "../../core/alerts";
import { addDevice, deleteDevice, devicesOf, preferencesOf, savePreferences, turnEmailOff } from "./settings-service";
import type { VapidSource } from "../../core/alerts";

export interface AlertRouteDeps {
  db: Db;
  config: Pick<Config, "sessionSecret" | "isProduction">;
  vapid: VapidSource;
  now: () => Date;
}

export function alertRoutes({ db, config, vapid, now }: AlertRouteDeps) {
  // Mounted at /api/alerts (server/app.ts): the paths below are relative to it.
  const router = Router();
  const alerted = allow("receiveLeadAlerts");

  router.get("/settings", alerted, async (req, res) => {
    const user = currentUser(req);
    const keys = await vapid();
    const settings: AlertSettings = {
      pushAvailable: keys !== null,
      vapidPublicKey: keys?.publicKey ?? null,
      preferences: await preferencesOf(db, user.id),
      devices: await devicesOf(db, user.id),
    };
    res.json(settings);
  });

  router.put("/preferences", alerted, async (req, res) => {
    const user = currentUser(req);
    const input = parse(alertPreferences, req.body ?? {});
    res.json(await savePreferences(db, user.id, input, now()));
  });

  router.post("/devices", alerted, async (req, res) => {
    const user = currentUser(req);
    const input = parse(deviceCreateRequest, req.body ?? {});
    if (!(await vapid())) throw new AppError(503, ALERT_MESSAGES.pushOff);
    // In production only the real push services (server/core/alerts/endpoints.ts): the sender posts to this URL.
    if (!isAllowedPushEndpoint(input.subscription.endpoint, config.isProduction)) {
      throw new AppError(400, ENDPOINT_MESSAGES.notPushService, { "subscription.endpoint": ENDPOINT_MESSAGES.notPushService });
    }
    res.status(201).json(await addDevice(db, user.id, input, now()));
  });

  router.delete("/devices/:id", alerted, async (req, res) => {
    const user = currentUser(req);
    const { id } = parse(deviceIdParam, req.params);
    if (!(await deleteDevice(db, user.id, id))) throw new AppError(404, ALERT_MESSAGES.deviceNotFound);
    res.status(204).end();
  });

  // RFC 8058 one-click: mail clients POST `List-Unsubscribe=One-Click` as a form, without an
  // Origin (server/platform/http/csrf.ts lets this path through: the signed token is the credential).
  // A GET never unsubscribes: link scanners fetch every link in a message.
  router.post("/unsubscribe", express.urlencoded({ extended: false, limit: "2kb" }), async (req, res) => {
    const query = parse(unsubscribeQuery, req.query);
    const body = parse(unsubscribeBody, req.body ?? {});
    const token = query.token ?? body.token;
    const userId = token ? verifyUnsubscribeToken(config.sessionSecret, token) : null;
    if (userId === null) throw new AppError(400, ALERT_MESSAGES.badToken);
    await turnEmailOff(db, userId, now());
    res.json({ message: ALERT_MESSAGES.unsubscribed });
  });

  return router;
}
