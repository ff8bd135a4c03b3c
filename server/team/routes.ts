// GET/POST /api/team, DELETE /api/team/:id: the Team Management dialog's calls.
import { Router } from "express";
import { teamMemberCreateRequest, teamMemberIdParam } from "../../shared/auth";
import { allow, currentUser } from "../auth";
import type { Db } from "../db/client";
import { parse } from "../http/validate";
import { addMember, removeMember, teamOf } from "./service";

export function teamRoutes(db: Db) {
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

  router.delete("/:id", owners, async (req, res) => {
    const user = currentUser(req);
    const { id } = parse(teamMemberIdParam, req.params);
    await removeMember(db, user, id);
    res.status(204).end();
  });

  return router;
}
