// Thin HTTP layer of the provider CRM (issue 6).
import { Router } from "express";
import { leadIdParam } from "../../shared/marketplace";
import { editJobDetails, manualLeadRequest, purchaseIdParam, salesStageUpdate } from "../../shared/pipeline";
import { currentUser, pipelineOwnerId, requireRole } from "../auth/authorize";
import type { Db } from "../db/client";
import { parse } from "../http/validate";
import { exportFileName, purchasesToCsv } from "./csv";
import { createManualLead } from "./manual-lead";
import { exportRowsOf } from "./repo";
import { archiveOwnPurchase, changeSalesStage, editJob, purchaseHistory, releaseToMarket } from "./service";

export function pipelineRoutes(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps;
  const router = Router();
  const pipelineUsers = requireRole("provider", "team_member", "super_admin");
  const superAdmin = requireRole("super_admin");

  router.patch("/lead-purchases/:id/sales-stage", pipelineUsers, async (req, res) => {
    const { id } = parse(purchaseIdParam, req.params);
    const update = parse(salesStageUpdate, req.body ?? {});
    res.json(await changeSalesStage(db, currentUser(req), id, update, now()));
  });

  router.patch("/leads/:id", pipelineUsers, async (req, res) => {
    const { id } = parse(leadIdParam, req.params);
    const fields = parse(editJobDetails, req.body ?? {});
    res.json(await editJob(db, currentUser(req), id, fields, now()));
  });

  router.post("/lead-purchases/:id/archive", pipelineUsers, async (req, res) => {
    const { id } = parse(purchaseIdParam, req.params);
    res.json(await archiveOwnPurchase(db, currentUser(req), id, now()));
  });

  router.post("/lead-purchases/:id/unpurchase", superAdmin, async (req, res) => {
    const { id } = parse(purchaseIdParam, req.params);
    res.json(await releaseToMarket(db, currentUser(req), id, "unpurchased", now()));
  });

  router.post("/lead-purchases/:id/contact-to-lead", superAdmin, async (req, res) => {
    const { id } = parse(purchaseIdParam, req.params);
    res.json(await releaseToMarket(db, currentUser(req), id, "converted_to_lead", now()));
  });

  router.get("/lead-purchases/:id/history", pipelineUsers, async (req, res) => {
    const { id } = parse(purchaseIdParam, req.params);
    res.set("Cache-Control", "no-store");
    res.json(await purchaseHistory(db, currentUser(req), id));
  });

  router.post("/leads/manual", pipelineUsers, async (req, res) => {
    const input = parse(manualLeadRequest, req.body ?? {});
    res.status(201).json(await createManualLead(db, currentUser(req), input, now()));
  });

  router.get("/my-purchased-leads/export.csv", pipelineUsers, async (req, res) => {
    const rows = await exportRowsOf(db, pipelineOwnerId(currentUser(req)));
    res.set("Cache-Control", "no-store");
    res.attachment(exportFileName(now()));
    res.type("text/csv; charset=utf-8").send(purchasesToCsv(rows));
  });

  return router;
}
