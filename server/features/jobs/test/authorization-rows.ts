// The authorization matrix's rows of jobs/'s routes (docs/decisions/010): each route × each kind of
// caller → the status expected. server/features/auth/authorization-matrix.test.ts walks every feature's rows.
import { createLead } from "../../../setup/factories";
import { everyone, type MatrixFixtures, type MatrixPart } from "../../../test/authorization-routes";
import { createPhoto, fixture } from "../../../test/photos";
import { createJobLink } from "../../../core/job-links";

/** A fresh market lead's job API path, /api/jobs/<token>, and the lead's id. */
async function jobApi(fx: MatrixFixtures) {
  const lead = await createLead(fx.db);
  return { leadId: lead.id, path: `/api${(await createJobLink(fx.db, lead.id, new Date())).replace(/^\/job\//, "/jobs/")}` };
}

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
    // The customer's photos (docs/decisions/050-photos.md): the token is the only key for adding, removing and seeing them.
    {
      method: "post",
      path: async (fx) => `${(await jobApi(fx)).path}/photos`,
      file: { name: "switchboard.png", bytes: fixture("switchboard.png") },
      expect: everyone(201),
    },
    {
      method: "delete",
      path: async (fx) => {
        const job = await jobApi(fx);
        return `${job.path}/photos/${await createPhoto(fx.db, { leadId: job.leadId })}`;
      },
      expect: everyone(204),
    },
    {
      method: "get",
      path: async (fx) => {
        const job = await jobApi(fx);
        return `${job.path}/photos/${await createPhoto(fx.db, { leadId: job.leadId })}/full`;
      },
      expect: everyone(200),
    },
    {
      method: "get",
      path: async (fx) => `/api/jobs/${"m".repeat(32)}/photos/${await createPhoto(fx.db, { leadId: (await jobApi(fx)).leadId })}/full`,
      expect: everyone(404),
    },
  ],
  outsideThePolicy: [
    "GET /api/jobs/:token",
    "POST /api/jobs/lookup",
    "POST /api/jobs/lookup/verify",
    "POST /api/jobs/:token/photos",
    "DELETE /api/jobs/:token/photos/:photoId",
    "GET /api/jobs/:token/photos/:photoId/:variant",
    "POST /api/jobs/:token/not-contacted",
    "POST /api/jobs/:token/close",
  ],
};
