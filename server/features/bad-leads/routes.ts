// Bad-lead reports over HTTP (docs/decisions/013-bad-lead-refunds.md). The buyer's
// side: report a purchased lead, see one's reports. The operator's side: list, approve and
// reject, mounted by the admin API behind its token.
import { Router, type RequestHandler } from "express";
import { adminIdParam, adminReportsQuery, reportDecisionNote } from "../../../shared/admin";
import { reportBadLeadRequest, type MyBadLeadReport } from "../../../shared/bad-leads";
import { purchaseIdParam } from "../../../shared/pipeline";
import { allow, currentUser, pipelineOwnerId } from "../../platform/access/authorize";
import { parse } from "../../platform/http/validate";
import { adminReportList, approveReport, rejectReport, reportBadLead, reportsOfOwner, type ReportDeps } from "./service";

export function badLeadRoutes(deps: ReportDeps) {
  const router = Router();

  router.post("/lead-purchases/:id/report", allow("reportBadLead"), async (req, res) => {
    const { id } = parse(purchaseIdParam, req.params);
    const input = parse(reportBadLeadRequest, req.body ?? {});
    const report = await reportBadLead(deps, currentUser(req), id, input);
    res.status(201).json(report);
  });

  router.get("/bad-lead-reports/mine", allow("seeOwnBadLeadReports"), async (req, res) => {
    const rows = await reportsOfOwner(deps.db, pipelineOwnerId(currentUser(req)));
    const reports: MyBadLeadReport[] = rows.map((r) => ({ ...r, decidedAt: r.decidedAt?.toISOString() ?? null, createdAt: r.createdAt.toISOString() }));
    res.set("Cache-Control", "no-store");
    res.json(reports);
  });

  return router;
}

/** `operator` is the admin API's bearer-token guard. */
export function operatorReportRoutes(deps: ReportDeps, operator: RequestHandler) {
  // Mounted at /api/admin, inside the operator's router (server/app.ts): the paths below are relative to it.
  const router = Router();

  router.get("/reports", operator, async (req, res) => {
    res.json(await adminReportList(deps.db, parse(adminReportsQuery, req.query)));
  });

  router.post("/reports/:id/approve", operator, async (req, res) => {
    const { id } = parse(adminIdParam, req.params);
    res.json(await approveReport(deps, id, parse(reportDecisionNote, req.body ?? {})));
  });

  router.post("/reports/:id/reject", operator, async (req, res) => {
    const { id } = parse(adminIdParam, req.params);
    res.json(await rejectReport(deps, id, parse(reportDecisionNote, req.body ?? {})));
  });

  return router;
}
