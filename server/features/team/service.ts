// A provider owner's team (docs/decisions/010): members log in like anyone else and work the owner's
// pipeline (authorize.ts pipelineOwnerId). Owners see and remove only their own members.
import type { CurrentUser, TeamMember, TeamMemberCreateRequest, TeamSharing } from "../../../shared/auth";
import { createAccount } from "../../core/accounts";
import type { Db } from "../../platform/db/client";
import { notFound } from "../../platform/http/errors";
import { deleteMember, listMembers, setTeamSeesLeadSpend } from "./repo";

export const TEAM_MESSAGES = { memberNotFound: "Team member not found" } as const;

export function teamOf(db: Db, owner: CurrentUser) {
  return listMembers(db, owner.id);
}

export async function addMember(db: Db, owner: CurrentUser, input: TeamMemberCreateRequest): Promise<TeamMember> {
  const member = await createAccount(db, {
    username: input.username,
    email: input.email,
    password: input.password,
    firstName: input.firstName,
    lastName: input.lastName,
    phone: input.phone ?? null,
    userType: "team_member",
    teamOwnerId: owner.id,
    companyName: owner.companyName,
    isVerified: true,
  });
  const { id, username, email, firstName, lastName, isActive } = member;
  return { id, username, email, firstName, lastName, isActive };
}

/**
 * Removing a member deletes the account; its sessions go with it (sessions.user_id cascades),
 * so the member is signed out at once. Someone else's member is "not found" (docs/runtime.md section 3).
 */
export async function removeMember(db: Db, owner: CurrentUser, memberId: number) {
  if (!(await deleteMember(db, owner.id, memberId))) throw notFound(TEAM_MESSAGES.memberNotFound);
}

/**
 * The owner lets the team see lead spend, tax invoices and Insights, or keeps them private
 * (docs/decisions/087-lead-spend-private-from-the-team.md). Members' next request reads it with their session.
 */
export async function shareWithTeam(db: Db, owner: CurrentUser, choice: TeamSharing, now: Date): Promise<TeamSharing> {
  await setTeamSeesLeadSpend(db, owner.id, choice.teamSeesLeadSpend, now);
  return { teamSeesLeadSpend: choice.teamSeesLeadSpend };
}
