// GET/POST /api/team, DELETE /api/team/:id: the Team Management dialog's calls.
import { Router } from "express";
import { canManageTeam, teamMemberCreateRequest, teamMemberIdParam } from "../../shared/auth";
import { currentUser, requireRole } from "../auth/authorize";
import type { Db } from "../db/client";
import { forbidden } from "../http/errors";
import { parse } from "../http/validate";
import { addMember, removeMember, teamOf } from "./service";

export function teamRoutes(db: Db) {
  const router = Router();
  // Owners: providers and the super admin (whose dashboard is the provider's plus more).
  const owners = requireRole("provider", "super_admin");
  const owner = (req: Parameters<typeof currentUser>[0]) => {
    const user = currentUser(req);
    if (!canManageTeam(user)) throw forbidden();
    return user;
  };

  router.get("/team", owners, async (req, res) => {
    res.json(await teamOf(db, owner(req)));
  });

  router.post("/team", owners, async (req, res) => {
    const user = owner(req);
    const input = parse(teamMemberCreateRequest, req.body ?? {});
    res.status(201).json(await addMember(db, user, input));
  });

  router.delete("/team/:id", owners, async (req, res) => {
    const user = owner(req);
    const { id } = parse(teamMemberIdParam, req.params);
    await removeMember(db, user, id);
    res.status(204).end();
  });

  return router;
}
