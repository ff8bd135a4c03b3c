// The authorization matrix's rows of messages/'s routes (docs/decisions/010, 081-notices-on-the-dashboard.md):
// every dashboard user reads and dismisses their own notices; a customer 403. A notice of
// `provider`'s dismissed by anyone else is left as it is, and the answer is the same 204.
import { dashboardNotices } from "../../../../shared/schema";
import { pipelineUsers, type MatrixFixtures, type MatrixPart } from "../../../test/authorization-routes";

/** A fresh open notice of `provider`'s, and its dismiss path. */
async function providersNotice(fx: MatrixFixtures) {
  const [row] = await fx.db
    .insert(dashboardNotices)
    .values({ userId: fx.users.provider.id, event: `matrix:${Math.random()}`, title: "Lost: missed promise", body: "Matrix notice" })
    .returning({ id: dashboardNotices.id });
  return `/api/notices/${row!.id}/dismiss`;
}

export const noticeMatrix: MatrixPart = {
  rows: [
    { method: "get", path: "/api/notices", expect: pipelineUsers(200) },
    { method: "post", path: providersNotice, body: {}, expect: pipelineUsers(204) },
    { method: "post", path: "/api/notices/x/dismiss", body: {}, expect: pipelineUsers(400) },
  ],
};
