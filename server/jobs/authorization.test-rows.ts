// The authorization matrix's rows of jobs/'s routes (docs/decisions/010): each route × each kind of
// caller → the status expected. server/auth/authorization-matrix.test.ts walks every feature's rows.
import { createLead } from "../db/factories";
import { everyone, type MatrixPart } from "../test/authorization-routes";
import { createJobLink } from "./links";

export const jobMatrix: MatrixPart = {
  rows: [
    // The customer's job page (docs/decisions/044): the token is the only key, a session opens nothing more.
    { method: "get", path: `/api/jobs/${"m".repeat(32)}`, expect: everyone(404) },
    {
      method: "get",
      path: async (fx) => `/api${(await createJobLink(fx.db, (await createLead(fx.db)).id, new Date())).replace(/^\/job\//, "/jobs/")}`,
      expect: everyone(200),
    },
    // The customer's actions (docs/decisions/049): the token alone; a fresh request on sale per cell.
    {
      method: "post",
      path: async (fx) => `/api${(await createJobLink(fx.db, (await createLead(fx.db)).id, new Date())).replace(/^\/job\//, "/jobs/")}/close`,
      body: { reason: "found_someone" },
      expect: everyone(200),
    },
    // Not sold, so nothing to report: the same 409 for every caller; an unknown token is 404 for all.
    {
      method: "post",
      path: async (fx) => `/api${(await createJobLink(fx.db, (await createLead(fx.db)).id, new Date())).replace(/^\/job\//, "/jobs/")}/not-contacted`,
      body: {},
      expect: everyone(409),
    },
    { method: "post", path: `/api/jobs/${"m".repeat(32)}/not-contacted`, body: {}, expect: everyone(404) },
    // Lost the link: the same answer for every caller and every mobile; a code nobody was sent is wrong for all.
    { method: "post", path: "/api/jobs/lookup", body: { phone: "0412 345 678" }, expect: everyone(202) },
    { method: "post", path: "/api/jobs/lookup/verify", body: { phone: "0412 345 678", code: "123456" }, expect: everyone(400) },
  ],
  outsideThePolicy: [
    "GET /api/jobs/:token",
    "POST /api/jobs/lookup",
    "POST /api/jobs/lookup/verify",
    "POST /api/jobs/:token/not-contacted",
    "POST /api/jobs/:token/close",
  ],
};
