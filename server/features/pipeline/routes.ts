// Thin HTTP layer of the provider CRM (docs/decisions/012).
import { Router, type RequestHandler } from "express";
import { onMyWayRequest } from "../../../shared/customer-updates";
import { exportRangeQuery } from "../../../shared/export-range";
import { contactAttemptRequest } from "../../../shared/jobs";
import { leadIdParam } from "../../../shared/marketplace";
import { editJobDetails, manualLeadRequest, purchaseIdParam, salesStageUpdate } from "../../../shared/pipeline";
import { pipelineOrder } from "../../../shared/follow-ups";
import { purchaseAssignment } from "../../../shared/pipeline-jobs";
import { can } from "../../../shared/policy";
import { allow, currentUser, pipelineOwnerId } from "../../platform/access/authorize";
import type { Db } from "../../platform/db/client";
import type { MarketEvents } from "../../platform/events";
import { parse } from "../../platform/http/validate";
import { exportRowsWithContact, logContactAttempt, pipelineRowsOf, type PipelineReaders } from "./contact";
import { addCalendarFeedRoutes } from "./calendar-feed-routes";
import { exportFileName, purchasesToCsv } from "./csv";
import { sendOnMyWay, type CustomerUpdates } from "./customer-updates";
import { assignPurchase, followUps, jobCalendar } from "./jobs";
import { createManualLead, type CreateLead } from "./manual-lead";
import { archiveOwnPurchase, changeSalesStage, editJob, purchaseHistory, releaseToMarket } from "./service";

export interface PipelineDeps extends PipelineReaders {
  /** Adding a lead by hand goes through the quote intake's own path (docs/product.md section 11). */
  createLead: CreateLead;
  db: Db;
  now: () => Date;
  events: MarketEvents;
  maxStartingPrice: string;
  promiseMinutes: number;
  /** The booking and "On my way" SMS to the customer (docs/decisions/049, "Keeping the customer informed"). */
  customer: CustomerUpdates;
  /** The calendar feed's public route's per-IP limit (docs/decisions/049, "The calendar feed"). */
  feedLimiter: RequestHandler;
}

export function pipelineRoutes(deps: PipelineDeps) {
  const { db, now, events, maxStartingPrice, promiseMinutes, customer } = deps;
  const router = Router();
  const pipelineUsers = allow("usePipeline");
  const release = allow("releasePurchase");

  // "My purchases": one list under two paths (docs/product.md section 7).
  const myPurchases: RequestHandler = async (req, res) => {
    const user = currentUser(req);
    // Each row with its contact promise (docs/decisions/045).
    const rows = await pipelineRowsOf(db, pipelineOwnerId(user), promiseMinutes, now(), deps);
    res.set("Cache-Control", "no-store");
    // Assigned to the viewer first, then follow-ups due, then newest (decision 031).
    res.json(pipelineOrder(rows, user.id, now()));
  };
  router.get("/my-purchased-leads", pipelineUsers, myPurchases);
  router.get("/lead-purchases", pipelineUsers, myPurchases);

  router.patch("/lead-purchases/:id/sales-stage", pipelineUsers, async (req, res) => {
    const { id } = parse(purchaseIdParam, req.params);
    const update = parse(salesStageUpdate, req.body ?? {});
    res.json(await changeSalesStage(db, currentUser(req), id, update, now(), customer));
  });

  router.patch("/leads/:id", pipelineUsers, async (req, res) => {
    const { id } = parse(leadIdParam, req.params);
    const fields = parse(editJobDetails, req.body ?? {});
    res.json(await editJob(db, currentUser(req), id, fields, now()));
  });

  router.post("/lead-purchases/:id/archive", allow("archivePurchase"), async (req, res) => {
    const { id } = parse(purchaseIdParam, req.params);
    res.json(await archiveOwnPurchase(db, currentUser(req), id, now()));
  });

  router.post("/lead-purchases/:id/unpurchase", release, async (req, res) => {
    const { id } = parse(purchaseIdParam, req.params);
    res.json(await releaseToMarket({ db, events }, currentUser(req), id, "unpurchased", now()));
  });

  router.post("/lead-purchases/:id/contact-to-lead", release, async (req, res) => {
    const { id } = parse(purchaseIdParam, req.params);
    res.json(await releaseToMarket({ db, events }, currentUser(req), id, "converted_to_lead", now()));
  });

  // Pipeline work (docs/decisions/031): assignment (owners only), the booked job's calendar file, follow-ups.
  router.patch("/lead-purchases/:id/assignee", allow("assignJobs"), async (req, res) => {
    const { id } = parse(purchaseIdParam, req.params);
    const change = parse(purchaseAssignment, req.body ?? {});
    res.json(await assignPurchase(db, currentUser(req), id, change, now()));
  });

  router.get("/lead-purchases/:id/calendar.ics", pipelineUsers, async (req, res) => {
    const { id } = parse(purchaseIdParam, req.params);
    const { ics, fileName } = await jobCalendar(db, currentUser(req), id, now());
    res.set("Cache-Control", "no-store");
    res.attachment(fileName);
    res.type("text/calendar; charset=utf-8").send(ics);
  });

  router.get("/lead-purchases/follow-ups", pipelineUsers, async (req, res) => {
    res.set("Cache-Control", "no-store");
    res.json(await followUps(db, currentUser(req), now()));
  });

  // The electrician logs a call, SMS, e-mail or visit to the customer (docs/decisions/045, "Logging contact").
  router.post("/lead-purchases/:id/contact-attempts", pipelineUsers, async (req, res) => {
    const { id } = parse(purchaseIdParam, req.params);
    const attempt = parse(contactAttemptRequest, req.body ?? {});
    res.status(201).json(await logContactAttempt(db, currentUser(req), id, attempt, now()));
  });

  // "On my way" with an ETA: one SMS to the customer per job per 10 minutes (docs/decisions/049).
  router.post("/lead-purchases/:id/on-my-way", pipelineUsers, async (req, res) => {
    const { id } = parse(purchaseIdParam, req.params);
    const input = parse(onMyWayRequest, req.body ?? {});
    res.json(await sendOnMyWay(db, customer, currentUser(req), id, input, now()));
  });

  addCalendarFeedRoutes(router, { db, now, origin: customer.settings.origin, limiter: deps.feedLimiter });

  router.get("/lead-purchases/:id/history", pipelineUsers, async (req, res) => {
    const { id } = parse(purchaseIdParam, req.params);
    res.set("Cache-Control", "no-store");
    res.json(await purchaseHistory(db, currentUser(req), id));
  });

  router.post("/leads/manual", allow("addManualLead"), async (req, res) => {
    const input = parse(manualLeadRequest, req.body ?? {});
    res.status(201).json(await createManualLead({ db, events, maxStartingPrice, createLead: deps.createLead }, currentUser(req), input, now()));
  });

  router.get("/my-purchased-leads/export.csv", pipelineUsers, async (req, res) => {
    const range = parse(exportRangeQuery, req.query);
    const documents = deps.documents && { read: deps.documents, now: now() };
    const rows = await exportRowsWithContact(db, pipelineOwnerId(currentUser(req)), range, promiseMinutes, documents);
    res.set("Cache-Control", "no-store");
    res.attachment(exportFileName(now()));
    res.type("text/csv; charset=utf-8").send(purchasesToCsv(rows, { leadFees: can(currentUser(req), "seeLeadSpend") }));
  });

  return router;
}
