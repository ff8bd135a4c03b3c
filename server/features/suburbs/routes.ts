import { Router } from "express";
import { suburbSearchQuery } from "../../../shared/suburbs";
import type { Db } from "../../platform/db/client";
import { parse } from "../../platform/http/validate";
import { searchSuburbs } from "../../core/suburbs";

export function suburbRoutes(db: Db) {
  // Mounted at /api/suburbs (server/app.ts): the paths below are relative to it.
  const router = Router();
  router.get("/", async (req, res) => {
    const { q } = parse(suburbSearchQuery, req.query);
    // Public, identical for everyone and rarely changing: let the browser keep it briefly.
    res.set("Cache-Control", "public, max-age=300");
    res.json(await searchSuburbs(db, q));
  });
  return router;
}
