// The provider-facing and public side of issue 7: report a bad lead, see one's reports, and
// read an invitation's prefill for the sign-up form.
import { Router } from "express";
import { invitationTokenParam } from "../../shared/admin";
import { BAD_LEAD_MESSAGES, reportBadLeadRequest, type MyBadLeadReport } from "../../shared/bad-leads";
import { purchaseIdParam } from "../../shared/pipeline";
import { currentUser, pipelineOwnerId, requireRole, requireRoleSaying } from "../auth/authorize";
import { notFound } from "../http/errors";
import { parse } from "../http/validate";
import { INVITATION_MESSAGES } from "../../shared/admin";
import { invitationPrefill } from "./invitations";
import { reportsOfOwner } from "./reports-repo";
import { reportBadLead, type ReportDeps } from "./reports-service";

export function badLeadAndInvitationRoutes(deps: ReportDeps) {
  const { db, now } = deps;
  const router = Router();

  // Only the buyer reports: a provider, or the super admin for their own claims.
  const reporters = requireRoleSaying(["provider", "super_admin"], { team_member: BAD_LEAD_MESSAGES.teamCannot });
  router.post("/lead-purchases/:id/report", reporters, async (req, res) => {
    const { id } = parse(purchaseIdParam, req.params);
    const input = parse(reportBadLeadRequest, req.body ?? {});
    const report = await reportBadLead(deps, currentUser(req), id, input);
    res.status(201).json(report);
  });

  router.get("/bad-lead-reports/mine", requireRole("provider", "team_member", "super_admin"), async (req, res) => {
    const rows = await reportsOfOwner(db, pipelineOwnerId(currentUser(req)));
    const reports: MyBadLeadReport[] = rows.map((r) => ({ ...r, decidedAt: r.decidedAt?.toISOString() ?? null, createdAt: r.createdAt.toISOString() }));
    res.set("Cache-Control", "no-store");
    res.json(reports);
  });

  router.get("/invitations/:token", async (req, res) => {
    const parsed = invitationTokenParam.safeParse(req.params);
    if (!parsed.success) throw notFound(INVITATION_MESSAGES.invalid);
    res.set("Cache-Control", "no-store");
    res.json(await invitationPrefill(db, parsed.data.token, now()));
  });

  return router;
}
