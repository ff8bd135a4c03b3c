// "Customer unreachable" over HTTP (docs/decisions/049-missed-promises-and-refunds.md): the buyer's
// claim from the pipeline card, and the customer's answer from their job page. Thin: parse, service.
import { Router, type RequestHandler } from "express";
import { jobTokenParam, stillNeedRequest } from "../../../shared/jobs";
import { purchaseIdParam } from "../../../shared/pipeline";
import { allow, currentUser } from "../../platform/access/authorize";
import { parse } from "../../platform/http/validate";
import { jobApiHeaders } from "../../platform/http/job-page-privacy";
import { answerStillNeed, type StillNeedDeps } from "./still-need";
import { claimUnreachable, type UnreachableDeps } from "./unreachable";

/** Whatever the routes queue for the outbox goes at once when the worker is woken. */
type WithWake<T> = T & { wake?: () => void };

export function unreachableRoutes(deps: WithWake<UnreachableDeps>) {
  const router = Router();
  // Whoever may log a contact attempt may claim (docs/decisions/045, "Who may log").
  router.post("/lead-purchases/:id/unreachable", allow("usePipeline"), async (req, res) => {
    const { id } = parse(purchaseIdParam, req.params);
    const answer = await claimUnreachable(deps, currentUser(req), id);
    deps.wake?.();
    res.json(answer);
  });
  return router;
}

export function stillNeedRoutes(deps: WithWake<StillNeedDeps> & { limiter: RequestHandler }) {
  // Mounted at /api/jobs beside the job page's own routes (server/app.ts): the paths below are relative to it.
  const router = Router();
  router.use(jobApiHeaders);
  router.post("/:token/still-need", deps.limiter, async (req, res) => {
    // Any token, even one too long to be real, is looked up as an unknown one: the job page's 404.
    const token = jobTokenParam.safeParse(req.params).data?.token ?? "";
    const input = parse(stillNeedRequest, req.body ?? {});
    const answer = await answerStillNeed(deps, token, input);
    deps.wake?.();
    res.json(answer);
  });
  return router;
}
