// The authorization matrix's rows of insights/'s routes (docs/decisions/010): each route × each kind of
// caller → the status expected. server/auth/authorization-matrix.test.ts walks every feature's rows.
import { cookie, pipelineUsers, type MatrixPart } from "../test/authorization-routes";

export const insightsMatrix: MatrixPart = {
  rows: [
    // docs/decisions/067-insights.md: whoever works a pipeline; the figures are scoped by the service.
    { method: "get", path: "/api/insights?from=2026-11-01&to=2026-11-30", expect: pipelineUsers(200) },
    // A reversed period is refused before anything is read (every pipeline user sees the same 400).
    {
      method: "get",
      path: "/api/insights?from=2026-11-30&to=2026-11-01",
      expect: cookie({ customer: 403, provider: 400, teamMember: 400, otherProvider: 400, superAdmin: 400 }),
    },
  ],
};
