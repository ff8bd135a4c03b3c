// GET/POST /api/team, DELETE /api/team/:id: the Team Management dialog's calls.
import { Router } from "express";
import { teamMemberCreateRequest, teamMemberIdParam, teamSharingRequest } from "../../../shared/auth";
import { allow, currentUser } from "../../platform/access/authorize";
import type { Db } from "../../platform/db/client";
import { parse } from "../../platform/http/validate";
import { addMember, removeMember, shareWithTeam, teamOf } from "./service";

export function teamRoutes(db: Db, now: () => Date = () => new Date()) {
  // Mounted at /api/team (server/app.ts): the paths below are relative to it.
  const router = Router();
  const owners = allow("manageTeam");

  router.get("/", owners, async (req, res) => {
    res.json(await teamOf(db, currentUser(req)));
  });

  router.post("/", owners, async (req, res) => {
    const user = currentUser(req);
    const input = parse(teamMemberCreateRequest, req.body ?? {});
    res.status(201).json(await addMember(db, user, input));
  });

  // The owner's switch in Team Management (docs/decisions/087-lead-spend-private-from-the-team.md).
  router.put("/sharing", owners, async (req, res) => {
    const choice = parse(teamSharingRequest, req.body ?? {});
    res.json(await shareWithTeam(db, currentUser(req), choice, now()));
  });

  router.delete("/:id", owners, async (req, res) => {
    const user = currentUser(req);
    const { id } = parse(teamMemberIdParam, req.params);
    await removeMember(db, user, id);
    res.status(204).end();
  });

  return router;
}
