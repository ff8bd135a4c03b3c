// The authorization matrix's rows of insights/'s routes (docs/decisions/010): each route × each kind of
// caller → the status expected. server/features/auth/authorization-matrix.test.ts walks every feature's rows.
import { cookie, leadSpenders, withLeadSpendShared, type MatrixPart } from "../../../test/authorization-routes";

const NOVEMBER = "/api/insights?from=2026-11-01&to=2026-11-30";

export const insightsMatrix: MatrixPart = {
  rows: [
    // docs/decisions/067-insights.md: whoever works a pipeline; the figures are scoped by the service. A team
    // member only when their owner shares lead spend (docs/decisions/087-lead-spend-private-from-the-team.md).
    { method: "get", path: withLeadSpendShared(false, NOVEMBER), expect: leadSpenders(200, false) },
    { method: "get", path: withLeadSpendShared(true, NOVEMBER), expect: leadSpenders(200, true) },
    // A reversed period is refused before anything is read (every pipeline user sees the same 400).
    {
      method: "get",
      path: withLeadSpendShared(true, "/api/insights?from=2026-11-30&to=2026-11-01"),
      expect: cookie({ customer: 403, provider: 400, teamMember: 400, otherProvider: 400, superAdmin: 400 }),
    },
  ],
};
