// The authorization matrix's rows of team/'s routes (docs/decisions/010): each route × each kind of
// caller → the status expected. server/features/auth/authorization-matrix.test.ts walks every feature's rows.
import { createUser } from "../../../setup/factories";
import { cookie, ownersOnly, type MatrixPart, type MatrixFixtures } from "../../../test/authorization-routes";

/** A fresh team member of `owner` (by default `provider`, whose team `teamMember` is on). */
async function memberOfProvider(fx: MatrixFixtures, owner: "provider" | "otherProvider" = "provider") {
  return (await createUser(fx.db, { userType: "team_member", teamOwnerId: fx.users[owner].id })).id;
}

export const teamMatrix: MatrixPart = {
  rows: [
    { method: "get", path: "/api/team", expect: ownersOnly(200) },
    {
      method: "post",
      path: "/api/team",
      body: (fx: MatrixFixtures) => {
        const u = fx.unique();
        return { firstName: "New", lastName: "Member", username: `nm_${u}`, email: `nm_${u}@example.com`, password: "secret123" };
      },
      expect: ownersOnly(201),
    },
    // The owner's switch (docs/decisions/087-lead-spend-private-from-the-team.md): owners only, a member is refused.
    { method: "put", path: "/api/team/sharing", body: { teamSeesLeadSpend: false }, expect: ownersOnly(200) },
    // A member of `provider`: only that owner removes it; anyone else's lookup is "not found".
    { method: "delete", path: async (fx: MatrixFixtures) => `/api/team/${await memberOfProvider(fx)}`, expect: ownersOnly(204, 404, 404) },
    // Another provider's member: `teamMember` may not manage a team at all, `provider` cannot see it.
    {
      method: "delete",
      path: async (fx: MatrixFixtures) => `/api/team/${await memberOfProvider(fx, "otherProvider")}`,
      expect: cookie({ customer: 403, provider: 404, teamMember: 403, otherProvider: 204, superAdmin: 404 }),
    },
  ],
};
