// GET /api/invitations/:token: the public read of an approved callback's sign-up link, for
// the sign-up form's prefill (docs/decisions/014-invitation-links.md).
import { Router } from "express";
import { INVITATION_MESSAGES, invitationTokenParam } from "../../../shared/admin";
import type { Db } from "../../platform/db/client";
import { notFound } from "../../platform/http/errors";
import { invitationPrefill } from "../../core/invitations";

export function invitationRoutes(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps;
  // Mounted at /api/invitations (server/app.ts): the paths below are relative to it.
  const router = Router();

  router.get("/:token", async (req, res) => {
    const parsed = invitationTokenParam.safeParse(req.params);
    if (!parsed.success) throw notFound(INVITATION_MESSAGES.invalid);
    res.set("Cache-Control", "no-store");
    res.json(await invitationPrefill(db, parsed.data.token, now()));
  });

  return router;
}
