// POST /api/provider-callbacks: a prospective electrician asks to be phoned (docs/product.md
// sections 1 and 7). Stored as pending; the admin moves the status (docs/product.md section 11).
import { Router, type RequestHandler } from "express";
import { callbackRequestSchema } from "../../../shared/callbacks";
import type { Db } from "../../platform/db/client";
import { parse } from "../../platform/http/validate";
import { isHoneypotFilled } from "../../platform/http/honeypot";
import { requestCallback } from "./service";

export function callbackRoutes(db: Db, deps: { limiter: RequestHandler; now: () => Date }) {
  // Mounted at /api/provider-callbacks (server/app.ts): the paths below are relative to it.
  const router = Router();
  router.post("/", deps.limiter, async (req, res) => {
    if (isHoneypotFilled(req.body)) {
      req.log.info("callback honeypot filled; discarded");
      res.status(201).json({ status: "pending" });
      return;
    }
    const { website: _honeypot, ...request } = parse(callbackRequestSchema, req.body ?? {});
    await requestCallback(db, request, deps.now());
    // Nothing of the request is echoed back.
    res.status(201).json({ status: "pending" });
  });
  return router;
}
