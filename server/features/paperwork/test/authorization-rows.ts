// The authorization matrix's rows of paperwork/'s routes (docs/decisions/010, 105-paperwork-on-the-card.md):
// each route × each kind of caller → the status expected. server/features/auth/authorization-matrix.test.ts
// walks every feature's rows.
import { createLead, createPurchase } from "../../../setup/factories";
import { createJobLink } from "../../../core/job-links";
import { cookie, everyone, providersPurchase, type MatrixFixtures, type MatrixPart } from "../../../test/authorization-routes";

/** A fresh sold job of `provider` with no certificate issued, and its job API path. */
async function jobOf(fx: MatrixFixtures) {
  const lead = await createLead(fx.db, { status: "sold" });
  await createPurchase(fx.db, fx.users.provider.id, { purchase: { leadId: lead.id } });
  return `/api${(await createJobLink(fx.db, lead.id, new Date())).replace(/^\/job\//, "/jobs/")}`;
}

const purchasePath = (rest: string) => async (fx: Parameters<typeof providersPurchase>[0]) =>
  `/api/lead-purchases/${(await providersPurchase(fx)).purchaseId}/${rest}`;

export const paperworkMatrix: MatrixPart = {
  rows: [
    // The buyer's side and the super admin; a stranger's job is "not found".
    {
      method: "get",
      path: purchasePath("paperwork"),
      expect: cookie({ customer: 403, provider: 200, teamMember: 200, otherProvider: 404, superAdmin: 200 }),
    },
    // A fresh purchase each cell: version 0, nothing marked (a NSW job takes no marks it may not).
    {
      method: "put",
      path: purchasePath("paperwork"),
      body: { version: 0, marks: [], completion: null, energised: null },
      expect: cookie({ customer: 403, provider: 200, teamMember: 200, otherProvider: 404, superAdmin: 200 }),
    },
    // The factory's job is in NSW: no Queensland certificate to issue (409) for those who may.
    {
      method: "post",
      path: purchasePath("paperwork/qld_certificate/issue"),
      body: { version: 0 },
      expect: cookie({ customer: 403, provider: 409, teamMember: 409, otherProvider: 404, superAdmin: 409 }),
    },
    // Every NSW job needs the CCEW: it may be recorded lodged before the tests are recorded here.
    {
      method: "post",
      path: purchasePath("paperwork/nsw_ccew/lodged"),
      body: { version: 0, reference: "CCEW-1" },
      expect: cookie({ customer: 403, provider: 200, teamMember: 200, otherProvider: 404, superAdmin: 200 }),
    },
    {
      method: "get",
      path: purchasePath("paperwork/qld_certificate/pdf"),
      expect: cookie({ customer: 403, provider: 404, teamMember: 404, otherProvider: 404, superAdmin: 404 }),
    },
    // No form uploaded yet: nothing to read or send (404, 409) for those who may.
    {
      method: "get",
      path: purchasePath("paperwork/nsw_ccew/form/pdf"),
      expect: cookie({ customer: 403, provider: 404, teamMember: 404, otherProvider: 404, superAdmin: 404 }),
    },
    {
      method: "post",
      path: purchasePath("paperwork/nsw_ccew/send"),
      body: { version: 0, to: ["ccew@example.com"] },
      expect: cookie({ customer: 403, provider: 409, teamMember: 409, otherProvider: 404, superAdmin: 409 }),
    },
    // A JSON body is not a multipart upload (415) for those who may; a stranger is stopped before the body is read.
    {
      method: "put",
      path: purchasePath("paperwork/nsw_ccew/form"),
      body: { file: "not a file" },
      expect: cookie({ customer: 403, provider: 415, teamMember: 415, otherProvider: 404, superAdmin: 415 }),
    },
    {
      method: "get",
      path: purchasePath("test-report/pdf"),
      expect: cookie({ customer: 403, provider: 409, teamMember: 409, otherProvider: 404, superAdmin: 409 }),
    },
    // The customer's copy: the job link and a code to the mobile are the only keys; nothing issued yet is "not found" for everyone.
    { method: "post", path: async (fx) => `${await jobOf(fx)}/certificate-code`, body: {}, expect: everyone(404) },
    { method: "post", path: async (fx) => `${await jobOf(fx)}/certificates/qld_certificate`, body: { code: "123456" }, expect: everyone(404) },
  ],
  outsideThePolicy: ["POST /api/jobs/:token/certificate-code", "POST /api/jobs/:token/certificates/:document"],
};
